import { MapLibreOverlay } from '@deck.gl/maplibre';
import type { MapMouseEvent } from 'maplibre-gl';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { COLORS } from '../../core/colors.ts';
import { EXPLORER } from '../../core/constants.ts';
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
import { patchExplorerProbe, publishExplorerProbe } from '../test-probe.ts';
import { DrawClock } from './draw-clock.ts';
import { ExplorerFilters } from './ExplorerFilters.tsx';
import { ExplorerSide } from './ExplorerSide.tsx';
import { parseExplorerState, serializeExplorerState } from './explorer-url.ts';
import { loadTable } from './load-table.ts';
import './explorer.css';

const sumOf = (counts: Uint32Array) => counts.reduce((a, c) => a + c, 0);

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
          bounds: [...EXPLORER.countryBounds],
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

  // Deck's frames tell when a new view is actually on screen (the benchmark and tests time against it).
  const [clock] = useState(
    () =>
      new DrawClock((drawnAt, drawnSum) => {
        patchExplorerProbe({ drawnAt, drawnSum });
      }),
  );
  const [overlay] = useState(
    () =>
      new MapLibreOverlay({
        layers: [],
        onAfterRender: () => {
          clock.rendered(performance.now());
        },
      }),
  );
  useEffect(() => (map ? attachDeckOverlay(map, overlay) : undefined), [map, overlay]);

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
        patchExplorerProbe({ matching: r.matching });
        // A transition: React renders the count in yieldable slices, so the clusters' answer, right behind
        // this one, reaches deck without waiting for a render.
        startTransition(() => {
          setMatching(r.matching);
        });
      },
      (reason: unknown) => {
        if (!isEngineClosed(reason)) console.error(reason);
      },
    );
  }, [client, info, filter]);

  // The view: clusters and the per-quarter summary of the box, re-asked on every move and filter change. The
  // worker answers in order, so these calls, posted right after setFilter in the same commit, already see the
  // new filter: no wait for its answer. The clusters go to deck straight from the answer (not through a
  // React render and effect), so the next frame shows them; React gets the view for the probe and clicks.
  useEffect(() => {
    if (!map || !client || !info) return undefined;
    const query = () => {
      const b = map.getBounds();
      const box: [number, number, number, number] = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
      const report = (reason: unknown) => {
        if (!isEngineClosed(reason)) console.error(reason);
      };
      client.getClusters(box, map.getZoom()).then((result) => {
        if (!result) return; // a newer view superseded this one
        overlay.setProps({
          layers: clusterLayers('transacciones', result, { sale: COLORS.sale, rental: COLORS.rental }),
        });
        clock.expect(sumOf(result.counts));
        startTransition(() => {
          setView(result);
        });
      }, report);
      client.getSummary(box).then((s) => {
        if (s)
          startTransition(() => {
            setSummary(s);
          });
      }, report);
    };
    query();
    map.on('moveend', query);
    return () => {
      map.off('moveend', query);
    };
  }, [map, client, info, filter, overlay, clock]);

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

  // A cluster click zooms to where it splits (spec).
  const viewRef = useRef<ClusterResult | null>(null);
  useEffect(() => {
    viewRef.current = view;
  });
  useEffect(() => {
    if (!map || !client) return undefined;
    const onClick = (e: MapMouseEvent) => {
      const current = viewRef.current;
      const picked = overlay.pickObject({ x: e.point.x, y: e.point.y, radius: 2 });
      const i = picked?.index ?? -1;
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
    }, EXPLORER.playStepMs);
    return () => {
      clearInterval(timer);
    };
  }, [playing, quarters]);

  const bars = useMemo(
    () =>
      summary
        ? summary.quarters.map((quarter, q) => ({
            quarter,
            sale: summary.byQuarterOperation[q * 2] ?? 0,
            rental: summary.byQuarterOperation[q * 2 + 1] ?? 0,
          }))
        : null,
    [summary],
  );

  useEffect(() => {
    if (!view) return;
    let biggest = -1;
    view.counts.forEach((c, i) => {
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
      sum: sumOf(view.counts),
      zoom: view.zoom,
      biggestClusterPixel: pixel ? [pixel.x, pixel.y] : null,
      chart: (bars ?? []).map((b) => b.sale + b.rental),
      viewTotal: summary?.total ?? 0,
      updatedAt: performance.now(),
      drawnAt: clock.drawnAt,
      drawnSum: clock.drawnSum,
    });
    if (map) window.__explorerMap = map;
  }, [map, view, info, matching, bars, summary, clock]);

  return (
    <section
      className={`overview explorer${filtersOpen ? ' explorer--open' : ''}`}
      aria-label={MESSAGES.explorer.region}
    >
      <div ref={mapRef} className="overview__map" data-testid="transactions-map" />
      <ExplorerFilters
        filter={filter}
        onFilter={setFilter}
        info={info}
        progress={progress}
        matching={matching}
        error={error}
        playing={playing}
        onPlaying={setPlaying}
        open={filtersOpen}
        onOpen={setFiltersOpen}
      />
      <ExplorerSide bars={bars} />
    </section>
  );
}
