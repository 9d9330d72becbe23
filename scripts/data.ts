/**
 * Deterministic synthetic Venezuelan data to a file:
 *   npm run data -- --kind listings|transactions|agencies --count N [--seed S] --out FILE
 *                   [--dirty] [--format json|bin|csv|geojson|parquet|arrow] [--per-agency N]
 * listings and agencies are JSON; transactions default to the VEPT binary table (src/core/table-codec.ts)
 * and can be written as JSON records, or as the files analysts bring (issue 15): CSV (--dirty: Windows-1252,
 * ';', decimal commas, dd/mm/aaaa, one bad row in ten), GeoJSON, Parquet or Arrow IPC — every text form
 * streamed in chunks (a million records never become one string), Parquet a row group at a time.
 * Bad arguments exit with status 2 and a Spanish message; a failed write exits with status 1.
 */
import { once } from 'node:events';
import { createWriteStream, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { encodeTable } from '../src/core/table-codec.ts';
import {
  generateAgencies,
  generateListings,
  generateTransactionsTable,
  transactionRecord,
} from '../src/datagen/index.ts';
import { csvLines, geoJsonFeature, windows1252 } from '../src/datagen/transaction-files.ts';
import type { PropertyTable } from '../src/core/types.ts';
import { arrowBytes, writeParquetFile } from './lib/transaction-formats.ts';

const USAGE =
  'uso: npm run data -- --kind listings|transactions|agencies --count N [--seed S] --out FILE ' +
  '[--dirty] [--format json|bin|csv|geojson|parquet|arrow] [--per-agency N]';
const FORMATS = ['json', 'bin', 'csv', 'geojson', 'parquet', 'arrow'] as const;
type Format = (typeof FORMATS)[number];
/** Formats of the analysts' files: transactions only. */
const FILE_FORMATS: readonly Format[] = ['bin', 'csv', 'geojson', 'parquet', 'arrow'];
const KINDS = ['listings', 'transactions', 'agencies'] as const;
type Kind = (typeof KINDS)[number];
/** Largest --count per kind: tables are compact, listings are objects held in memory (~650 MB per million). */
const MAX_COUNT: Readonly<Record<Kind, number>> = {
  listings: 1_000_000,
  transactions: 5_000_000,
  agencies: 10_000,
};
const MAX_PER_AGENCY = 10_000;
const MAX_SEED = 2 ** 31 - 1;
/** Characters gathered before one write: big enough to amortize the stream, small enough to stay flat. */
const CHUNK_CHARS = 1 << 20;

function fail(message: string): never {
  console.error(`error: ${message}`);
  console.error(USAGE);
  process.exit(2);
}

function integer(name: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined) fail(`falta --${name}`);
  if (!/^\d+$/.test(text)) fail(`--${name} debe ser un entero (recibido: '${text}')`);
  const value = Number(text);
  if (value < min || value > max) fail(`--${name} debe estar entre ${min} y ${max} (recibido: ${text})`);
  return value;
}

/**
 * Writes text pieces (strings, or bytes already encoded) as they come, waiting for the stream to drain so
 * memory stays flat.
 */
async function writePieces(file: string, pieces: Iterable<string | Uint8Array>): Promise<void> {
  const out = createWriteStream(file);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined); // observed through the races below; this only marks it handled
  for (const piece of pieces) if (!out.write(piece)) await Promise.race([once(out, 'drain'), failed]);
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
}

/** One JSON array in ~1 MB chunks. */
function* jsonArray(count: number, row: (i: number) => unknown, open = '[', close = '\n]\n') {
  let chunk = open;
  for (let i = 0; i < count; i++) {
    chunk += `${i === 0 ? '' : ','}\n${JSON.stringify(row(i))}`;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk + close;
}

/** CSV in slices of rows; the dirty form in Windows-1252 bytes. */
function* csvPieces(table: PropertyTable, count: number, dirty: boolean) {
  for (let from = 0; from < count || from === 0; from += 20_000) {
    const text = csvLines(table, from, Math.min(count, from + 20_000), dirty);
    yield dirty ? windows1252(text) : text;
    if (count === 0) break;
  }
}

const writeJsonArray = (file: string, count: number, row: (i: number) => unknown) =>
  writePieces(file, jsonArray(count, row));

interface Args {
  kind: Kind;
  count: number;
  seed: number;
  out: string;
  dirty: boolean;
  format: Format;
  perAgency: number;
}

function readArgs(): Args {
  let values;
  try {
    values = parseArgs({
      options: {
        kind: { type: 'string' },
        count: { type: 'string' },
        seed: { type: 'string', default: '1' },
        out: { type: 'string' },
        dirty: { type: 'boolean', default: false },
        format: { type: 'string' },
        'per-agency': { type: 'string', default: '200' },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const kind = KINDS.find((k) => k === values.kind);
  if (!kind) fail(`--kind debe ser uno de: ${KINDS.join(', ')} (recibido: '${values.kind ?? ''}')`);
  const format = FORMATS.find((f) => f === (values.format ?? (kind === 'transactions' ? 'bin' : 'json')));
  if (!format) fail(`--format debe ser uno de: ${FORMATS.join(', ')} (recibido: '${values.format ?? ''}')`);
  if (FILE_FORMATS.includes(format) && kind !== 'transactions')
    fail(`--format ${format} solo existe para --kind transactions`);
  if (values.dirty && !(kind === 'listings' || (kind === 'transactions' && format === 'csv')))
    fail('--dirty solo existe para --kind listings y para transactions en --format csv');
  if (!values.out) fail('falta --out FILE');
  return {
    kind,
    format,
    count: integer('count', values.count, 0, MAX_COUNT[kind]),
    seed: integer('seed', values.seed, 0, MAX_SEED),
    out: values.out,
    dirty: values.dirty,
    perAgency: integer('per-agency', values['per-agency'], 0, MAX_PER_AGENCY),
  };
}

async function write(args: Args): Promise<void> {
  const { kind, count, seed, out } = args;
  if (kind === 'transactions') {
    const table = generateTransactionsTable({ count, seed });
    if (args.format === 'bin') writeFileSync(out, encodeTable(table));
    else if (args.format === 'csv') await writePieces(out, csvPieces(table, count, args.dirty));
    else if (args.format === 'geojson')
      await writePieces(
        out,
        jsonArray(
          count,
          (i) => geoJsonFeature(table, i),
          '{"type":"FeatureCollection","features":[',
          '\n]}\n',
        ),
      );
    else if (args.format === 'parquet') writeParquetFile(out, table, count);
    else if (args.format === 'arrow') writeFileSync(out, arrowBytes(table, count));
    else await writeJsonArray(out, count, (i) => transactionRecord(table, i, seed));
  } else if (kind === 'listings') {
    const rows = generateListings({ count, seed, dirty: args.dirty });
    await writeJsonArray(out, rows.length, (i) => rows[i]);
  } else {
    const agencies = generateAgencies({ count, seed, propertiesPerAgency: args.perAgency });
    await writeJsonArray(out, agencies.length, (i) => agencies[i]);
  }
}

const args = readArgs();
const started = performance.now();
try {
  await write(args);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`error: no se pudo escribir ${args.out}: ${reason}`);
  process.exit(1);
}
const seconds = ((performance.now() - started) / 1000).toFixed(2);
const details = `semilla ${args.seed}, ${args.format}${args.dirty ? ', con errores' : ''}`;
console.log(`${args.kind}: ${args.count} registros (${details}) → ${args.out} en ${seconds} s`);
