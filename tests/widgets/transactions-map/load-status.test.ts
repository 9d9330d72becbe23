import { describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../../workers/contract.ts';
import { loadStatusText } from '../../../src/widgets/transactions-map/load-status.ts';

const at = (change: Partial<LoadProgress>): LoadProgress => ({
  phase: 'download',
  received: 0,
  expected: 0,
  downloaded: 0,
  rows: 1_000_000,
  sampleRows: 0,
  fraction: 0,
  ...change,
});

describe('what the explorer’s progress bar says', () => {
  it('the download’s percentage, then the provisional sample, then the grouping, in Spanish', () => {
    expect(loadStatusText(null)).toBe('Cargando transacciones…');
    expect(loadStatusText(at({ downloaded: 0.456 }))).toBe('Descargando transacciones… 45 %');
    expect(loadStatusText(at({ phase: 'sample', sampleRows: 100_000 }))).toBe(
      'Mapa provisional con una muestra de 100.000 transacciones; agrupando las 1.000.000…',
    );
    expect(loadStatusText(at({ phase: 'index', sampleRows: 100_000 }))).toMatch(/^Mapa provisional/);
    expect(loadStatusText(at({ phase: 'index' }))).toBe('Agrupando 1.000.000 transacciones…');
  });
});
