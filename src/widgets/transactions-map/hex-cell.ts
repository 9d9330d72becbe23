import type { HexResult } from '../../../workers/contract.ts';

/** The H3 index text of a cell of an answer (the engine sends it as two 32-bit halves). */
export const hexCellText = (hex: HexResult, i: number) =>
  (hex.cellUpper[i] ?? 0).toString(16) + (hex.cellLower[i] ?? 0).toString(16).padStart(8, '0');
