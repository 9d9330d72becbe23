import { decodeTable } from '../../core/table-codec.ts';
import type { PropertyTable } from '../../core/types.ts';

/**
 * Downloads a VEPT table, reporting progress (0…1) as bytes arrive, so a million transactions show a real
 * progress bar rather than a frozen page. Falls back to one read when the size is unknown.
 */
export async function loadTable(
  url: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PropertyTable> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Request failed with status code ${String(response.status)}`);
  const total = Number(response.headers.get('content-length'));
  if (!response.body || !Number.isFinite(total) || total <= 0) {
    const table = decodeTable(await response.arrayBuffer());
    onProgress(1);
    return table;
  }
  const bytes = new Uint8Array(total);
  const reader = response.body.getReader();
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (received + value.byteLength > total) throw new Error('La respuesta es más larga de lo anunciado.');
    bytes.set(value, received);
    received += value.byteLength;
    onProgress(received / total);
  }
  return decodeTable(bytes.buffer);
}
