import { useSyncExternalStore } from 'react';

/**
 * Demo routes (hash-based, so the static preview server needs no rewrites). A route may carry a query after
 * '?' in the hash (`#/transacciones?t=2024-T1`): the route is the part before it, the page reads the rest.
 */
export const ROUTES = [
  { hash: '#/', label: 'Inmuebles' },
  { hash: '#/busqueda', label: 'Búsqueda' },
  { hash: '#/transacciones', label: 'Transacciones' },
  { hash: '#/inmobiliarias', label: 'Inmobiliarias' },
  { hash: '#/ubicacion', label: 'Ubicación v1' },
  { hash: '#/ubicacion-v2', label: 'Ubicación v2' },
  { hash: '#/detalle', label: 'Detalle' },
  { hash: '#/dibujo', label: 'Dibujar zona' },
] as const;
export type RouteHash = (typeof ROUTES)[number]['hash'];

/** The route of a location hash ('#/x?y' → '#/x'); unknown or empty hashes are the home route. */
export function routeOf(hash: string): RouteHash {
  const path = hash.split('?', 1)[0] ?? '';
  return ROUTES.find((r) => r.hash === path)?.hash ?? '#/';
}

/** The query part of a location hash ('#/x?a=1' → 'a=1'), for pages that keep their state in the URL. */
export function hashQuery(hash: string): string {
  const at = hash.indexOf('?');
  return at < 0 ? '' : hash.slice(at + 1);
}

function current(): RouteHash {
  return routeOf(window.location.hash);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
  };
}

/** The active route, re-rendering on hash changes (a change of the query alone keeps the same route). */
export function useRoute(): RouteHash {
  return useSyncExternalStore(subscribe, current);
}
