/** Zone kinds that show an icon on the popup card (spec, screens). */
export type ZoneKind = 'oro' | 'alerta' | 'riesgo' | 'perdida';

const KINDS: readonly ZoneKind[] = ['oro', 'alerta', 'riesgo', 'perdida'];

/** Lower case without accents, trimmed: how the spec compares zone values. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** The zone kind of a `zona` value ('Pérdida', 'ALERTA'…), accents and case ignored; null when none. */
export function zoneKind(zona: string): ZoneKind | null {
  const folded = foldText(zona);
  return KINDS.find((kind) => kind === folded) ?? null;
}
