/**
 * npm run data -- --kind listings|transactions|agencies --count N --seed S --out FILE [--dirty] [--format json|bin]
 * Deterministic synthetic Venezuelan data. Transactions default to the VEPT binary form; JSON is streamed.
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

const KINDS = ['listings', 'transactions', 'agencies'] as const;
type Kind = (typeof KINDS)[number];
const MAX_COUNT = 5_000_000;

function fail(message: string): never {
  console.error(`error: ${message}`);
  console.error(
    'uso: npm run data -- --kind listings|transactions|agencies --count N --seed S --out FILE [--dirty] [--format json|bin]',
  );
  process.exit(2);
}

function integer(name: string, text: string | undefined, min: number, max: number): number {
  if (text === undefined || !/^\d+$/.test(text))
    fail(`--${name} debe ser un entero (recibido: ${text ?? 'nada'})`);
  const value = Number(text);
  if (value < min || value > max) fail(`--${name} debe estar entre ${min} y ${max}`);
  return value;
}

/** Streams one JSON array, record by record, so a million rows never become one giant string. */
async function writeJsonArray(file: string, count: number, row: (i: number) => unknown): Promise<void> {
  const out = createWriteStream(file);
  out.write('[');
  for (let i = 0; i < count; i++) {
    if (!out.write(`${i === 0 ? '' : ','}\n${JSON.stringify(row(i))}`)) await once(out, 'drain');
  }
  out.end('\n]\n');
  await once(out, 'finish');
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        kind: { type: 'string' },
        count: { type: 'string' },
        seed: { type: 'string', default: '1' },
        out: { type: 'string' },
        dirty: { type: 'boolean', default: false },
        format: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const kind = parsed.kind as Kind | undefined;
  if (!kind || !KINDS.includes(kind)) fail(`--kind debe ser uno de: ${KINDS.join(', ')}`);
  const count = integer('count', parsed.count, 0, MAX_COUNT);
  const seed = integer('seed', parsed.seed, 0, 2 ** 31 - 1);
  const out = parsed.out ?? fail('falta --out FILE');
  const format = parsed.format ?? (kind === 'transactions' ? 'bin' : 'json');
  if (format !== 'json' && format !== 'bin') fail('--format debe ser json o bin');
  if (format === 'bin' && kind !== 'transactions') fail('--format bin solo existe para --kind transactions');

  const started = performance.now();
  if (kind === 'transactions') {
    const table = generateTransactionsTable({ count, seed });
    if (format === 'bin') writeFileSync(out, encodeTable(table));
    else await writeJsonArray(out, count, (i) => transactionRecord(table, i, seed));
  } else if (kind === 'listings') {
    const rows = generateListings({ count, seed, dirty: parsed.dirty });
    await writeJsonArray(out, rows.length, (i) => rows[i]);
  } else {
    writeFileSync(out, `${JSON.stringify(generateAgencies({ count, seed }))}\n`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(`${kind}: ${count} registros (semilla ${seed}, ${format}) → ${out} en ${seconds} s`);
}

await main();
