import { describe, expect, it } from 'vitest';
import { hashQuery, routeOf, ROUTES } from '../../src/app/router.ts';

describe('routeOf', () => {
  it('finds every declared route, with or without a query', () => {
    for (const { hash } of ROUTES) {
      expect(routeOf(hash)).toBe(hash);
      expect(routeOf(`${hash}?a=1&b=2`)).toBe(hash);
    }
  });

  it('sends unknown, empty and near-miss hashes home', () => {
    for (const hash of ['', '#', '#/nada', '#/transacciones/x', '#/TRANSACCIONES', '?#/dibujo']) {
      expect(routeOf(hash)).toBe('#/');
    }
  });
});

describe('hashQuery', () => {
  it('returns what follows the first "?"', () => {
    expect(hashQuery('#/transacciones?t=2024-T1&op=Venta')).toBe('t=2024-T1&op=Venta');
    expect(hashQuery('#/a?b=c?d')).toBe('b=c?d');
    expect(hashQuery('#/transacciones')).toBe('');
    expect(hashQuery('')).toBe('');
  });
});
