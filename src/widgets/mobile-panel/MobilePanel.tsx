import { useEffect, useRef, useState } from 'react';
import { TIMING_MS } from '../../core/constants.ts';
import { MESSAGES } from '../../core/messages.ts';
import type { Property } from '../../core/types.ts';
import { safeUrl } from '../../core/url.ts';
import { cardFields } from '../property-card/card-fields.ts';
import { PhotoGallery } from './PhotoGallery.tsx';
import './mobile-panel.css';

export interface MobilePanelProps {
  property: Property;
  /** The map the panel belongs to; when it is gone the panel cannot show (spec, error catalogue message). */
  mapAvailable: boolean;
  onClose: () => void;
}

/**
 * Mobile bottom panel (spec, screens): a photo gallery (100% wide, photos 160 px high, thumbnails below), the code in red, type, price,
 * counts, areas, urbanización and address. Tapping the information opens the property's url; 'Cerrar' or a
 * click outside (armed after 100 ms) closes it after a 300 ms fade. One panel: a new property updates it.
 */
export function MobilePanel({ property, mapAvailable, onClose }: MobilePanelProps) {
  const [closing, setClosing] = useState(false);
  // A new property while the old one fades (a tap on another marker is also an outside click): the panel
  // shows the new one and the fade is called off, so its end cannot close the new selection.
  const [shown, setShown] = useState(property);
  if (shown !== property) {
    setShown(property);
    setClosing(false);
  }
  const panel = useRef<HTMLElement | null>(null);
  const f = cardFields(property, window.location.origin);

  useEffect(() => {
    if (!mapAvailable) console.error(MESSAGES.errors.paneWithoutMap);
  }, [mapAvailable]);

  // The fade, then the parent unmounts the panel.
  useEffect(() => {
    if (!closing) return undefined;
    const timer = setTimeout(onClose, TIMING_MS.panelClose);
    return () => {
      clearTimeout(timer);
    };
  }, [closing, onClose]);

  // Outside clicks close it, but only after 100 ms: the tap that opened the panel must not close it.
  const [armedFor, setArmedFor] = useState<Property | null>(null);
  useEffect(() => {
    const onDown = (event: PointerEvent) => {
      if (panel.current && event.target instanceof Node && !panel.current.contains(event.target))
        setClosing(true);
    };
    const timer = setTimeout(() => {
      document.addEventListener('pointerdown', onDown);
      setArmedFor(property);
    }, TIMING_MS.outsideClickArm);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [property]);

  if (!mapAvailable) return null;
  const url = safeUrl(property.url, window.location.origin);
  const openUrl = () => {
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  };
  return (
    <section
      ref={panel}
      className={`mobile-panel${closing ? ' mobile-panel--closing' : ''}`}
      // Whether an outside click closes it yet (tests wait on it rather than on a guessed delay).
      data-armed={armedFor === property}
      aria-label={f.tipo || MESSAGES.card.code}
      data-testid="mobile-panel"
    >
      <button
        type="button"
        className="mobile-panel__close"
        aria-label={MESSAGES.card.close}
        onClick={() => {
          setClosing(true);
        }}
      >
        ×
      </button>
      <div className="mobile-panel__carousel">
        <PhotoGallery
          // A new property starts at its first photo.
          key={property.id}
          photos={f.photos}
          alt={(i) => (f.usesPlaceholders ? MESSAGES.card.photoMissing : `${f.tipo} ${String(i + 1)}`)}
        />
      </div>
      <button type="button" className="mobile-panel__info" onClick={openUrl}>
        {f.codigo ? <span className="mobile-panel__code">{f.codigo}</span> : null}
        {f.tipo ? <strong>{f.tipo}</strong> : null}
        <span className="mobile-panel__price">{f.precio}</span>
        {f.counts.length > 0 ? <span>{f.counts.join(' · ')}</span> : null}
        {f.areas.length > 0 ? <span>{f.areas.join(' / ')}</span> : null}
        {f.urbanizacion ? <span>{f.urbanizacion}</span> : null}
        {f.direccion ? <span>{f.direccion}</span> : null}
      </button>
      {url ? (
        <button type="button" className="mobile-panel__open" onClick={openUrl}>
          {MESSAGES.card.open}
        </button>
      ) : null}
    </section>
  );
}
