import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseOrganisationCsv } from '../../../server/geocoder/store/parse-csv.ts';
import { parseOsmGeoJson } from '../../../server/geocoder/store/parse-geojson.ts';
import { parseGeoNames } from '../../../server/geocoder/store/parse-geonames.ts';
import { parseOsmPbf } from '../../../server/geocoder/store/parse-osm-pbf.ts';
import { parseOsmXml } from '../../../server/geocoder/store/parse-osm-xml.ts';
import type { ParseResult } from '../../../server/geocoder/store/types.ts';
import { deltas, osmPbfFile, pbfBlock, ProtoWriter } from '../../../scripts/lib/osm-pbf-writer.ts';
import { NODES, osmGeoJson, osmPbf, osmXml, WAYS } from './osm-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'gazetteer-formats-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Name → kind and rounded point, for comparing what each reader made of the same elements. */
function summary(r: ParseResult) {
  return r.places
    .map(
      (p) => `${p.kind}:${p.name}@${p.lat.toFixed(4)},${p.lon.toFixed(4)}${p.outline ? ' (contorno)' : ''}`,
    )
    .sort();
}

describe('issue 38 item 1: OSM readers (.osm XML, .osm.pbf, Overpass GeoJSON) agree', () => {
  const xml = parseOsmXml(osmXml());

  it('reads urbanizaciones, sectors and named streets, areas at a label point inside with their outline', () => {
    expect(summary(xml)).toEqual([
      'calle:Calle B@10.4725,-66.8680',
      'calle:Calle B@10.4820,-66.5250',
      'sector:El Ingenio@10.4650,-66.5350',
      'urbanizacion:Castillejo@10.4700,-66.5150',
      'urbanizacion:Valle Arriba@10.4820,-66.5250 (contorno)',
    ]);
    // Markup in a name, a point in Madrid, a street whose nodes the extract cut off: counted by reason.
    expect(xml.rejected).toEqual({ marcado: 1, fueraDeVenezuela: 1, areaSinGeometria: 1 });
    expect(xml.places.find((p) => p.name === 'Castillejo')?.alt).toEqual(['urb. castillejo']);
  });

  it('reads the same places from the PBF, streamed block by block (zlib and raw blobs)', async () => {
    const file = join(dir, 'guatire.osm.pbf');
    writeFileSync(file, osmPbf());
    const pbf = await parseOsmPbf(file);
    expect(summary(pbf)).toEqual(summary(xml));
    expect(pbf.rejected).toEqual(xml.rejected);
  });

  it('reads the same places from an Overpass GeoJSON export', () => {
    const geo = parseOsmGeoJson(osmGeoJson());
    expect(summary(geo)).toEqual(summary(xml));
    // The cut street has no geometry in the export: counted the same.
    expect(geo.rejected).toEqual(xml.rejected);
  });

  it('refuses a truncated PBF or XML as a whole, in Spanish', async () => {
    const file = join(dir, 'cortado.osm.pbf');
    const full = osmPbf();
    writeFileSync(file, full.subarray(0, full.length - 40));
    await expect(parseOsmPbf(file)).rejects.toThrow(/PBF está truncado o dañado/);
    expect(() => parseOsmXml(osmXml().slice(0, 300))).toThrow(/incompleto o mal formado/);
  });

  it('reads multipolygons with untagged rings from a PBF of many small blocks, as the XML reader does', async () => {
    // Rings of La Floresta: an outer square and an inner one, untagged ways only the relation names.
    const ring = (id: number, lat: number, lon: number, d: number) => [
      { id, lat, lon },
      { id: id + 1, lat, lon: lon + d },
      { id: id + 2, lat: lat + d, lon: lon + d },
      { id: id + 3, lat: lat + d, lon },
    ];
    const nodes = [...NODES, ...ring(500, 10.49, -66.86, 0.01), ...ring(600, 10.493, -66.857, 0.002)];
    const ways = [
      ...WAYS,
      { id: 300, refs: [500, 501, 502, 503, 500], tags: {} },
      { id: 301, refs: [600, 601, 602, 603, 600], tags: {} },
      { id: 302, refs: [1, 2], tags: { highway: 'service' } },
    ];
    const tags: [string, string][] = [
      ['type', 'multipolygon'],
      ['landuse', 'residential'],
      ['name', 'La Floresta'],
    ];
    const members: [number, string][] = [
      [300, 'outer'],
      [301, 'inner'],
    ];
    // A relation block by hand (the writer has none): string table, then a group with one Relation.
    const strings = ['', ...tags.flat(), 'outer', 'inner'];
    const sid = (x: string) => strings.indexOf(x);
    const table = new ProtoWriter();
    for (const x of strings) table.string(1, x);
    const relation = new ProtoWriter()
      .uint(1, 7000)
      .packed(
        2,
        tags.map(([k]) => sid(k)),
        false,
      )
      .packed(
        3,
        tags.map(([, v]) => sid(v)),
        false,
      )
      .packed(
        8,
        members.map(([, role]) => sid(role)),
        false,
      )
      .packed(9, deltas(members.map(([ref]) => ref)), true)
      .packed(
        10,
        members.map(() => 1),
        false,
      )
      .finish();
    const relationBlock = new ProtoWriter()
      .bytes(1, table.finish())
      .bytes(2, new ProtoWriter().bytes(4, relation).finish())
      .finish();
    const file = join(dir, 'floresta.osm.pbf');
    // Three elements a block: nodes and ways each span several blocks, read again in the later passes.
    writeFileSync(
      file,
      Buffer.concat([osmPbfFile(nodes, ways, 3), pbfBlock('OSMData', relationBlock, true)]),
    );
    const pbf = await parseOsmPbf(file);
    const relationXml =
      '<relation id="7000"><member type="way" ref="300" role="outer"/><member type="way" ref="301" role="inner"/>' +
      '<tag k="type" v="multipolygon"/><tag k="landuse" v="residential"/><tag k="name" v="La Floresta"/></relation>';
    const fromXml = parseOsmXml(osmXml(nodes, ways).replace('</osm>', `${relationXml}\n</osm>`));
    expect(summary(pbf)).toEqual(summary(fromXml));
    expect(pbf.rejected).toEqual(fromXml.rejected);
    const floresta = pbf.places.find((p) => p.name === 'La Floresta');
    expect(floresta?.outline?.map((r) => r.length)).toEqual([5, 5]);
    const [lon, lat] = floresta?.outline?.[1]?.[2] ?? [];
    expect(lon).toBeCloseTo(-66.855, 7);
    expect(lat).toBeCloseTo(10.495, 7);
  });

  it('reads a dense block of more than 8,000 nodes (the reused columns grow)', async () => {
    const many = Array.from({ length: 9500 }, (_, i) => ({
      id: 10_000 + i * 3,
      lat: 10.4 + i * 1e-5,
      lon: -66.9 + i * 2e-5,
      ...(i === 9400 ? { tags: { place: 'neighbourhood', name: 'Terrazas del Ávila' } } : {}),
    }));
    const ways = [
      {
        id: 400,
        refs: [10_000, 10_000 + 9000 * 3, 10_000 + 9499 * 3],
        tags: { highway: 'primary', name: 'Avenida Larga' },
      },
    ];
    const file = join(dir, 'grande.osm.pbf');
    writeFileSync(file, osmPbfFile(many, ways, 10_000));
    const pbf = await parseOsmPbf(file);
    expect(summary(pbf)).toEqual(summary(parseOsmXml(osmXml(many, ways))));
    expect(pbf.places.map((p) => p.name).sort()).toEqual(['Avenida Larga', 'Terrazas del Ávila']);
  });

  it('counts a GeoJSON feature carrying a __proto__ key out, and pollutes nothing', () => {
    const text =
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"__proto__":{"polluted":"sí"},' +
      '"name":"Trampa","place":"neighbourhood"},"geometry":{"type":"Point","coordinates":[-66.9,10.5]}}]}';
    const r = parseOsmGeoJson(text);
    expect(r.places).toEqual([]);
    expect(r.rejected).toEqual({ claveReservada: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('issue 38 item 1: GeoNames dump (VE.txt)', () => {
  const row = (
    id: number,
    name: string,
    lat: number,
    lon: number,
    fclass: string,
    code: string,
    cc = 'VE',
    pop = 0,
  ) =>
    [
      id,
      name,
      name,
      `${name} Viejo,VE-X`,
      lat,
      lon,
      fclass,
      code,
      cc,
      '',
      '16',
      '',
      '',
      '',
      pop,
      '',
      '900',
      'America/Caracas',
      '2024-01-01',
    ].join('\t');

  it('takes PPLX as sectors and other populated places as towns; counts the rest by reason', () => {
    const text = [
      row(1, 'Valle Arriba', 10.483, -66.526, 'P', 'PPLX'),
      row(2, 'Guatire Nuevo', 10.47, -66.54, 'P', 'PPL', 'VE', 12000),
      row(3, 'Pueblo Viejo', 10.4, -66.6, 'P', 'PPLQ'),
      row(4, 'Cerro El Ávila', 10.54, -66.87, 'T', 'MT'),
      row(5, 'Cúcuta', 7.89, -72.5, 'P', 'PPLA', 'CO'),
      row(6, 'Cortado', 10.4, -66.6, 'P', 'PPL').split('\t').slice(0, 9).join('\t'),
    ].join('\n');
    const r = parseGeoNames(text);
    expect(r.read).toBe(6);
    expect(r.places.map((p) => [p.name, p.kind, p.population])).toEqual([
      ['Valle Arriba', 'sector', 0],
      ['Guatire Nuevo', 'pueblo', 12000],
    ]);
    expect(r.places[0]?.alt).toEqual(['valle arriba viejo']);
    expect(r.rejected).toEqual({ abandonado: 1, tipoNoUsado: 1, fueraDeVenezuela: 1, filaIncompleta: 1 });
  });
});

describe('issue 38 item 1: the organisation CSV', () => {
  it('accepts Spanish column variants, accents and case, quoted fields, semicolons', () => {
    const comma = parseOrganisationCsv(
      'NOMBRE,Tipo,Latitud,Longitud,Municipio,Estado,Fuente\n"Valle Arriba, sector 2",Urbanización,10.4805,-66.5245,Zamora,Miranda,Catastro\n',
    );
    const semicolon = parseOrganisationCsv(
      'nombre;clase;lat;lng;mcpio;edo;origen\nEl Marqués;BARRIO;10,49;-66,51;Zamora;Edo. Miranda;Oficina\n',
    );
    expect(comma.places.map((p) => [p.name, p.kind, p.lat, p.municipio, p.note])).toEqual([
      ['Valle Arriba, sector 2', 'urbanizacion', 10.4805, 'Zamora', 'Catastro'],
    ]);
    expect(semicolon.places.map((p) => [p.name, p.kind, p.lat, p.lon, p.estado])).toEqual([
      ['El Marqués', 'barrio', 10.49, -66.51, 'Edo. Miranda'],
    ]);
  });

  it('counts hostile and broken rows by reason and refuses a file without coordinates', () => {
    const r = parseOrganisationCsv(
      [
        'nombre,tipo,latitud,longitud,municipio,estado,fuente,__proto__',
        '<img src=x onerror=alert(1)>,urbanizacion,10.5,-66.9,Libertador,Distrito Capital,x,y',
        '__proto__,urbanizacion,10.5,-66.9,Libertador,Distrito Capital,x,y',
        'Lejos,urbanizacion,40.4,-3.7,,,x,y',
        'Sin punto,urbanizacion,abc,0x10,,,x,y',
        'Rara,aeropuerto,10.5,-66.9,,,x,y',
        'Cortada,urbanizacion,10.4',
      ].join('\n'),
    );
    expect(r.places).toEqual([]);
    expect(r.rejected).toEqual({
      marcado: 1,
      claveReservada: 1,
      fueraDeVenezuela: 1,
      coordenadasInvalidas: 1,
      tipoNoUsado: 1,
      filaIncompleta: 1,
    });
    expect(() => parseOrganisationCsv('nombre,municipio\nX,Y\n')).toThrow(
      /hacen falta nombre, latitud y longitud/,
    );
  });
});
