import { fill, MESSAGES } from '../../core/messages.ts';
import { formatCoordinates } from '../../core/picker.ts';
import { DetailMap } from '../../widgets/detail-map/DetailMap.tsx';
import { DEMO_PROPERTY, demoOptions, useHashQuery } from './picker-demo.ts';
import './picker-page.css';

const T = MESSAGES.pickerDemo;

/**
 * Demo of the fixed property detail map; `?lat=&lng=` chooses the property, `buscador=0` hides the search box,
 * `marcador=1` marks the place a search chose.
 */
export function DetailMapPage() {
  const query = useHashQuery();
  const options = demoOptions(query);
  const at = options.position ?? DEMO_PROPERTY;
  return (
    <section className="picker-page" aria-label={T.detailSection}>
      <DetailMap
        key={query}
        mapId="detalle"
        latitud={at.latitud}
        longitud={at.longitud}
        search={{ visible: options.searchVisible, marker: options.searchMarker }}
        twoFingers
      />
      <div className="picker-page__result">
        <p data-testid="detail-property">
          {fill(T.property, { coords: formatCoordinates(at.latitud, at.longitud) })}
        </p>
        <nav className="picker-page__starts" aria-label={T.startsLabel}>
          <a href="#/detalle">{T.withSearch}</a>
          <a href="#/detalle?buscador=0">{T.withoutSearch}</a>
          <a href="#/detalle?marcador=1">{T.withSearchMarker}</a>
        </nav>
      </div>
    </section>
  );
}
