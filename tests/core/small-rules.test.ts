import { describe, expect, it } from 'vitest';
import { clusterColor, cssColorToRgba } from '../../src/core/colors.ts';
import { fill, MESSAGES } from '../../src/core/messages.ts';
import { safeUrl } from '../../src/core/url.ts';
import { zoneKind } from '../../src/core/zone.ts';

describe('clusterColor (spec: red when sale ≥ rental, else green)', () => {
  it.each([
    [5, 5, 'rgba(255,0,0,0.6)'],
    [6, 5, 'rgba(255,0,0,0.6)'],
    [0, 0, 'rgba(255,0,0,0.6)'],
    [4, 5, 'rgba(0,128,0,0.6)'],
    [0, 1, 'rgba(0,128,0,0.6)'],
  ])('sale %s rental %s → %s', (sale, rent, color) => {
    expect(clusterColor(sale, rent)).toBe(color);
  });
});

describe('cssColorToRgba', () => {
  it.each([
    ['red', [255, 0, 0, 255]],
    ['#985DFF', [152, 93, 255, 255]],
    ['#0275d8', [2, 117, 216, 255]],
    ['#fff', [255, 255, 255, 255]],
    ['#00000080', [0, 0, 0, 128]],
    ['rgba(255,0,0,0.6)', [255, 0, 0, 153]],
    ['rgb(0 128 0)', [0, 128, 0, 255]],
    [' Yellow ', [255, 255, 0, 255]],
  ])('%s', (text, rgba) => {
    expect(cssColorToRgba(text)).toEqual(rgba);
  });

  it('never reads inherited names such as constructor or __proto__', () => {
    expect(cssColorToRgba('constructor')).toBeNull();
    expect(cssColorToRgba('__proto__', [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
  });

  it('returns the fallback for unparseable colours', () => {
    expect(cssColorToRgba('not-a-colour')).toBeNull();
    expect(cssColorToRgba('#12', [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(cssColorToRgba('rgb(1,2)')).toBeNull();
  });
});

describe('zoneKind (accents and case ignored)', () => {
  it.each([
    ['oro', 'oro'],
    ['Oro', 'oro'],
    ['ALERTA', 'alerta'],
    [' Riesgo ', 'riesgo'],
    ['Pérdida', 'perdida'],
    ['PERDIDA', 'perdida'],
    ['', null],
    ['plata', null],
    ['oro viejo', null],
  ])('%j → %s', (zona, kind) => {
    expect(zoneKind(zona)).toBe(kind);
  });
});

describe('safeUrl (http(s) or same origin only)', () => {
  const origin = 'http://127.0.0.1:4173';
  it.each([
    ['https://ejemplo.com.ve/inmueble/1', 'https://ejemplo.com.ve/inmueble/1'],
    ['http://ejemplo.com.ve/x', 'http://ejemplo.com.ve/x'],
    ['/inmuebles/VE-1', 'http://127.0.0.1:4173/inmuebles/VE-1'],
    ['inmuebles/VE-1', 'http://127.0.0.1:4173/inmuebles/VE-1'],
  ])('%s is opened as %s', (url, expected) => {
    expect(safeUrl(url, origin)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    '//evil.example/x',
    'ftp://x/y',
    '',
    '   ',
  ])('%j is refused', (url) => {
    expect(safeUrl(url, origin)).toBeNull();
  });
});

describe('messages', () => {
  it('keeps the spec strings verbatim', () => {
    expect(MESSAGES.map.twoFingers).toBe('Usa dos dedos para mover y hacer zoom en el mapa.');
    expect(MESSAGES.drawing.closeArea).toBe('HAGA CLIC EN EL PRIMER PUNTO PARA CERRAR EL ÁREA');
    expect(MESSAGES.search.pickerPlaceholder).toBe('Ubicación - Ingresar urbanización o ciudad.');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fill(MESSAGES.errors.httpStatus, { n: 503 })).toBe('Request failed with status code 503');
    expect(fill(MESSAGES.locate.within, { distance: 20 })).toBe('Está a 20 {unit} de este punto');
    expect(fill('x {constructor} {toString}', {})).toBe('x {constructor} {toString}');
  });
});
