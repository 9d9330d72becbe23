import { MapLibreOverlay } from '@deck.gl/maplibre';
import type { MapMouseEvent } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { COLORS } from '../../core/colors.ts';
import { formatNumber } from '../../core/format.ts';
import { MESSAGES } from '../../core/messages.ts';
import { config } from '../../config/index.ts';
import { clusterLayers } from '../../layers/cluster-layers.ts';
import { attachDeckOverlay } from '../../map/deck-overlay.ts';
import { maxBoundsFor, resolveMapStyle } from '../../map/style-source.ts';
import { useClusterEngine } from '../../map/use-cluster-engine.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import type { ClusterResult, EngineFilter, LoadResult, Summary } from '../../../workers/contract.ts';
import { hashQuery } from '../router.ts';
import { publishExplorerProbe } from '../test-probe.ts';
import { parseExplorerState, serializeExplorerState } from './explorer-url.ts';
import { loadTable } from './load-table.ts';
import { QuarterChart } from './QuarterChart.tsx';
import './explorer.css';

const VENEZUELA_BOUNDS: [number, number, number, number] = [-73.6, 0.5, -59.6, 12.4];
/** Time slider playback: one quarter per step. */
const PLAY_STEP_MS = 1200;

const facet = (values: readonly string[]): 'todos' | string[] =>
  values.length === 0 ? 'todos' : [...values];
const selected = (f: 'todos' | readonly string[]) => (f === 'todos' ? [] : f);

/**
 * The analysts' national transactions explorer: a million generated transactions (by default) clustered in the
 * worker; filters by quarter (list and time slider with play), colour and operation change counts without a
 * rebuild; a chart of the view's transactions per quarter; the filter and view live in the URL.
 */
