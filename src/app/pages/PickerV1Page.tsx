import { PickerDemo } from './PickerDemo.tsx';

/** Demo of the location picker v1 (place search); `?lat=&lng=&desc=&buscador=0&detalle=1` in the hash. */
export function PickerV1Page() {
  return <PickerDemo version={1} mapId="ubicacion-v1" route="#/ubicacion" />;
}
