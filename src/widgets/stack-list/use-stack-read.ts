import { useEffect, useState } from 'react';
import type { ClusterMapController, StackHit } from '../../map/cluster-map-controller.ts';
import { isEngineClosed } from '../../../workers/client.ts';

/**
 * What a cluster that cannot split holds, read from the worker when one is clicked (`hit`): the one effect
 * both stack lists share. An answer for a stack no longer open is dropped, and a terminated engine (the page
 * went away) is no error. `read` is a dependency, so the caller keeps it stable (useCallback).
 */
export function useStackRead<T>(
  controller: ClusterMapController | null,
  hit: StackHit | null,
  read: (controller: ClusterMapController, hit: StackHit) => Promise<T>,
): T | null {
  const [stack, setStack] = useState<{ hit: StackHit; value: T } | null>(null);
  useEffect(() => {
    if (!controller || !hit) return undefined;
    let live = true;
    read(controller, hit).then(
      (value) => {
        if (live) setStack({ hit, value });
      },
      (reason: unknown) => {
        if (!isEngineClosed(reason)) console.error(reason);
      },
    );
    return () => {
      live = false;
    };
  }, [controller, hit, read]);
  return stack && stack.hit === hit ? stack.value : null;
}