export function TransactionsMap() {
  const [initial] = useState(() => parseExplorerState(hashQuery(window.location.hash)));
  const client = useClusterEngine();
  const [mapRef, map] = useWidgetMap({
    kind: 'cluster',
    twoFingers: true,
    style: resolveMapStyle(config, window.location.origin),
    ...(initial.view
      ? { center: [initial.view.lng, initial.view.lat] as [number, number], zoom: initial.view.zoom }
      : {
          bounds: VENEZUELA_BOUNDS,
          fitBoundsOptions: { padding: { top: 120, bottom: 16, left: 16, right: 16 } },
        }),
    maxBounds: maxBoundsFor(config),
  });
  const [progress, setProgress] = useState(0);
  const [info, setInfo] = useState<LoadResult | null>(null);
  const [filter, setFilter] = useState<EngineFilter>(initial.filter);
  const [matching, setMatching] = useState<number | null>(null);
  const [view, setView] = useState<ClusterResult | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [playing, setPlaying] = useState(false);
  // On phones the filters fold away behind a button so the map stays visible; the count always shows.
  const [filtersOpen, setFiltersOpen] = useState(() => window.innerWidth > 768);
  const [error, setError] = useState<string | null>(null);
  const dataUrl = `/api/data/transactions.bin?count=${String(initial.count)}&seed=1`;

  useEffect(() => {
    if (!client) return undefined;
    let live = true;
    const abort = new AbortController();
    const fetchTable = () =>
      loadTable(
        dataUrl,
        (f) => {
          if (live) setProgress(f);
        },
        abort.signal,
      );
    fetchTable()
      .then((table) => client.load(table, fetchTable))
      .then((loaded) => {
        if (live) setInfo(loaded);
      })
      .catch((reason: unknown) => {
        if (isEngineClosed(reason) || abort.signal.aborted) return;
        console.error(reason);
        if (live) setError(MESSAGES.errors.loadData);
      });
    return () => {
      live = false;
      abort.abort();
    };
  }, [client, dataUrl]);

  useEffect(() => {
    if (!client || !info) return;
    client.setFilter(filter).then(
      (r) => {
        setMatching(r.matching);
      },
      (reason: unknown) => {
        if (!isEngineClosed(reason)) console.error(reason);
      },
    );
  }, [client, info, filter]);

  // The view: clusters and the per-quarter summary of the box, re-asked on every move and filter change. The
  // worker answers in order, so these calls, posted right after setFilter in the same commit, already see the
  // new filter: no wait for its answer (one round trip and one render fewer per change).
  useEffect(() => {
    if (!map || !client || !info) return undefined;
    const query = () => {
      const b = map.getBounds();
      const box: [number, number, number, number] = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
      const report = (reason: unknown) => {
        if (!isEngineClosed(reason)) console.error(reason);
      };
      client.getClusters(box, map.getZoom()).then((result) => {
        if (result) setView(result); // null: a newer view superseded this one
      }, report);
      client.getSummary(box).then((s) => {
        if (s) setSummary(s);
      }, report);
    };
    query();
    map.on('moveend', query);
    return () => {
      map.off('moveend', query);
    };
  }, [map, client, info, filter]);

  // Shareable URL: filter and view, replaced (not pushed) so the back button leaves the explorer. Written
  // from the filter and from the map's own move events — no React state, so bursts of input cost no renders.
  useEffect(() => {
    if (!map) return undefined;
    let moved = initial.view !== null;
    const write = () => {
      const c = map.getCenter();
      const text = serializeExplorerState({
        count: initial.count,
        filter,
        view: moved ? { lat: c.lat, lng: c.lng, zoom: map.getZoom() } : null,
      });
      window.history.replaceState(null, '', `#/transacciones${text ? `?${text}` : ''}`);
    };
    // The country view the map opens at is not worth sharing; any move after it is (a drag, a cluster click).
    const onMove = () => {
      moved = true;
      write();
    };
    write();
    map.on('moveend', onMove);
    return () => {
      map.off('moveend', onMove);
    };
  }, [map, filter, initial]);

  const [overlay] = useState(() => new MapLibreOverlay({ layers: [] }));
  useEffect(() => (map ? attachDeckOverlay(map, overlay) : undefined), [map, overlay]);
  useEffect(() => {
    overlay.setProps({
      layers: view ? clusterLayers('transacciones', view, { sale: COLORS.sale, rental: COLORS.rental }) : [],
    });
  }, [overlay, view]);

  // A cluster click zooms to where it splits (spec).
  const viewRef = useRef<ClusterResult | null>(null);
  useEffect(() => {
    viewRef.current = view;
  });
  useEffect(() => {
    if (!map || !client) return undefined;
    const onClick = (e: MapMouseEvent) => {
      const current = viewRef.current;
      const info = overlay.pickObject({ x: e.point.x, y: e.point.y, radius: 2 });
      const i = info?.index ?? -1;
      if (!current || i < 0 || (current.counts[i] ?? 0) < 2) return;
      const center: [number, number] = [current.positions[2 * i] ?? 0, current.positions[2 * i + 1] ?? 0];
      void client.getExpansionZoom(current.ids[i] ?? 0).then((zoom) => map.easeTo({ center, zoom }));
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, client, overlay]);

  // Time slider playback: one quarter after another, then around again.
  const quarters = useMemo(() => info?.quarters ?? [], [info]);
  const colors = info?.colors ?? [];
  const sliderIndex =
    filter.trimestres !== 'todos' && filter.trimestres.length === 1
      ? quarters.indexOf(filter.trimestres[0] ?? '')
      : -1;
  useEffect(() => {
    if (!playing || quarters.length === 0) return undefined;
    const timer = setInterval(() => {
      setFilter((f) => {
        const at =
          f.trimestres !== 'todos' && f.trimestres.length === 1
            ? quarters.indexOf(f.trimestres[0] ?? '')
            : -1;
        return { ...f, trimestres: [quarters[(at + 1) % quarters.length] ?? ''] };
      });
    }, PLAY_STEP_MS);
    return () => {
      clearInterval(timer);
    };
  }, [playing, quarters]);

  const bars = useMemo(
    () =>
      (summary?.quarters ?? []).map((quarter, q) => ({
        quarter,
        sale: summary?.byQuarterOperation[q * 2] ?? 0,
        rental: summary?.byQuarterOperation[q * 2 + 1] ?? 0,
      })),
    [summary],
  );

  useEffect(() => {
    if (!view) return;
    let sum = 0;
    let biggest = -1;
    view.counts.forEach((c, i) => {
      sum += c;
      if (c > 1 && (biggest < 0 || c > (view.counts[biggest] ?? 0))) biggest = i;
    });
    const pixel =
      biggest >= 0 && map
        ? map.project([view.positions[2 * biggest] ?? 0, view.positions[2 * biggest + 1] ?? 0])
        : null;
    publishExplorerProbe({
      indexed: info?.indexed ?? 0,
      matching: matching ?? 0,
      items: view.length,
      sum,
      zoom: view.zoom,
      biggestClusterPixel: pixel ? [pixel.x, pixel.y] : null,
      chart: bars.map((b) => b.sale + b.rental),
      viewTotal: summary?.total ?? 0,
      updatedAt: performance.now(),
    });
    if (map) window.__explorerMap = map;
  }, [map, view, info, matching, bars, summary]);

  const loading = !info && !error;
  return (
    <section className="overview explorer" aria-label="Mapa de transacciones">
      <div ref={mapRef} className="overview__map" data-testid="transactions-map" />
      <form
        className={`explorer__panel${filtersOpen ? '' : ' explorer__panel--folded'}`}
        aria-label="Filtros de transacciones"
        onSubmit={(e) => {
          e.preventDefault();
        }}
      >
        <button
          type="button"
          className="explorer__fold"
          aria-expanded={filtersOpen}
          onClick={() => {
            setFiltersOpen(!filtersOpen);
          }}
        >
          Filtros
        </button>
        {loading ? (
          <label className="explorer__progress">
            Cargando transacciones
            <progress max={1} value={progress} aria-valuetext={`${String(Math.round(progress * 100))} %`} />
          </label>
        ) : null}
        <label>
          Trimestres
          <select
            multiple
            size={3}
            value={selected(filter.trimestres)}
            onChange={(e) => {
              setPlaying(false);
              setFilter({ ...filter, trimestres: facet([...e.target.selectedOptions].map((o) => o.value)) });
            }}
          >
            {quarters.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </label>
        <div className="explorer__timeline">
          <label>
            Línea de tiempo
            <input
              type="range"
              min={-1}
              max={Math.max(0, quarters.length - 1)}
              value={sliderIndex}
              aria-valuetext={sliderIndex < 0 ? 'Todos los trimestres' : quarters[sliderIndex]}
              onChange={(e) => {
                const i = Number(e.target.value);
                setFilter({ ...filter, trimestres: i < 0 ? 'todos' : [quarters[i] ?? ''] });
              }}
            />
          </label>
          <button
            type="button"
            aria-pressed={playing}
            onClick={() => {
              setPlaying(!playing);
            }}
          >
            {playing ? 'Pausa' : 'Reproducir'}
          </button>
        </div>
        <label>
          Color
          <select
            value={filter.colores === 'todos' ? 'todos' : (filter.colores[0] ?? 'todos')}
            onChange={(e) => {
              setFilter({ ...filter, colores: e.target.value === 'todos' ? 'todos' : [e.target.value] });
            }}
          >
            <option value="todos">Todos</option>
            {colors.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          Operación
          <select
            value={filter.operacion === 'todos' ? 'todos' : (filter.operacion[0] ?? 'todos')}
            onChange={(e) => {
              const value = e.target.value;
              setFilter({
                ...filter,
                operacion: value === 'Venta' || value === 'Alquiler' ? [value] : 'todos',
              });
            }}
          >
            <option value="todos">Todas</option>
            <option value="Venta">{MESSAGES.operation.sale}</option>
            <option value="Alquiler">{MESSAGES.operation.rental}</option>
          </select>
        </label>
        <span role="status" className="explorer__count">
          {error ??
            (info && matching !== null
              ? `${formatNumber(matching, 0)} de ${formatNumber(info.indexed, 0)} transacciones`
              : 'Cargando transacciones…')}
        </span>
      </form>
      <aside className="explorer__side" aria-label="Leyenda y gráfico">
        <ul className="explorer__legend">
          <li>
            <span className="explorer__swatch" style={{ background: COLORS.sale }} />{' '}
            {MESSAGES.operation.sale}
          </li>
          <li>
            <span className="explorer__swatch" style={{ background: COLORS.rental }} />{' '}
            {MESSAGES.operation.rental}
          </li>
          <li>
            <span
              className="explorer__swatch explorer__swatch--cluster"
              style={{ background: COLORS.clusterSale }}
            />{' '}
            Grupo con más ventas
          </li>
          <li>
            <span
              className="explorer__swatch explorer__swatch--cluster"
              style={{ background: COLORS.clusterRental }}
            />{' '}
            Grupo con más alquileres
          </li>
        </ul>
        {summary ? <QuarterChart bars={bars} /> : null}
      </aside>
    </section>
  );
}
