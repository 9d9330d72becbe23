import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importFile } from '../../../server/geocoder/store/import.ts';
import { readStore } from '../../../server/geocoder/store/store-file.ts';
import { osmPbf, osmXml } from './osm-fixture.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh store and a folder for the files imported into it. */
function workspace() {
  const dir = mkdtempSync(join(tmpdir(), 'gazetteer-store-'));
  dirs.push(dir);
  const store = join(dir, 'store', 'places.json');
  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  return { dir, store, file };
}

const ORG_CSV =
  'nombre,tipo,latitud,longitud,municipio,estado,fuente\n' +
  'Valle Arriba,urbanización,10.4805,-66.5245,Zamora,Miranda,Catastro municipal\n';
const GEONAMES =
  [
    '1',
    'Valle Arriba',
    'Valle Arriba',
    '',
    '10.483',
    '-66.526',
    'P',
    'PPLX',
    'VE',
    '',
    '16',
    '',
    '',
    '',
    '0',
    '',
    '900',
    'America/Caracas',
    '2024-01-01',
  ].join('\t') + '\n';

describe('issue 38 item 1: npm run gazetteer -- import, into the store', () => {
  it('keeps the higher-priority point whatever the import order, with every source as provenance', async () => {
    for (const order of [
      ['VE.txt', 'guatire.osm', 'lista.csv'],
      ['lista.csv', 'guatire.osm', 'VE.txt'],
    ]) {
      const w = workspace();
      const content: Record<string, string> = {
        'VE.txt': GEONAMES,
        'guatire.osm': osmXml(),
        'lista.csv': ORG_CSV,
      };
      for (const name of order)
        expect((await importFile(w.file(name, content[name] ?? ''), w.store)).ok).toBe(true);
      const valles = readStore(w.store).places.filter((p) => p.name === 'Valle Arriba');
      expect(valles).toHaveLength(1);
      const [valle] = valles;
      expect([valle?.source, valle?.lat, valle?.lon, valle?.municipio, valle?.ciudad]).toEqual([
        'organizacion',
        10.4805,
        -66.5245,
        'Zamora',
        'Guatire',
      ]);
      expect(new Set(valle?.also)).toEqual(new Set(['osm', 'geonames']));
      // The organisation's list has no outline: OSM's is kept for reverse lookups.
      expect(valle?.outline?.[0]).toHaveLength(5);
      expect(readStore(w.store).imports.map((i) => i.file)).toEqual(order);
    }
  });

  it('keeps homonyms apart by municipio and estado, and merges street segments of one street', async () => {
    const w = workspace();
    const csv =
      'nombre,tipo,latitud,longitud,municipio,estado,fuente\n' +
      'Valle Arriba,urbanizacion,10.4805,-66.5245,Zamora,Miranda,x\n' +
      'Valle Arriba,urbanizacion,10.4725,-66.868,Baruta,Miranda,x\n' +
      'Calle B,calle,10.4805,-66.5275,,Miranda,x\n' +
      'Calle B,calle,10.4810,-66.5270,,Miranda,x\n';
    const outcome = await importFile(w.file('lista.csv', csv), w.store);
    const places = readStore(w.store).places;
    expect(places.map((p) => `${p.kind}:${p.name}:${p.municipio}:${p.ciudad}`)).toEqual([
      'urbanizacion:Valle Arriba:Zamora:Guatire',
      'urbanizacion:Valle Arriba:Baruta:Caracas',
      'calle:Calle B:Zamora:Guatire',
    ]);
    expect(outcome.report).toContain('Fusionados con un lugar ya conocido: 1');
  });

  it('writes a clear Spanish report with the rows left out by reason', async () => {
    const w = workspace();
    const { ok, report } = await importFile(w.file('guatire.osm.pbf', osmPbf()), w.store);
    expect(ok).toBe(true);
    expect(report).toContain('Importación de guatire.osm.pbf (fuente: osm)');
    expect(report).toContain('Lugares válidos: 5');
    expect(report).toContain('  calles: 2');
    expect(report).toContain('Descartados: 3');
    expect(report).toContain('  nombre con marcado HTML o caracteres de control: 1');
    expect(report).toContain('  coordenadas fuera de Venezuela: 1');
    expect(report).toContain('  área o calle sin geometría completa en el archivo: 1');
  });

  it('changes nothing served before when an import fails (truncated PBF, unknown format, damaged store)', async () => {
    const w = workspace();
    expect((await importFile(w.file('lista.csv', ORG_CSV), w.store)).ok).toBe(true);
    const before = readFileSync(w.store);
    const full = osmPbf();
    const failures = [
      await importFile(w.file('cortado.osm.pbf', full.subarray(0, Math.floor(full.length / 2))), w.store),
      await importFile(w.file('cortado.osm', osmXml().slice(0, 400)), w.store),
      await importFile(w.file('lista.xlsx', 'PK'), w.store),
    ];
    for (const f of failures) {
      expect(f.ok).toBe(false);
      expect(f.report).toMatch(/^Importación fallida de .*No se cambió nada/s);
      expect(f.total).toBe(1);
    }
    expect(failures[0]?.report).toContain('PBF está truncado o dañado');
    expect(readFileSync(w.store)).toEqual(before);
    // A store that is not one is never overwritten by an import.
    writeFileSync(w.store, '{"otra":"cosa"}');
    expect((await importFile(w.file('lista2.csv', ORG_CSV), w.store)).ok).toBe(false);
    expect(readFileSync(w.store, 'utf8')).toBe('{"otra":"cosa"}');
  });
});
