import { describe, expect, it } from 'vitest';
import type { PropertyTable } from '../../src/core/types.ts';
import { ClusterEngine } from '../../workers/engine/engine.ts';
import { tableProblem } from '../../src/core/table-check.ts';
import { emptyTable } from '../../src/core/table.ts';
import { tableFrom } from '../workers/helpers.ts';

const labels = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('tables handed to the engine: dictionary limits (issue 21 §3)', () => {
  it('refuses too many quarters or colours and over-long labels with a Spanish reason', () => {
    const good = tableFrom([[-66.9, 10.5]]);
    const cases: [PropertyTable, string][] = [
      [{ ...good, quarters: labels(65_535, 'q') }, 'tiene 65535 trimestres distintos (máximo 256)'],
      [{ ...good, colors: labels(65, 'c') }, 'tiene 65 colores distintos (máximo 64)'],
      [
        { ...good, quarters: ['x'.repeat(100_000)] },
        'una etiqueta de trimestre tiene 100000 caracteres (máximo 64)',
      ],
      [
        { ...good, colors: ['azul', 'r'.repeat(65)] },
        'una etiqueta de color tiene 65 caracteres (máximo 64)',
      ],
    ];
    for (const [table, reason] of cases) {
      expect(tableProblem(table)).toBe(reason);
      expect(new ClusterEngine().load(table)).toEqual({ ok: false, error: `Tabla inválida: ${reason}.` });
    }
  });

  it('filters exactly at the limits: 256 quarters × 64 colours keep every facet key distinct', () => {
    const quarters = labels(256, 'T');
    const colors = labels(64, 'c');
    const n = 256 * 64 * 2;
    // One row per (quarter, colour, operation): each filter below must find exactly its rows.
    const table = {
      ...tableFrom(
        Array.from({ length: n }, (_, i) => [-66.9 + (i % 97) * 1e-3, 10.5 + (i % 89) * 1e-3]),
        (i) => ({ quarter: i >> 7, color: (i >> 1) & 63, operation: i & 1 }),
      ),
      quarters,
      colors,
    };
    const engine = new ClusterEngine();
    expect(engine.load(table).ok).toBe(true);
    const matching = (quarters: string[], colors: string[], operations: ('Venta' | 'Alquiler')[]) => {
      const answer = engine.setFilter({ quarters, colors, operations });
      return answer.ok ? answer.value.matching : -1;
    };
    expect(matching(['T255'], ['c63'], ['Alquiler'])).toBe(1);
    expect(matching(['T255', 'T0'], ['c63', 'c0'], ['Venta', 'Alquiler'])).toBe(8);
    expect(matching(quarters, ['c17'], ['Venta'])).toBe(256);
    const summary = engine.getSummary();
    expect(summary.ok && summary.value.total).toBe(256);
  });
});

describe('the optional built-area column', () => {
  const base = { ...emptyTable(), length: 0 };
  it('accepts a table without it or with one Float32 per row, and refuses any other shape', () => {
    expect(tableProblem(base)).toBeNull();
    expect(tableProblem({ ...base, area: new Float32Array(0) })).toBeNull();
    expect(tableProblem({ ...base, area: new Float64Array(0) })).toBe(
      'la columna area no es un Float32Array',
    );
    expect(tableProblem({ ...base, area: new Float32Array(2) })).toBe(
      'la columna area tiene 2 filas y se esperaban 0',
    );
  });
});
