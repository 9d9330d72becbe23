import { describe, expect, it } from 'vitest';
import { normalizeProperties } from '../../src/core/normalize.ts';
import { formatPriceLabel } from '../../src/core/format.ts';
import { safeUrl } from '../../src/core/url.ts';
import { hostileCorpus } from '../fixtures/hostile/corpus.ts';

describe('hostile records through normalization', () => {
  // HOSTILE_BYTES: the huge strings' size (10 MB in `npm run test:stress`).
  const corpus = hostileCorpus(Number(process.env.HOSTILE_BYTES ?? 200_000));
  const result = normalizeProperties(corpus.map((c) => c.record));

  it('keeps exactly the valid records and counts every other one with a reason', () => {
    const kept = new Set(result.properties.map((p) => p.id));
    const expected = corpus.filter((c) => c.valid).length;
    expect(result.properties).toHaveLength(expected);
    expect(result.rejected).toHaveLength(corpus.length - expected);
    for (const r of result.rejected) expect(r.reason).toMatch(/\S/);
    expect(kept.has('h-markup')).toBe(true);
    expect(kept.has('h-swapped')).toBe(false);
  });

  it('never pollutes prototypes', () => {
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('keeps markup as inert text and caps huge strings', () => {
    const markup = result.properties.find((p) => p.id === 'h-markup');
    expect(markup?.direccionDetallada).toContain('<script>');
    for (const p of result.properties) {
      for (const value of Object.values(p)) {
        if (typeof value === 'string') expect(value.length).toBeLessThanOrEqual(2048);
      }
    }
  });

  it('gives finite numbers for every numeric field, and no opener for dangerous urls', () => {
    for (const p of result.properties) {
      for (const value of [p.latitud, p.longitud, p.precio, p.nroHabitaciones, p.nroBanios]) {
        expect(Number.isFinite(value)).toBe(true);
      }
      expect(formatPriceLabel(p.precio)).toMatch(/^[\d.,]+[KM]?$/);
      const url = safeUrl(p.url, 'http://127.0.0.1:4173');
      if (url !== null) expect(url).toMatch(/^https?:\/\//);
    }
  });
});
