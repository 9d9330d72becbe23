import { useSyncExternalStore } from 'react';

/** Demo routes (hash-based, so the static preview server needs no rewrites). */
export const ROUTES = [
  { hash: '#/', label: 'Inmuebles' },
  { hash: '#/transacciones', label: 'Transacciones' },
] as const;
export type RouteHash = (typeof ROUTES)[number]['hash'];

function current(): RouteHash {
  const hash = window.location.hash;
  return ROUTES.find((r) => r.hash === hash)?.hash ?? '#/';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
  };
}

/** The active route, re-rendering on hash changes. */
export function useRoute(): RouteHash {
  return useSyncExternalStore(subscribe, current);
}
