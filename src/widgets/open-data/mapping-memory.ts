/**
 * The analyst's column choices, remembered per header (issue 15 §3): the next file with the same header
 * opens with them. localStorage, read defensively (storage can be off, full, or hold anything).
 */
import { headerSignature, ROLES, type ColumnMapping } from '../../core/ingest/columns.ts';

const PREFIX = 'mapas:columnas:';
/** Signatures are kept short: a hostile header must not fill the storage. */
const MAX_KEY = 2000;

const keyOf = (header: readonly string[]) => PREFIX + headerSignature(header).slice(0, MAX_KEY);

/** The mapping chosen for this header before, or null. Column numbers outside the header are dropped. */
export function recallMapping(header: readonly string[]): ColumnMapping | null {
  let text: string | null;
  try {
    text = window.localStorage.getItem(keyOf(header));
  } catch {
    return null;
  }
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const mapping: ColumnMapping = {};
  for (const role of ROLES) {
    const value = (parsed as Record<string, unknown>)[role];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < header.length)
      mapping[role] = value;
  }
  return mapping;
}

export function rememberMapping(header: readonly string[], mapping: ColumnMapping): void {
  try {
    window.localStorage.setItem(keyOf(header), JSON.stringify(mapping));
  } catch {
    // Storage off or full: the mapping is simply not remembered.
  }
}
