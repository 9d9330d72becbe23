/** frame-pacing.ts's API doing nothing: deck's loop as luma.gl runs it (bench/browser/unpaced.config.ts). */
export type PaceableDeck = object;

export function paceDeck(): () => void {
  return () => undefined;
}
