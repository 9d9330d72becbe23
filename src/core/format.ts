/**
 * Number formats of the product (spec, screens price labels, the spec's entities number format). Grouping and decimals come from
 * `Intl.NumberFormat('es-VE')`: '.' for thousands, ',' for decimals, grouping from four digits on.
 */
import { MESSAGES } from './messages.ts';
import { parseAmount } from './parse.ts';

const formatters = new Map<number, Intl.NumberFormat>();

function esVE(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('es-VE', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: 'always',
    });
    formatters.set(decimals, formatter);
  }
  return formatter;
}

/** Parses a number from a number or a numeric string as the backend sends it; anything else is NaN. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim());
  return Number.NaN;
}

/**
 * Spec's price label. Numbers are used as numbers; strings are read as normalization reads them
 * (`parseAmount`, DESIGN.md: '$ 1.500.000' → 1500000, '2.500' → 2500, '150000.00' → 150000), which replaces
 * the spec's "strip every non-digit" (it made '150000.00' a 15.0M label).
 * ≥ 1,000,000 → one decimal + 'M' ('1.5M', '1.0M'); ≥ 1,000 → whole thousands, floored, + 'K' ('250K',
 * 999,999 → '999K', never '1000K'); else the plain integer. NaN, empty or non-finite → '0'. Negative values
 * keep their sign with the same rule applied to the magnitude.
 */
export function formatPriceLabel(value: number | string): string {
  const n = typeof value === 'string' ? parseAmount(value) : value;
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  if (abs >= 1_000_000) {
    // Floor to one decimal so 1,999,999 reads 1.9M, matching the K rule's flooring.
    return `${sign}${(Math.floor(abs / 100_000) / 10).toFixed(1)}M`;
  }
  if (abs >= 1_000) return `${sign}${Math.floor(abs / 1_000)}K`;
  return `${sign}${Math.floor(abs)}`;
}

/**
 * Spec's number format: '.' thousands, ',' decimals (1234567.891 → '1.234.567,89').
 * Zero or non-numeric input → '0' (spec, entities).
 */
export function formatNumber(value: unknown, decimals = 2): string {
  const n = toNumber(value);
  if (!Number.isFinite(n) || n === 0) return '0';
  const safeDecimals = Math.min(Math.max(Math.trunc(decimals), 0), 20);
  const text = esVE(safeDecimals).format(n);
  // Values that round to zero ('-0,00') are zero for the reader.
  return /^-?[0.,]+$/.test(text) ? '0' : text;
}

/** Popup and panel price: '$' prefix, thousands, no decimals ('$150.000'); unparseable → '$0'. */
export function formatPrice(value: unknown): string {
  return `$${formatNumber(value, 0)}`;
}

/** What follows a price: '/mes' for a rental (DESIGN.md: rentals show '/mes'), nothing for a sale. */
export function priceSuffix(operacion: string): string {
  return operacion === 'Alquiler' ? MESSAGES.card.perMonth : '';
}

/** A listing's price on cards and popups: '$150.000', a rental '$800/mes'. */
export function formatListingPrice(value: unknown, operacion: string): string {
  return `${formatPrice(value)}${priceSuffix(operacion)}`;
}

/** A listing's price label on the map (the spec's rule): '250K', a rental '800/mes'. */
export function formatListingPriceLabel(value: number | string, operacion: string): string {
  return `${formatPriceLabel(value)}${priceSuffix(operacion)}`;
}

/** Area in square metres ('120 m²'); unparseable → '0 m²'. */
export function formatArea(value: unknown): string {
  return `${formatNumber(value, 0)} m²`;
}

/** Circle drawing label: 'Distancia: 500 m' for whole metres, else two decimals ('Distancia: 1.234,57 m'). */
export function formatDistanceLabel(meters: number): string {
  if (!Number.isFinite(meters) || meters <= 0) return 'Distancia: 0 m';
  const decimals = Number.isInteger(meters) ? 0 : 2;
  return `Distancia: ${formatNumber(meters, decimals)} m`;
}

/**
 * A cluster's count as it fits a 25-px icon: up to 999 as is, then thousands with a lower-case 'k' (so it is
 * not read as a price label): 1,834 → '1,8k', 29,029 → '29k'.
 */
export function formatClusterCount(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '0';
  if (count < 1000) return String(Math.floor(count));
  if (count < 10_000) return `${formatNumber(Math.floor(count / 100) / 10, 1).replace(/,0$/, '')}k`;
  if (count < 999_500) return `${Math.round(count / 1000)}k`;
  return `${formatNumber(Math.round(count / 100_000) / 10, 1).replace(/,0$/, '')}M`;
}

const COMPACT = new Intl.NumberFormat('es', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A count in the product's compact Spanish form (explorer clusters, legends): 7, 999, '1,8 mil', '269 mil',
 * '1,3 M' (es compact notation; the space is a no-break space). Negative or non-finite → '0'.
 */
export function formatCountCompact(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '0';
  return COMPACT.format(Math.floor(count));
}
