/**
 * Generated transactions as Parquet and Arrow IPC files (Node only: the writers are dev tools for tests,
 * benchmarks and `npm run data`). Columns match the clean CSV's (src/datagen/transaction-files.ts): id,
 * latitud, longitud, precio, fecha (a timestamp inside the row's quarter), operacion, color, area (null
 * when unknown). Parquet is written a row group at a time, so 5M rows never sit in memory as objects.
 */
import { Float64, Table, TimestampMillisecond, Utf8, vectorFromArray } from 'apache-arrow';
import { tableToIPC } from 'apache-arrow';
import {
  ByteWriter,
  fileWriter,
  ParquetWriter,
  schemaFromColumnData,
  type ColumnSource,
} from 'hyparquet-writer';
import { rowDate } from '../../src/datagen/transaction-files.ts';
import type { PropertyTable } from '../../src/core/types.ts';

/** Rows [from, to) as the files' columns. */
function columns(table: PropertyTable, from: number, to: number) {
  const n = to - from;
  const id: string[] = new Array<string>(n);
  const fecha: Date[] = new Array<Date>(n);
  const operacion: string[] = new Array<string>(n);
  const color: string[] = new Array<string>(n);
  const area: (number | null)[] = new Array<number | null>(n);
  for (let k = 0; k < n; k++) {
    const i = from + k;
    const d = rowDate(table.quarters[table.quarter[i] ?? 0] ?? '2024-T1', i);
    id[k] = `tx-${String(i)}`;
    fecha[k] = new Date(Date.UTC(d.year, d.month - 1, d.day));
    operacion[k] = table.operation[i] === 1 ? 'Alquiler' : 'Venta';
    color[k] = table.colors[table.color[i] ?? 0] ?? '';
    const a = table.area?.[i] ?? Number.NaN;
    area[k] = a > 0 ? a : null;
  }
  return {
    id,
    latitud: table.lat.slice(from, to),
    longitud: table.lng.slice(from, to),
    precio: table.price.slice(from, to),
    fecha,
    operacion,
    color,
    area,
  };
}

function parquetColumns(table: PropertyTable, from: number, to: number): ColumnSource[] {
  const c = columns(table, from, to);
  return [
    { name: 'id', data: c.id, type: 'STRING' },
    { name: 'latitud', data: c.latitud, type: 'DOUBLE' },
    { name: 'longitud', data: c.longitud, type: 'DOUBLE' },
    { name: 'precio', data: c.precio, type: 'DOUBLE' },
    { name: 'fecha', data: c.fecha, type: 'TIMESTAMP' },
    { name: 'operacion', data: c.operacion, type: 'STRING' },
    { name: 'color', data: c.color, type: 'STRING' },
    { name: 'area', data: c.area, type: 'DOUBLE', nullable: true },
  ];
}

const ROW_GROUP = 100_000;

function writeGroups(
  writer: ByteWriter | ReturnType<typeof fileWriter>,
  table: PropertyTable,
  n: number,
  rowGroup = ROW_GROUP,
): void {
  const first = parquetColumns(table, 0, Math.min(n, 1));
  const parquet = new ParquetWriter({ writer, schema: schemaFromColumnData({ columnData: first }) });
  for (let from = 0; from < n; from += rowGroup) {
    const to = Math.min(n, from + rowGroup);
    void parquet.write({ columnData: parquetColumns(table, from, to), rowGroupSize: rowGroup });
  }
  // Both writers here flush synchronously (hyparquet-writer's file writer appends with writeFileSync).
  void parquet.finish();
}

/** The first `n` rows as a Parquet file's bytes (snappy, 100k-row groups unless `rowGroup` says). */
export function parquetBytes(table: PropertyTable, n: number, rowGroup = ROW_GROUP): Uint8Array {
  const writer = new ByteWriter();
  writeGroups(writer, table, n, rowGroup);
  return new Uint8Array(writer.getBuffer());
}

/** The first `n` rows written to a Parquet file, a row group at a time. */
export function writeParquetFile(path: string, table: PropertyTable, n: number): void {
  writeGroups(fileWriter(path), table, n);
}

/** The first `n` rows as Arrow IPC bytes ('file' or 'stream' format). */
export function arrowBytes(table: PropertyTable, n: number, format: 'file' | 'stream' = 'file'): Uint8Array {
  const c = columns(table, 0, n);
  const arrow = new Table({
    id: vectorFromArray(c.id, new Utf8()),
    latitud: vectorFromArray([...c.latitud], new Float64()),
    longitud: vectorFromArray([...c.longitud], new Float64()),
    precio: vectorFromArray([...c.precio], new Float64()),
    fecha: vectorFromArray(c.fecha, new TimestampMillisecond()),
    operacion: vectorFromArray(c.operacion, new Utf8()),
    color: vectorFromArray(c.color, new Utf8()),
    area: vectorFromArray(c.area, new Float64()),
  });
  return tableToIPC(arrow, format);
}
