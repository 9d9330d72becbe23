import type { IControl, Map as MapLibreMap } from 'maplibre-gl';

/**
 * Removes a control unless the map already did. On unmount React may run the map's own cleanup
 * (`map.remove()`, which removes every control) before a widget's effect cleanups; removing a control
 * twice makes MapLibre's controls call methods on their cleared map and throw.
 */
export function removeControlSafely(map: MapLibreMap, control: IControl): void {
  if (map.hasControl(control)) map.removeControl(control);
}
