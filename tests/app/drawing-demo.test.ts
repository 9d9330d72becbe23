import { describe, expect, it } from 'vitest';
import { countText, listingPositions, SAVED_SHAPES } from '../../src/app/pages/drawing-demo.ts';
import { MESSAGES } from '../../src/core/messages.ts';
import { parseStoredShape } from '../../src/core/shapes.ts';

const T = MESSAGES.drawingDemo;

describe('drawing demo', () => {
  it('says there is no area, that it is counting, then the count with thousands in es-VE', () => {
    expect(countText(null, false, false)).toBe(T.noShape);
    expect(countText(null, true, false)).toBe(T.counting);
    expect(countText({ inside: 3, sale: 2, rental: 1 }, true, true)).toBe(T.counting);
    expect(countText({ inside: 1234, sale: 1000, rental: 234 }, true, false)).toBe(
      '1.234 inmuebles de la demostración dentro del área (1.000 en venta, 234 en alquiler).',
    );
  });

  it('keeps listing positions as [lng, lat] pairs for the map', () => {
    expect([
      ...listingPositions([
        { latitud: 10.5, longitud: -66.9 },
        { latitud: 8, longitud: -63 },
      ]),
    ]).toEqual([-66.9, 10.5, -63, 8]);
  });

  it('ships saved samples that load (polygon, circle) and one that is refused', () => {
    expect(parseStoredShape(SAVED_SHAPES.polygon)).toMatchObject({ ok: true, shape: { kind: 'polygon' } });
    expect(parseStoredShape(SAVED_SHAPES.circle)).toMatchObject({ ok: true, shape: { kind: 'circle' } });
    expect(parseStoredShape(SAVED_SHAPES.bad).ok).toBe(false);
  });
});
