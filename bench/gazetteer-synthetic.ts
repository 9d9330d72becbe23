import type { PbfNode, PbfWay } from '../scripts/lib/osm-pbf-writer.ts';
import { seededRandom as random } from '../scripts/lib/seeded-random.ts';

const ARTICLES = ['Los', 'Las', 'El', 'La', 'San', 'Santa', 'Villa', 'Colinas de', 'Lomas de', 'Terrazas de'];
const WORDS = [
  'Pinos',
  'Rosales',
  'Cedros',
  'Samanes',
  'Mangos',
  'Jardines',
  'Palmas',
  'Naranjos',
  'Apamates',
  'Araguaneyes',
  'Bucares',
  'Ceibas',
  'Cujíes',
  'Guayabos',
  'Olivos',
  'Acacias',
  'Caobos',
  'Almendros',
  'Mereyes',
  'Chaguaramos',
  'Bosque',
  'Prado',
  'Valle',
  'Cerro',
  'Llano',
  'Campo',
  'Monte',
  'Lago',
  'Río',
  'Sol',
  'Luna',
  'Esperanza',
  'Trinidad',
  'Rosario',
  'Carmen',
  'Mercedes',
  'Pilar',
  'Paz',
  'Victoria',
  'Floresta',
  'Castaños',
  'Tulipanes',
];
const SUFFIXES = ['', '', '', ' I', ' II', ' Norte', ' Sur', ' Country', ' Club', ' Park'];

/**
 * A synthetic country extract for the bench: `count` named elements around real towns (anchors), 30 % of them
 * urbanizaciones (nodes, and a sixth of those residential areas with an outline), 70 % streets. Names are
 * drawn from a small vocabulary, so homonyms are as common as in the real country.
 */
export function syntheticExtract(
  count: number,
  anchors: readonly { lat: number; lon: number }[],
  seed = 38,
): { nodes: PbfNode[]; ways: PbfWay[] } {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const nodes: PbfNode[] = [];
  const ways: PbfWay[] = [];
  let nextNode = 1;
  const node = (lat: number, lon: number, tags?: Record<string, string>) => {
    nodes.push({ id: nextNode, lat, lon, ...(tags ? { tags } : {}) });
    return nextNode++;
  };
  for (let i = 0; i < count; i++) {
    const a = pick(anchors);
    const lat = a.lat + (rnd() - 0.5) * 0.07;
    const lon = a.lon + (rnd() - 0.5) * 0.07;
    const name = `${pick(ARTICLES)} ${pick(WORDS)}${pick(SUFFIXES)}`;
    const r = rnd();
    if (r < 0.25) node(lat, lon, { place: 'neighbourhood', name });
    else if (r < 0.3) {
      const d = 0.002;
      const ring = [node(lat, lon), node(lat, lon + d), node(lat + d, lon + d), node(lat + d, lon)];
      ways.push({ id: i + 1, refs: [...ring, ring[0] ?? 0], tags: { landuse: 'residential', name } });
    } else {
      const street = rnd() < 0.5 ? `Calle ${1 + Math.floor(rnd() * 40)}` : `Avenida ${pick(WORDS)}`;
      const refs = [node(lat, lon), node(lat + 0.001, lon + 0.001), node(lat + 0.002, lon + 0.001)];
      ways.push({ id: i + 1, refs, tags: { highway: 'residential', name: street } });
    }
  }
  return { nodes, ways };
}
