import { int, type Rng } from './random.ts';

type Row = Record<string, unknown>;

/**
 * The malformations real feeds contain. Each takes a clean record (and the list, for duplicates) and returns
 * the bad row. Named so tests can check that every kind occurs.
 */
export const MALFORMATIONS: Readonly<Record<string, (row: Row, all: readonly unknown[]) => unknown>> = {
  missingLatitud: ({ latitud: _, ...rest }) => rest,
  nanLongitud: (row) => ({ ...row, longitud: Number.NaN }),
  latitudOutOfRange: (row) => ({ ...row, latitud: 123.4 }),
  swappedCoordinates: (row) => ({ ...row, latitud: row.longitud, longitud: row.latitud }),
  zeroZero: (row) => ({ ...row, latitud: 0, longitud: 0 }),
  textCoordinates: (row) => ({ ...row, latitud: 'norte', longitud: '' }),
  priceString: (row) => ({ ...row, precio: '$ 150.000', precioFinal: 'consultar' }),
  htmlText: (row) => ({
    ...row,
    urbanizacion: '<img src=x onerror="alert(1)">',
    direccionDetallada: '<script>alert("xss")</script> Av. Principal',
    tipoInmueble: '<b>Casa</b>',
  }),
  javascriptUrl: (row) => ({ ...row, url: 'javascript:alert(document.cookie)' }),
  dataUrl: (row) => ({
    ...row,
    url: 'data:text/html,<script>alert(1)</script>',
    foto: 'data:image/svg+xml,<svg onload=alert(1)>',
  }),
  duplicateId: (row, all) => ({ ...row, id: (all[0] as Row | undefined)?.id ?? row.id }),
  protoKey: (row) => ({
    ...(JSON.parse('{"__proto__":{"polluted":"sí"},"constructor":{"prototype":{"x":1}}}') as Row),
    ...row,
  }),
  nullFields: (row) => ({ ...row, precio: null, nroHabitaciones: null, imagenes: null, operacion: null }),
  notAnObject: () => 'fila corrupta',
  arrayRow: (row) => [row.latitud, row.longitud],
  nullRow: () => null,
};

const KINDS = Object.keys(MALFORMATIONS);

/**
 * Replaces about `share` of `rows` with malformed ones, cycling through every kind so even small sets contain
 * each one. Deterministic for a given rng state.
 */
export function corrupt(rows: unknown[], rng: Rng, share: number): unknown[] {
  const out = rows.slice();
  const victims = Math.max(
    rows.length > 0 ? Math.min(rows.length, KINDS.length) : 0,
    Math.round(rows.length * share),
  );
  const used = new Set<number>();
  const last = Math.max(1, out.length - 1);
  for (let k = 0; k < victims && used.size < last; k++) {
    let index = int(rng, 1, last); // keep row 0 clean: duplicates point at it
    while (used.has(index)) index = index === last ? 1 : index + 1; // distinct rows, so every kind survives
    used.add(index);
    const kind = KINDS[k % KINDS.length] ?? 'nullRow';
    const source = out[index];
    const row = typeof source === 'object' && source !== null ? (source as Row) : {};
    out[index] = MALFORMATIONS[kind]?.(row, out) ?? null;
  }
  return out;
}
