import { describe, expect, it } from 'vitest';
import { normalizeProperties } from '../../src/core/normalize.ts';
import type { Property } from '../../src/core/types.ts';
import { cardFields, ZONE_ICONS } from '../../src/widgets/property-card/card-fields.ts';

const ORIGIN = 'https://inmuebles.example';

function property(extra: Record<string, unknown>): Property {
  const { properties } = normalizeProperties([{ id: 'p', latitud: 10.5, longitud: -66.9, ...extra }]);
  const p = properties[0];
  if (!p) throw new Error('record rejected');
  return p;
}

describe('popup card and mobile panel fields', () => {
  it('formats price with $ and thousands, areas in m², and the hab / baños / est counts', () => {
    const f = cardFields(
      property({
        operacion: 'Venta',
        precio: 1250000,
        areaConstruccion: 120,
        areaTerreno: 300,
        nroHabitaciones: 3,
        nroBanios: 2,
        nroEstacionamientos: 1,
        tipoInmueble: ' Casa ',
        codigoInmueblePublico: 'COD-9',
      }),
      ORIGIN,
    );
    expect(f.precio).toBe('$1.250.000');
    expect(f.areas).toEqual(['120 m²', '300 m²']);
    expect(f.counts).toEqual(['3 hab', '2 baños', '1 est']);
    expect(f.tipo).toBe('Casa');
    expect(f.codigo).toBe('COD-9');
  });

  it('omits empty text and zero areas; unparseable numbers read 0', () => {
    const f = cardFields(
      property({ precio: 'abc', nroHabitaciones: 'x', areaConstruccion: 'n/a', urbanizacion: '   ' }),
      ORIGIN,
    );
    expect(f.precio).toBe('$0/mes'); // no operation given: the spec reads anything but 'Venta' as a rental
    // Zero (or unparseable, which reads 0) counts are left out, like other empty fields.
    expect(f.counts).toEqual([]);
    expect(f.areas).toEqual([]);
    expect(f.urbanizacion).toBe('');
    expect(f.direccion).toBe('');
    expect(f.tipo).toBe('');
  });

  it("a rental's price reads per month; a sale's does not; only the non-zero counts show", () => {
    const rental = cardFields(
      property({
        operacion: 'Alquiler',
        precio: 800,
        nroHabitaciones: 0,
        nroBanios: 1,
        nroEstacionamientos: 0,
      }),
      ORIGIN,
    );
    expect(rental.precio).toBe('$800/mes');
    expect(rental.counts).toEqual(['1 baños']);
    const sale = cardFields(property({ operacion: 'Venta', precio: 800, nroHabitaciones: 2 }), ORIGIN);
    expect(sale.precio).toBe('$800');
    expect(sale.counts).toEqual(['2 hab']);
  });

  it('uses the three local placeholders when no photo is safe to load', () => {
    // The paths docs/api.md tells a host to serve.
    const PLACEHOLDERS = [
      '/placeholders/inmueble-1.svg',
      '/placeholders/inmueble-2.svg',
      '/placeholders/inmueble-3.svg',
    ];
    const none = cardFields(property({}), ORIGIN);
    expect(none.photos).toEqual(PLACEHOLDERS);
    expect(none.usesPlaceholders).toBe(true);
    const unsafe = cardFields(
      property({
        foto: 'javascript:alert(1)',
        imagenes: ['data:image/png;base64,AAAA', '//evil.example/x.jpg'],
      }),
      ORIGIN,
    );
    expect(unsafe.photos).toEqual(PLACEHOLDERS);
  });

  it('keeps safe photos (deduplicated, relative ones resolved on this origin)', () => {
    const f = cardFields(
      property({ foto: '/fotos/1.jpg', imagenes: ['/fotos/1.jpg', 'https://cdn.example/2.jpg'] }),
      ORIGIN,
    );
    expect(f.photos).toEqual([`${ORIGIN}/fotos/1.jpg`, 'https://cdn.example/2.jpg']);
    expect(f.usesPlaceholders).toBe(false);
  });

  it('shows a zone icon for oro / alerta / riesgo / pérdida, accents and case ignored', () => {
    expect(cardFields(property({ zona: 'ORO' }), ORIGIN).zone).toBe('oro');
    expect(cardFields(property({ zona: 'Pérdida' }), ORIGIN).zone).toBe('perdida');
    expect(cardFields(property({ zona: ' Riesgo ' }), ORIGIN).zone).toBe('riesgo');
    expect(cardFields(property({ zona: 'alerta' }), ORIGIN).zone).toBe('alerta');
    expect(cardFields(property({ zona: 'plata' }), ORIGIN).zone).toBeNull();
    expect(Object.keys(ZONE_ICONS).sort()).toEqual(['alerta', 'oro', 'perdida', 'riesgo']);
    for (const icon of Object.values(ZONE_ICONS)) expect(icon.label).toMatch(/^Zona /);
  });

  it('keeps markup in records as plain text (the components render it as text)', () => {
    const f = cardFields(property({ urbanizacion: '<img src=x onerror=alert(1)>' }), ORIGIN);
    expect(f.urbanizacion).toBe('<img src=x onerror=alert(1)>');
  });
});
