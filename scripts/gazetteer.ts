/**
 * The deployer's gazetteer command (issue 38):
 *   npm run gazetteer -- import <archivo> [<archivo>…]   adds places to the served store
 *   npm run gazetteer -- fuentes                          lists the sources the store holds
 * Formats by extension: .csv (the organisation's list), .txt (GeoNames dump, VE.txt), .geojson/.json and .osm
 * (an Overpass export), .osm.pbf (a country extract, streamed). The store is GAZETTEER_STORE or
 * data/gazetteer/store/places.json; the running server picks it up within a second, without a rebuild.
 */
import { loadedSources } from '../server/geocoder/store/attribution.ts';
import { importFile } from '../server/geocoder/store/import.ts';
import { defaultStorePath, readStore } from '../server/geocoder/store/store-file.ts';

const USAGE = 'Uso: npm run gazetteer -- import <archivo> [<archivo>…] | npm run gazetteer -- fuentes';

const [command, ...files] = process.argv.slice(2);
const store = defaultStorePath();

if (command === 'import' && files.length > 0) {
  let failed = false;
  for (const file of files) {
    const started = performance.now();
    const outcome = await importFile(file, store);
    console.log(outcome.report);
    console.log(`Tiempo: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    failed ||= !outcome.ok;
  }
  process.exitCode = failed ? 1 : 0;
} else if (command === 'fuentes') {
  const sources = loadedSources(readStore(store));
  if (sources.length === 0) console.log(`Sin lugares importados (${store}).`);
  for (const s of sources)
    console.log(`${s.nombre}: ${s.lugares} lugares · ${s.licencia} · ${s.archivos.join(', ')}`);
} else {
  console.error(USAGE);
  process.exitCode = 2;
}
