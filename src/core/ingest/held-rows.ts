/**
 * Where an ingester keeps rows until the table is made: the placed rows, and the rows that wait for the
 * analyst — swapped points (placed only if the analyst says so) and rows without a point (placed where the
 * geocoder puts their address). All as typed columns (builder.ts), never row objects; the cells of a waiting
 * row are kept as text, up to MAX_KEPT_REJECTED, for the download should it end up rejected. Quarter and
 * colour labels share one dictionary per ingester, coded in the order rows first bring them.
 */
import { ColumnBuilder, tableDictionaries, type ColumnDump, type RowValues } from './builder.ts';
import { addressKey, type Address } from './geocode-batch.ts';
import { packRows, unpackRows, type PackedRows } from './packed-rows.ts';
import { MAX_KEPT_REJECTED } from './report.ts';
import { cellText, type Cell } from './values.ts';

/** The held rows of a part of a file, to move to the ingester of the part before (`append`). */
export interface HeldDump {
  quarters: string[];
  colors: string[];
  placed: ColumnDump;
  swapped: ColumnDump;
  swappedCells: PackedRows;
  pending: ColumnDump;
  pendingAddress: Uint32Array;
  pendingCells: PackedRows;
  addresses: Address[];
}

/** Rows to drop from each builder (1 = drop), by position. */
export interface RowMarks {
  placed: Uint8Array;
  swapped: Uint8Array;
  pending: Uint8Array;
}

const textCells = (cells: readonly Cell[]) => cells.map((c: Cell) => cellText(c));

export class HeldRows {
  readonly dictionaries = tableDictionaries();
  readonly placed: ColumnBuilder;
  /** Rows that fit Venezuela only swapped, stored swapped, and their cells for the download. */
  readonly swapped = new ColumnBuilder(this.dictionaries.quarters, this.dictionaries.colors, 16);
  readonly swappedCells: string[][] = [];
  /** Rows waiting for the geocoder (no point), their address index and cells. */
  readonly pending = new ColumnBuilder(this.dictionaries.quarters, this.dictionaries.colors, 16);
  readonly pendingAddress: number[] = [];
  readonly pendingCells: string[][] = [];
  private readonly addressIndex = new Map<string, number>();
  /** Distinct addresses to geocode, in first-seen order (the first spelling of each). */
  readonly addresses: Address[] = [];

  /** `expected`: rows placed, to size the columns once; `lines`: keep the placed rows' lines too. */
  constructor(expected: number, lines: boolean) {
    this.placed = new ColumnBuilder(this.dictionaries.quarters, this.dictionaries.colors, expected, lines);
  }

  holdSwapped(row: RowValues, cells: readonly Cell[]): void {
    this.swapped.push(row);
    if (this.swappedCells.length < MAX_KEPT_REJECTED) this.swappedCells.push(textCells(cells));
  }

  holdForGeocoder(row: RowValues, address: Address, cells: readonly Cell[]): void {
    this.pending.push(row);
    this.pendingAddress.push(this.addressIndexOf(address));
    if (this.pendingCells.length < MAX_KEPT_REJECTED) this.pendingCells.push(textCells(cells));
  }

  /** The address's index in `addresses`, added there (first-seen order) when new. */
  private addressIndexOf(address: Address): number {
    const key = addressKey(address);
    let index = this.addressIndex.get(key);
    if (index === undefined) {
      index = this.addresses.length;
      this.addresses.push(address);
      this.addressIndex.set(key, index);
    }
    return index;
  }

  /** The held rows as copies (typed arrays and packed text) to move to another thread. */
  dump(): HeldDump {
    return {
      quarters: this.dictionaries.quarters.labels,
      colors: this.dictionaries.colors.labels,
      placed: this.placed.dump(),
      swapped: this.swapped.dump(),
      swappedCells: packRows(this.swappedCells),
      pending: this.pending.dump(),
      pendingAddress: Uint32Array.from(this.pendingAddress),
      pendingCells: packRows(this.pendingCells),
      addresses: this.addresses,
    };
  }

  /**
   * The held rows of the part read after these, their lines `offset` further on: labels and addresses
   * recoded here, keeping their first-seen order; the kept cells stay capped.
   */
  append(part: HeldDump, offset: number): void {
    const codes = (labels: string[], dictionary: { code(label: string): number }) =>
      Uint16Array.from(labels, (label) => dictionary.code(label));
    const quarters = codes(part.quarters, this.dictionaries.quarters);
    const colors = codes(part.colors, this.dictionaries.colors);
    this.placed.append(part.placed, quarters, colors, offset);
    this.swapped.append(part.swapped, quarters, colors, offset);
    this.pending.append(part.pending, quarters, colors, offset);
    const keep = <T>(into: T[], from: readonly T[]) => {
      for (const item of from.slice(0, Math.max(0, MAX_KEPT_REJECTED - into.length))) into.push(item);
    };
    keep(this.swappedCells, unpackRows(part.swappedCells));
    keep(this.pendingCells, unpackRows(part.pendingCells));
    const addressOf = part.addresses.map((address) => this.addressIndexOf(address));
    for (const index of part.pendingAddress) this.pendingAddress.push(addressOf[index] ?? 0);
  }

  /**
   * Drops the marked rows of each builder and what only they brought: cells kept, labels (the dictionaries
   * keep only labels a row still has, in their order), addresses (re-listed in first-seen order).
   */
  dropRows(drop: RowMarks): void {
    const keep = (list: unknown[], marks: Uint8Array) => {
      const kept = list.filter((_, i) => !marks[i]);
      list.splice(0, list.length, ...kept);
    };
    keep(this.swappedCells, drop.swapped);
    keep(this.pendingCells, drop.pending);
    keep(this.pendingAddress, drop.pending);
    this.placed.dropRows(drop.placed);
    this.swapped.dropRows(drop.swapped);
    this.pending.dropRows(drop.pending);
    const { quarters, colors } = this.dictionaries;
    const usedQuarters = new Uint8Array(quarters.labels.length);
    const usedColors = new Uint8Array(colors.labels.length);
    for (const builder of [this.placed, this.swapped, this.pending])
      builder.markUsed(usedQuarters, usedColors);
    const quarterCodes = quarters.retain(usedQuarters);
    const colorCodes = colors.retain(usedColors);
    for (const builder of [this.placed, this.swapped, this.pending]) builder.recode(quarterCodes, colorCodes);
    const addresses = this.pendingAddress.map((index) => this.addresses[index]);
    this.addresses.length = 0;
    this.addressIndex.clear();
    this.pendingAddress.forEach((_, i) => {
      const address = addresses[i];
      if (address) this.pendingAddress[i] = this.addressIndexOf(address);
    });
  }
}
