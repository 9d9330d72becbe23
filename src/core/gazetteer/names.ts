/**
 * Which place names the browser keeps (issue 38: "a file of hostile content … changes nothing"): a name is
 * text shown as text, so one carrying markup, entities or control characters is refused rather than
 * cleaned — the count says it happened. The server's importer applies the same rule to the same CSV.
 */
export type NameProblem = 'sinNombre' | 'claveReservada' | 'marcado';

export const MAX_PLACE_NAME = 120;

/** Keys JavaScript gives a meaning to: never a place name, never an object key. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

export function placeNameProblem(name: string): NameProblem | null {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > MAX_PLACE_NAME) return 'sinNombre';
  if (RESERVED.has(trimmed)) return 'claveReservada';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[<>]|&[#a-z0-9]+;|[\u0000-\u001f\u007f]/i.test(trimmed)) return 'marcado';
  return null;
}
