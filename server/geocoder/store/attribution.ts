import { SOURCES, type GazetteerStore, type SourceId } from './types.ts';

export interface LoadedSource {
  fuente: SourceId;
  nombre: string;
  licencia: string;
  archivos: string[];
  lugares: number;
}

/** The sources the served store holds, highest priority first, with the files they came from. */
export function loadedSources(store: GazetteerStore): LoadedSource[] {
  const bySource = new Map<SourceId, LoadedSource>();
  for (const p of store.places) {
    const s = bySource.get(p.source) ?? {
      fuente: p.source,
      nombre: SOURCES[p.source].label,
      licencia: SOURCES[p.source].licence,
      archivos: [],
      lugares: 0,
    };
    s.lugares++;
    bySource.set(p.source, s);
  }
  for (const i of store.imports) {
    const s = bySource.get(i.source);
    if (s && !s.archivos.includes(i.file)) s.archivos.push(i.file);
  }
  return [...bySource.values()].sort((a, b) => SOURCES[b.fuente].priority - SOURCES[a.fuente].priority);
}

/**
 * The attribution line of the imported gazetteer: every loaded source and its licence; OSM's ODbL notice
 * whenever OSM places are served (the licence requires it wherever the data is used).
 */
export function importedAttribution(store: GazetteerStore): string {
  const sources = loadedSources(store);
  if (sources.length === 0) return '';
  return `Nomenclátor importado: ${sources.map((s) => `${s.nombre} (${s.licencia})`).join(' · ')}`;
}
