/**
 * The rows under the filter inside a view, written as a file (issue 15 §6). Runs in the worker: gathering
 * and formatting a million rows is seconds of work that must not land on the main thread; it is written a
 * piece at a time (the host pauses between pieces, so the map's answers go on) into parts the page joins as a
 * Blob — as one string, a GeoJSON of 5M rows passed V8's longest string after 10 s of work.
 */
import { csvPieces, geoJsonPieces, type ExportRows } from '../../src/core/ingest/export.ts';
import type { PropertyTable } from '../../src/core/types.ts';
import type { ExportFormat } from '../contract.ts';
import type { Steps } from './steps.ts';
import { pointInBox, type MercatorBox } from './bbox.ts';
import { forEachPassing, type FilterState } from './filter.ts';

/** Table rows that pass the filter and lie in one of the boxes, in index order (sort them for table order). */
export function passingRowsIn(
  table: PropertyTable,
  order: Uint32Array,
  size: number,
  filter: FilterState,
  boxes: readonly MercatorBox[],
): Uint32Array {
  const rows = new Uint32Array(filter.matching);
  let n = 0;
  forEachPassing(filter, 0, size, (pos) => {
    const row = order[pos] ?? 0;
    const lng = table.lng[row] ?? 0;
    const lat = table.lat[row] ?? 0;
    if (boxes.some((box) => pointInBox(lng, lat, box))) rows[n++] = row;
    return true;
  });
  return rows.subarray(0, n);
}

/** The chosen rows as export columns. */
export function exportRows(table: PropertyTable, rows: Uint32Array): ExportRows {
  const pick = <T extends Float64Array | Float32Array | Uint8Array | Uint16Array>(column: T): T => {
    const out = new (column.constructor as new (n: number) => T)(rows.length);
    rows.forEach((row, i) => (out[i] = column[row] ?? 0));
    return out;
  };
  return {
    length: rows.length,
    lng: pick(table.lng),
    lat: pick(table.lat),
    price: pick(table.price),
    operation: pick(table.operation),
    quarter: pick(table.quarter),
    color: pick(table.color),
    ...(table.area ? { area: pick(table.area) } : {}),
    ...(table.precision ? { precision: pick(table.precision) } : {}),
    quarters: table.quarters,
    colors: table.colors,
  };
}

/** The file's bytes in parts, one piece of rows each (a step between two). */
export function* exportSteps(rows: ExportRows, format: ExportFormat): Steps<Uint8Array[]> {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  for (const piece of format === 'geojson' ? geoJsonPieces(rows) : csvPieces(rows)) {
    parts.push(encoder.encode(piece));
    yield;
  }
  return parts;
}
