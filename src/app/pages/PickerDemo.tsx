import { useState } from 'react';
import { fill, MESSAGES } from '../../core/messages.ts';
import { formatCoordinates } from '../../core/picker.ts';
import { LocationPicker, type PickedLocation } from '../../widgets/location-picker/LocationPicker.tsx';
import { COUNTRY_CENTRE, DEMO_PROPERTY, demoOptions, useHashQuery } from './picker-demo.ts';
import './picker-page.css';

interface PickerDemoProps {
  version: 1 | 2;
  mapId: string;
  /** The page's route, for the links to the demo starts. */
  route: string;
}

const AT = `lat=${String(DEMO_PROPERTY.latitud)}&lng=${String(DEMO_PROPERTY.longitud)}`;
const T = MESSAGES.pickerDemo;
/** Demo starts: without a position, with one labelled by the geocoder, with one and its description. */
const STARTS = [
  { label: T.withoutPosition, query: '' },
  { label: T.withPosition, query: `?${AT}` },
  { label: T.withDescription, query: `?${AT}&desc=${encodeURIComponent(T.sampleDescription)}` },
] as const;

function PickedText({ picked }: { picked: PickedLocation | null }) {
  if (!picked) return <>{MESSAGES.picker.noLocation}</>;
  return (
    <>
      {T.chosen} <span data-testid="picked-coords">{formatCoordinates(picked.latitud, picked.longitud)}</span>
      {' · '}
      <span data-testid="picked-label">{picked.label === '' ? T.lookingUp : picked.label}</span>
    </>
  );
}

/** One picker demo: the widget, the location its callback reported (as text), and the demo starts. */
function PickerDemoBody({ version, mapId, route, query }: PickerDemoProps & { query: string }) {
  const [options] = useState(() => demoOptions(query));
  const [picked, setPicked] = useState<PickedLocation | null>(null);
  return (
    <>
      <LocationPicker
        mapId={mapId}
        version={version}
        latitud={COUNTRY_CENTRE.latitud}
        longitud={COUNTRY_CENTRE.longitud}
        initialPosition={options.position}
        description={options.description}
        countryCodes={['ve']}
        search={{ visible: options.searchVisible }}
        detail={options.detail}
        twoFingers
        onLocation={setPicked}
      />
      <div className="picker-page__result">
        <p role="status" data-testid="picked">
          <PickedText picked={picked} />
        </p>
        <nav className="picker-page__starts" aria-label={T.startsLabel}>
          {STARTS.map((s) => (
            <a key={s.label} href={`${route}${s.query}`}>
              {s.label}
            </a>
          ))}
        </nav>
      </div>
    </>
  );
}

/** The demo remounts the picker when the hash query changes (its map options are read at creation). */
export function PickerDemo(props: PickerDemoProps) {
  const query = useHashQuery();
  return (
    <section className="picker-page" aria-label={fill(T.pickerSection, { version: props.version })}>
      <PickerDemoBody key={query} {...props} query={query} />
    </section>
  );
}
