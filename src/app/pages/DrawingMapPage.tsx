import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../core/messages.ts';
import { normalizeProperties } from '../../core/normalize.ts';
import { parseStoredShape, type StoredShape } from '../../core/shapes.ts';
import { buildPropertyTable } from '../../core/table.ts';
import { useClusterEngine } from '../../map/use-cluster-engine.ts';
import { DrawingMap } from '../../widgets/drawing-map/DrawingMap.tsx';
import type { AreaCount } from '../../../workers/contract.ts';
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
 * positions for the map (the table's own columns are transferred to the worker).
 */
function useListingsInWorker(client: ReturnType<typeof useClusterEngine>): {
  loaded: boolean | 'failed';
  positions: Float64Array | undefined;
} {
  const [loaded, setLoaded] = useState<boolean | 'failed'>(false);
  const [positions, setPositions] = useState<Float64Array>();
  useEffect(() => {
    if (!client) return undefined;
    const abort = new AbortController();
    fetch(DRAWING_LISTINGS_URL, { signal: abort.signal })
      .then((response) => {
        if (!response.ok) throw new Error(`Request failed with status code ${String(response.status)}`);
        return response.json() as Promise<unknown>;
      })
      .then((data) => {
        const { properties } = normalizeProperties(Array.isArray(data) ? data : []);
        if (!abort.signal.aborted) setPositions(listingPositions(properties));
        return client.load(buildPropertyTable(properties));
      })
      .then(() => {
        if (!abort.signal.aborted) setLoaded(true);
      })
      .catch((reason: unknown) => {
        if (abort.signal.aborted) return;
        console.error(reason);
        setLoaded('failed');
      });
    return () => {
      abort.abort();
    };
  }, [client]);
  return { loaded, positions };
}

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
        console.error(reason);
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
