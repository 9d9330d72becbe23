import { Worker } from 'node:worker_threads';
import { checkedStore } from './store-file.ts';
import { EMPTY_STORE, type GazetteerStore, type StoredPlace } from './types.ts';

/** Places per message: each arrives as its own event, so a request waits for one slice's copy at most. */
const CHUNK = 2000;

/**
 * The worker's code, plain CommonJS (a worker given a .ts file would need the app's loader). It reads and
 * parses the store — JSON.parse of a country's 32 MB store blocks for about a second — and sends it back
 * in chunks, each when the main thread asks for it.
 */
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
let places = null;
let next = 0;
function send() {
  if (places && next < places.length) {
    parentPort.postMessage({ kind: 'places', places: places.slice(next, next + ${CHUNK}) });
    next += ${CHUNK};
  } else {
    parentPort.postMessage({ kind: 'end' });
    parentPort.close();
  }
}
try {
  let text;
  try {
    text = readFileSync(workerData.path, 'utf8');
  } catch (error) {
    if (error && error.code === 'ENOENT') text = null;
    else throw error;
  }
  if (text === null) {
    parentPort.postMessage({ kind: 'missing' });
    parentPort.close();
  } else {
    const store = JSON.parse(text);
    places = store && Array.isArray(store.places) ? store.places : null;
    parentPort.postMessage({ kind: 'head', version: store && store.version, imports: store && store.imports,
      hasPlaces: places !== null });
    // One chunk per request from the main thread: Node delivers every queued message in one turn of the
    // event loop, so chunks sent all at once would be copied in one block there.
    parentPort.on('message', send);
  }
} catch (error) {
  parentPort.postMessage({ kind: 'error', message: String((error && error.message) || error) });
  parentPort.close();
}
`;

type Message =
  | { kind: 'missing' | 'end' }
  | { kind: 'head'; version: unknown; imports: unknown; hasPlaces: boolean }
  | { kind: 'places'; places: StoredPlace[] }
  | { kind: 'error'; message: string };

/**
 * Reads a store file in a worker thread (what `readStore` does, off the event loop): the empty store when
 * there is none, an error naming the file when it is not a store.
 */
export function readStoreOffThread(path: string): Promise<GazetteerStore> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(SOURCE, { eval: true, workerData: { path } });
    let head: { version: unknown; imports: unknown; places: StoredPlace[] | undefined } | null = null;
    const places: StoredPlace[] = [];
    worker.on('message', (message: Message) => {
      if (message.kind === 'missing') resolve(EMPTY_STORE);
      else if (message.kind === 'error') reject(new Error(`${path}: ${message.message}`));
      else if (message.kind === 'head') {
        head = {
          version: message.version,
          imports: message.imports,
          places: message.hasPlaces ? places : undefined,
        };
        worker.postMessage('next');
      } else if (message.kind === 'places') {
        for (const p of message.places) places.push(p);
        // The next chunk after the requests that waited meanwhile.
        setImmediate(() => {
          worker.postMessage('next');
        });
      } else {
        try {
          resolve(checkedStore(head, path));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      // Every path above has settled the promise by now; this catches a worker that died without a word.
      if (code !== 0) reject(new Error(`${path}: el lector terminó con código ${code}`));
    });
  });
}
