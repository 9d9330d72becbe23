import { useState } from 'react';
import { formatNumber } from '../../core/format.ts';
import { LocationPicker, type PickedLocation } from '../../widgets/location-picker/LocationPicker.tsx';
import { COUNTRY_CENTRE, initialFromHash } from './picker-demo.ts';
import './picker-page.css';

/** Demo of the location picker v1 (place search); `?lat=&lng=&desc=` in the hash sets an initial position. */
export function PickerV1Page() {
  const [initial] = useState(() => initialFromHash(window.location.hash));
  const [picked, setPicked] = useState<PickedLocation | null>(null);
  return (
    <section className="picker-page" aria-label="Selector de ubicación v1">
      <LocationPicker
        mapId="ubicacion-v1"
        version={1}
        latitud={COUNTRY_CENTRE.latitud}
        longitud={COUNTRY_CENTRE.longitud}
        initialPosition={initial.position}
        description={initial.description}
        countryCodes={['ve']}
        search={{ visible: true }}
        twoFingers
        onLocation={setPicked}
      />
      <p className="picker-page__result" role="status" data-testid="picked">
        {picked
          ? `Ubicación elegida: ${formatNumber(picked.latitud, 6)}, ${formatNumber(picked.longitud, 6)}${picked.label ? ` · ${picked.label}` : ''}`
          : 'Haga clic en el mapa para ubicar el inmueble.'}
      </p>
    </section>
  );
}
