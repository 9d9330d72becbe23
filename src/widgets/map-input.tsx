import type { ComponentType } from 'react';
import { checkMapInput } from '../core/map-input.ts';

type Positioned = { mapId: string; latitud: number | string; longitud: number | string };

/**
 * The widget `View` behind the spec's run-time rule that a map requires position and map id: without them a
 * Spanish alert takes the map's place instead of a map at a wrong place (or a crash in MapLibre). The check
 * runs before any of the widget's hooks, so the widget itself can take its inputs as given.
 */
export function requireMapInput<P extends Positioned>(
  View: ComponentType<P>,
  name: string,
): ComponentType<P> {
  function MapInputCheck(props: P) {
    const checked = checkMapInput(props);
    if (!checked.ok)
      return (
        <p className="map-input-error" role="alert">
          {checked.error}
        </p>
      );
    return <View {...props} />;
  }
  MapInputCheck.displayName = name;
  return MapInputCheck;
}
