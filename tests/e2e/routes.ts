import { ROUTES } from '../../src/app/router.ts';

/**
 * Every demo route as the walking specs visit it (security, accessibility, leaks, the test API). The
 * explorer's default million rows only make a walk longer — its controls, workers, requests and unmounting
 * are the same with a few thousand — so it is opened with 5,000.
 */
export const WALK: readonly string[] = ROUTES.map(({ hash }) =>
  hash === '#/transacciones' ? '#/transacciones?n=5000' : hash,
);
