import { useState } from 'react';
import { DetailMap } from '../../widgets/detail-map/DetailMap.tsx';
import { initialFromHash } from './picker-demo.ts';
import './picker-page.css';

/** Demo of the fixed property detail map; `?lat=&lng=` chooses the property (default: a flat in Caracas). */
export function DetailMapPage() {
  const [initial] = useState(() => initialFromHash(window.location.hash));
  const at = initial.position ?? { latitud: 10.4961, longitud: -66.8537 };
  return (
    <section className="picker-page" aria-label="Mapa de detalle del inmueble">
      <DetailMap
        mapId="detalle"
        latitud={at.latitud}
        longitud={at.longitud}
        search={{ visible: true }}
        twoFingers
      />
    </section>
  );
}
