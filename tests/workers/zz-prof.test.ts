import { it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parquetMetadata, parquetRead } from 'hyparquet';
import { detectMapping } from '../../src/core/ingest/columns.ts';
import { Ingester } from '../../src/core/ingest/rows.ts';
it('prof', async () => {
  const bytes = readFileSync('/tmp/mapas-import-bench/transacciones-1000000.parquet');
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const metadata = parquetMetadata(file);
  const header = ['id', 'latitud', 'longitud', 'precio', 'fecha', 'operacion', 'color', 'area'];
  let t = performance.now();
  const all: unknown[][] = [];
  let start = 0;
  for (const g of metadata.row_groups) {
    const end = start + Number(g.num_rows);
    await parquetRead({ file, metadata, columns: header, rowStart: start, rowEnd: end, onComplete: (rows) => { for (const r of rows) all.push(r); } });
    start = end;
  }
  console.log('hyparquet rows', performance.now() - t, all.length);
  t = performance.now();
  const cols: Record<string, unknown> = {};
  start = 0;
  for (const g of metadata.row_groups) {
    const end = start + Number(g.num_rows);
    await parquetRead({ file, metadata, columns: header, rowStart: start, rowEnd: end, onChunk: (c) => { cols[c.columnName] = c.columnData; } });
    start = end;
  }
  console.log('hyparquet onChunk', performance.now() - t);
  for (const noId of [false, true]) {
    const m = detectMapping(header);
    if (noId) delete m.id;
    t = performance.now();
    const ing = new Ingester(m);
    for (const r of all) ing.add(r as never);
    const tb = ing.finish();
    console.log('ingest', noId ? 'no id' : 'with id', performance.now() - t, tb.table.length);
  }
}, 120000);
