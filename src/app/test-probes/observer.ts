import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapObserver, Shown } from '../../map/observer.ts';
import { ClusterMapReport } from './cluster-maps.ts';
import { mapViewWatcher } from './map-views.ts';
import type { Reports } from './reports.ts';
import { transactionsTap } from './transactions.ts';
import { agencyMapProbe, drawingProbe, pickerProbe } from './widget-states.ts';

/** Same keys, same values (compared with Object.is): a render that changed nothing a report reads. */
function sameShown(a: Shown, b: Shown): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.is(x[k], y[k]));
}

/**
 * The test API's observer (src/map/observer.ts): turns what the maps hand over — their births, the
 * controllers' answers and frames, the widgets' own state — into the probes tests read. Everything a probe
 * derives (sums, pixels, labels, counts) is computed here, in the demo, and only while a test asked for it.
 */
export function probeObserver(reports: Reports): MapObserver {
  const listings = new Map<string, ClusterMapReport>();
  const listing = (id: string) => {
    let report = listings.get(id);
    if (!report) listings.set(id, (report = new ClusterMapReport(id, reports)));
    return report;
  };
  /** The last state each widget showed (widgets hand it over after every render; most change nothing). */
  const last = new Map<string, { map: MapLibreMap; shown: Shown }>();
  return {
    widgetMap: mapViewWatcher(reports),
    clusterMap: (widget, id, map) =>
      widget === 'transactions-map' ? transactionsTap(id, map, reports) : listing(id).tap(map),
    shown: (id, map, shown) => {
      const key = `${shown.widget}/${id}`;
      const before = last.get(key);
      if (before && before.map === map && sameShown(before.shown, shown)) return;
      last.set(key, { map, shown });
      switch (shown.widget) {
        case 'cluster-map':
          listing(id).show(map, shown);
          return;
        case 'agency-map':
          reports.attachMap('agencyMaps', id, map);
          reports.publish('agencyMaps', id, agencyMapProbe(shown));
          return;
        case 'location-picker':
          reports.attachMap('pickers', id, map);
          reports.publish('pickers', id, pickerProbe(shown));
          return;
        case 'drawing-map':
          reports.attachMap('drawingMaps', id, map);
          reports.publish('drawingMaps', id, drawingProbe(shown));
          return;
      }
    },
    gone: (widget, id) => {
      last.delete(`${widget}/${id}`);
      // The drawing map's report goes with it; the others stay readable after their page is left.
      if (widget !== 'drawing-map') return;
      reports.forget('drawingMaps', id);
      reports.attachMap('drawingMaps', id, null);
    },
  };
}
