import { useState, type ReactNode } from 'react';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { ClusterMapController } from '../../map/cluster-map-controller.ts';
import type { ExportFormat } from '../../../workers/contract.ts';
import { isPhoneWidth, usePhoneWidth } from '../panel/use-phone-width.ts';
import { baseName, downloadBlob, downloadUrl } from './download.ts';

const T = MESSAGES.importData;

/**
 * The explorer's data buttons over the map: "Abrir datos" and the export of the rows under the filter in
 * the view (CSV, GeoJSON; written in the cluster worker). Says which data is shown. A warehouse map (`served`)
 * offers the CSV the service streams, and no file to open. On a phone the buttons fold behind one that says
 * which data is shown (four rows took a fifth of a 740-px screen), as the filters fold behind «Filtros»;
 * `keepOpen` holds them unfolded while the tools among them are in use (an area being drawn).
 */
export function DataToolbar(props: {
  controller: ClusterMapController | null;
  sourceName: string | null;
  onOpen: () => void;
  served?: boolean;
  /** More of the map's tools, after the data buttons (the explorer's area tool). */
  children?: ReactNode;
  keepOpen?: boolean;
}) {
  const { controller, sourceName, served = false } = props;
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(() => !isPhoneWidth());
  const phone = usePhoneWidth();
  const folded = phone && !open && props.keepOpen !== true;
  const source = served
    ? MESSAGES.warehouse.source
    : sourceName
      ? fill(T.source, { name: sourceName })
      : T.generated;
  const failed = (reason: unknown) => {
    setError(fill(T.exportFailed, { reason: reason instanceof Error ? reason.message : String(reason) }));
  };
  const exportAs = (format: ExportFormat) => {
    if (!controller) return;
    setError(null);
    if (served) {
      controller.exportUrl().then((url) => {
        if (url) downloadUrl(url, 'transacciones-vista.csv');
      }, failed);
      return;
    }
    controller.exportView(format).then((parts) => {
      const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/geo+json';
      const name = `${baseName(sourceName ?? 'transacciones')}-vista.${format === 'csv' ? 'csv' : 'geojson'}`;
      // The parts as they came: a Blob joins them without one large copy on this thread.
      downloadBlob(new Blob(parts as Uint8Array<ArrayBuffer>[], { type }), name);
    }, failed);
  };
  return (
    <div
      className={`explorer__data${folded ? ' explorer__data--folded' : ''}`}
      role="group"
      aria-label={T.exportView}
    >
      {phone ? (
        <button
          type="button"
          className="explorer__data-fold"
          aria-expanded={!folded}
          disabled={props.keepOpen === true}
          onClick={() => {
            setOpen(folded);
          }}
        >
          {source}
          <span aria-hidden="true">{folded ? ' ▾' : ' ▴'}</span>
        </button>
      ) : (
        <p className="explorer__data-source">{source}</p>
      )}
      {served ? null : (
        <button type="button" className="explorer__data-open" onClick={props.onOpen}>
          {T.open}
        </button>
      )}
      <button
        type="button"
        onClick={() => {
          exportAs('csv');
        }}
        disabled={!controller}
      >
        {T.exportCsv}
      </button>
      {served ? null : (
        <button
          type="button"
          onClick={() => {
            exportAs('geojson');
          }}
          disabled={!controller}
        >
          {T.exportGeoJson}
        </button>
      )}
      {props.children}
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}
