import { useEffect, useMemo, useRef, useState } from 'react';
import { MESSAGES } from '../../core/messages.ts';
import { normalizeProperties } from '../../core/normalize.ts';
import { parseStoredShape, type StoredShape } from '../../core/shapes.ts';
import { buildPropertyTable } from '../../core/table.ts';
import { useClusterEngine } from '../../map/use-cluster-engine.ts';
import { DrawingMap } from '../../widgets/drawing-map/DrawingMap.tsx';
import { isEngineClosed } from '../../../workers/client.ts';
import type { AreaCount } from '../../../workers/contract.ts';
import { useFetchedJson } from '../use-fetched-json.ts';
import {
  countText,
  DRAWING_LISTINGS_URL,
  DRAWING_START,
  listingPositions,
  SAVED_SHAPES,
} from './drawing-demo.ts';
import './drawing-page.css';

const T = MESSAGES.drawingDemo;

/** The textarea's saved shape: parsed here when it is JSON (a new value each time, so it loads again). */
function savedValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // the widget reports that it is not JSON
  }
}

/**
 * Loads the demo listings into the page's own engine worker (true once they are there) and keeps their
 * positions for the map (the table's own columns are transferred to the worker). The table builder is the
 * reload source, so a crashed worker gets the listings back and counts go on.
 */
function useListingsInWorker(client: ReturnType<typeof useClusterEngine>): {
  loaded: boolean | 'failed';
  positions: Float64Array | undefined;
} {
  const { data: properties, error } = useFetchedJson(DRAWING_LISTINGS_URL, readListings);
  const [loaded, setLoaded] = useState<boolean | 'failed'>(false);
  const positions = useMemo(() => (properties ? listingPositions(properties) : undefined), [properties]);
  useEffect(() => {
    if (!client || !properties) return undefined;
    let live = true;
    const table = () => buildPropertyTable(properties);
    client.load(table(), table).then(
      () => {
        if (live) setLoaded(true);
      },
      (reason: unknown) => {
        if (!live || isEngineClosed(reason)) return;
        console.error(reason);
        setLoaded('failed');
      },
    );
    return () => {
      live = false;
    };
  }, [client, properties]);
  return { loaded: error ? 'failed' : loaded, positions };
}

const readListings = (body: unknown) => normalizeProperties(Array.isArray(body) ? body : []).properties;

/**
 * Drawing map demo: the widget, the stored shape it reports (JSON), how many demo listings fall inside
 * (counted in the engine worker, never on the main thread), and the external actions of the spec.
 */
export function DrawingMapPage() {
  const client = useClusterEngine();
  const { loaded, positions } = useListingsInWorker(client);
  const [forma, setForma] = useState<StoredShape>([]);
  const [count, setCount] = useState<AreaCount | null>(null);
  const [counting, setCounting] = useState(false);
  const [cargar, setCargar] = useState<unknown>(undefined);
  const [eliminar, setEliminar] = useState(0);
  const [clear, setClear] = useState(false);
  const [text, setText] = useState('');
  const countFor = useRef<StoredShape>([]);

  // Counts again when the shape changes or the listings arrive; a newer count makes an older answer null.
  useEffect(() => {
    countFor.current = forma;
    const parsed = parseStoredShape(forma);
    if (!client || loaded !== true || !parsed.ok || !parsed.shape) return;
    client
      .countInShape(parsed.shape)
      .then((answer) => {
        if (answer && countFor.current === forma) {
          setCount(answer);
          setCounting(false);
        }
      })
      .catch((reason: unknown) => {
        if (!isEngineClosed(reason)) console.error(reason);
      });
  }, [client, loaded, forma]);

  const onShape = (next: StoredShape) => {
    setForma(next);
    setCount(null);
    setCounting(next.length > 0);
  };
  const status = loaded === 'failed' ? T.loadFailed : countText(count, forma.length > 0, counting || !loaded);
  return (
    <section className="drawing-page" aria-label={T.section}>
      <div className="drawing-page__map">
        <DrawingMap
          mapId="dibujo"
          latitud={DRAWING_START.latitud}
          longitud={DRAWING_START.longitud}
          zoom={DRAWING_START.zoom}
          cargarForma={cargar}
          eliminarForma={eliminar}
          clear={clear}
          contextPoints={positions}
          onShape={onShape}
        />
      </div>
      <aside className="drawing-page__side">
        <h2>{T.result}</h2>
        {/* Focusable: a long shape scrolls, and keyboard users must be able to scroll it too. */}
        <pre data-testid="drawing-json" tabIndex={0} aria-label={T.result}>
          {JSON.stringify(forma)}
        </pre>
        <p role="status" data-testid="drawing-count">
          {status}
        </p>
        <fieldset>
          <legend>{T.actions}</legend>
          <button
            type="button"
            onClick={() => {
              setCargar(structuredClone(SAVED_SHAPES.polygon));
            }}
          >
            {T.loadPolygon}
          </button>
          <button
            type="button"
            onClick={() => {
              setCargar([...SAVED_SHAPES.circle]);
            }}
          >
            {T.loadCircle}
          </button>
          <button
            type="button"
            onClick={() => {
              setCargar(structuredClone(SAVED_SHAPES.bad));
            }}
          >
            {T.loadBad}
          </button>
          <label className="drawing-page__text">
            {T.textLabel}
            <textarea
              value={text}
              rows={2}
              onChange={(e) => {
                setText(e.target.value);
              }}
            />
          </label>
          <button
            type="button"
            onClick={() => {
              setCargar(savedValue(text));
            }}
          >
            {T.loadText}
          </button>
          <button
            type="button"
            onClick={() => {
              setEliminar((n) => n + 1);
            }}
          >
            {T.remove}
          </button>
          <label className="drawing-page__flag">
            <input
              type="checkbox"
              checked={clear}
              onChange={(e) => {
                setClear(e.target.checked);
              }}
            />
            {T.clear}
          </label>
        </fieldset>
      </aside>
    </section>
  );
}
