import { MapLibreOverlay } from '@deck.gl/maplibre';
import { useEffect, useRef, useState } from 'react';
import { COLORS } from '../../core/colors.ts';
import { formatNumber } from '../../core/format.ts';
import { MESSAGES } from '../../core/messages.ts';
import { decodeTable } from '../../core/table-codec.ts';
import { config } from '../../config/index.ts';
import { clusterLayers } from '../../layers/cluster-layers.ts';
import { maxBoundsFor, resolveMapStyle } from '../../map/style-source.ts';
import { useWidgetMap } from '../../map/use-widget-map.ts';
import {
  NO_FILTER,
  type ClusterResult,
  type EngineFilter,
  type LoadResult,
} from '../../../workers/contract.ts';
import { publishExplorerProbe } from '../test-probe.ts';
import { useClusterEngine } from '../../map/use-cluster-engine.ts';
import { isEngineClosed } from '../../../workers/client.ts';
import { attachDeckOverlay } from '../../map/deck-overlay.ts';

const DATA_URL = '/api/data/transactions.bin?count=100000&seed=1';
const VENEZUELA_BOUNDS: [number, number, number, number] = [-73.6, 0.5, -59.6, 12.4];

async function fetchTable() {
  const response = await fetch(DATA_URL);
  if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
  return decodeTable(await response.arrayBuffer());
}

/**
 * National transactions through the worker engine: 100k generated transactions, clustered in the worker,
 * filtered by quarter and operation without rebuilding. A preview of the analysts' explorer.
 */
export function TransactionsMap() {
  const client = useClusterEngine();
  const [mapRef, map] = useWidgetMap({
    kind: 'cluster',
    twoFingers: true,
    style: resolveMapStyle(config, window.location.origin),
    bounds: VENEZUELA_BOUNDS,
    fitBoundsOptions: { padding: { top: 64, bottom: 16, left: 16, right: 16 } }, // clear of the filter panel
    maxBounds: maxBoundsFor(config),
  });
  const [info, setInfo] = useState<LoadResult | null>(null);
  const [filter, setFilter] = useState<EngineFilter>(NO_FILTER);
  const [matching, setMatching] = useState<number | null>(null);
  const [view, setView] = useState<ClusterResult | null>(null);
  const overlayRef = useRef<MapLibreOverlay | null>(null);
  const viewRef = useRef<ClusterResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!client) return undefined;
    let live = true;
    fetchTable()
      .then((table) => client.load(table, fetchTable))
      .then((loaded) => {
        if (live) setInfo(loaded);
      })
      .catch((reason: unknown) => {
        if (!isEngineClosed(reason)) console.error(reason);
        if (live) setError(MESSAGES.errors.loadData);
      });
    return () => {
      live = false;
    };
  }, [client]);

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

  useEffect(() => {
    if (!map || !client || matching === null) return undefined;
    const query = () => {
      const b = map.getBounds();
      client.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom()).then(
        (result) => {
          if (result) setView(result); // null: a newer view superseded this one
        },
        (reason: unknown) => {
          if (!isEngineClosed(reason)) console.error(reason);
        },
      );
    };
    query();
    map.on('moveend', query);
    return () => {
      map.off('moveend', query);
    };
  }, [map, client, matching]);

  useEffect(() => {
    if (!map || !client) return undefined;
    const created = new MapLibreOverlay({
      layers: [],
      onClick: (picked) => {
        // A cluster click zooms to where it splits (spec); single points are the popup's work (issue 5).
        const current = viewRef.current;
        const id = current?.ids[picked.index];
        if (!picked.coordinate || id === undefined || (current?.counts[picked.index] ?? 0) < 2) return;
        const [lng = 0, lat = 0] = picked.coordinate;
        void client.getExpansionZoom(id).then((zoom) => map.easeTo({ center: [lng, lat], zoom }));
      },
    });
    const detach = attachDeckOverlay(map, created);
    overlayRef.current = created;
    return () => {
      detach();
      overlayRef.current = null;
    };
  }, [map, client]);

  useEffect(() => {
    const overlay = overlayRef.current;
    viewRef.current = view;
    if (!overlay || !view) return;
    overlay.setProps({
      layers: clusterLayers('transacciones', view, { sale: COLORS.sale, rental: COLORS.rental }),
    });
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
    });
  }, [map, view, info, matching]);

  const quarters = info?.quarters ?? [];
  return (
    <section className="overview explorer" aria-label="Mapa de transacciones">
      <div ref={mapRef} className="overview__map" data-testid="transactions-map" />
      <div className="explorer__panel">
        <label>
          Trimestre
          <select
            value={filter.trimestres === 'todos' ? 'todos' : (filter.trimestres[0] ?? 'todos')}
            onChange={(e) => {
              setFilter({ ...filter, trimestres: e.target.value === 'todos' ? 'todos' : [e.target.value] });
            }}
          >
            <option value="todos">Todos</option>
            {quarters.map((q) => (
              <option key={q} value={q}>
                {q}
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
        <span role="status">
          {error ??
            (info && matching !== null
              ? `${formatNumber(matching, 0)} de ${formatNumber(info.indexed, 0)} transacciones`
              : 'Cargando transacciones…')}
        </span>
      </div>
    </section>
  );
}
