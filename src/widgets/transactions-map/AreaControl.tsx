import { useState } from 'react';
import { formatNumber } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import { FIGURE, FIGURES } from '../../core/price-figures.ts';
import { isPhoneWidth } from '../panel/use-phone-width.ts';
import { FiguresTable } from './FiguresTable.tsx';
import type { ExplorerArea } from './use-explorer-area.ts';

const T = MESSAGES.explorer;

/** The explorer's area tool: start, and while points are placed, the hint, 'Deshacer punto' and 'Cancelar'. */
export function AreaControl({ area, alone = false }: { area: ExplorerArea; alone?: boolean }) {
  const { status, points, notice } = area.state;
  const drawing = status === 'drawing';
  return (
    <div
      className={alone ? 'explorer__area-control explorer__area-control--alone' : 'explorer__area-control'}
      role="group"
      aria-label={T.areaControl}
      // Deck has taken the drawing: the map's clicks now place points (tests wait for it).
      data-ready={drawing && area.ready}
      data-points={points}
    >
      {drawing ? (
        <>
          <p className="explorer__area-hint" aria-live="polite">
            {notice ?? T.areaHint}
          </p>
          <button type="button" disabled={points === 0} onClick={area.undo}>
            {T.areaUndo}
          </button>
          <button type="button" onClick={area.cancel}>
            {T.areaCancel}
          </button>
        </>
      ) : (
        <button type="button" onClick={area.start}>
          {status === 'idle' ? T.areaStart : T.areaAgain}
        </button>
      )}
    </div>
  );
}

/** The closed area's figures (sales and rents apart, as a cluster's), or the service's message; 'Borrar área'. */
export function AreaFigures({ area }: { area: ExplorerArea }) {
  const { figures, error } = area;
  const [open, setOpen] = useState(() => !isPhoneWidth());
  const count = figures ? (figures[FIGURE.count] ?? 0) + (figures[FIGURES + FIGURE.count] ?? 0) : null;
  const title =
    count === null
      ? error
        ? T.areaPanel
        : T.areaCounting
      : count === 1
        ? T.areaTitleOne
        : fill(T.areaTitle, { n: formatNumber(count, 0) });
  return (
    <section
      className="explorer__details"
      aria-label={T.areaPanel}
      data-testid="area-figures"
      data-provisional={area.provisional}
      aria-busy={!figures && !error}
    >
      <h2>{title}</h2>
      {error ? <p role="alert">{error}</p> : null}
      {figures ? (
        // Folded on a phone, where the whole table would cover the area it describes.
        <details
          open={open}
          onToggle={(event) => {
            setOpen(event.currentTarget.open);
          }}
        >
          <summary>{T.areaFigures}</summary>
          <FiguresTable figures={figures} />
        </details>
      ) : null}
      {figures && area.provisional ? <p className="explorer__view-provisional">{T.viewProvisional}</p> : null}
      <button type="button" onClick={area.clear}>
        {T.areaClear}
      </button>
    </section>
  );
}
