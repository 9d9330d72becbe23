import { PickerDemo } from './PickerDemo.tsx';

/** Demo of the location picker v2 (address autocomplete, 100 ms); same hash options as v1. */
export function PickerV2Page() {
  return <PickerDemo version={2} mapId="ubicacion-v2" route="#/ubicacion-v2" />;
}
