/**
 * Deterministic synthetic Venezuelan data to a file:
 *   npm run data -- --kind listings|transactions|agencies --count N [--seed S] --out FILE
 *                   [--dirty] [--format json|bin] [--per-agency N]
 * listings and agencies are JSON; transactions default to the VEPT binary table (src/core/table-codec.ts)
 * and can be written as JSON records instead, streamed in chunks (a million records never become one string).
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

const USAGE =
  'uso: npm run data -- --kind listings|transactions|agencies --count N [--seed S] --out FILE ' +
  '[--dirty] [--format json|bin] [--per-agency N]';
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

/** Writes one JSON array in ~1 MB chunks, waiting for the stream to drain so memory stays flat. */
async function writeJsonArray(file: string, count: number, row: (i: number) => unknown): Promise<void> {
  const out = createWriteStream(file);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined); // observed through the races below; this only marks it handled
  let chunk = '[';
  for (let i = 0; i < count; i++) {
    chunk += `${i === 0 ? '' : ','}\n${JSON.stringify(row(i))}`;
    if (chunk.length >= CHUNK_CHARS) {
      if (!out.write(chunk)) await Promise.race([once(out, 'drain'), failed]);
      chunk = '';
    }
  }
  out.end(`${chunk}\n]\n`);
  await Promise.race([once(out, 'finish'), failed]);
}

interface Args {
  kind: Kind;
  count: number;
  seed: number;
  out: string;
  dirty: boolean;
  format: 'json' | 'bin';
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
  const format = values.format ?? (kind === 'transactions' ? 'bin' : 'json');
  if (format !== 'json' && format !== 'bin') fail(`--format debe ser json o bin (recibido: '${format}')`);
  if (format === 'bin' && kind !== 'transactions') fail('--format bin solo existe para --kind transactions');
  if (values.dirty && kind !== 'listings') fail('--dirty solo existe para --kind listings');
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
