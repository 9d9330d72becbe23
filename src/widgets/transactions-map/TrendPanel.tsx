import type { PointerEventHandler } from 'react';
import { formatNumber } from '../../core/format.ts';
import { MESSAGES } from '../../core/messages.ts';
import { niceMax, type TrendPoint } from './trend-chart.ts';

/** Width of one quarter in px. */
export const STEP = 20;
const HEIGHT = 56;
const LEFT = 48;
const RIGHT = 40;

type Handlers = Record<
  'onPointerDown' | 'onPointerMove' | 'onPointerUp' | 'onPointerCancel',
  PointerEventHandler<SVGElement>
>;

/**
 * One operation's panel: bars of transactions on the left axis, the median price per m² as a line on the
 * right axis, the marked quarters shaded, the years under the axis.
 */
export function TrendPanel(props: {
  title: string;
  points: readonly TrendPoint[];
  pick: (p: TrendPoint) => [count: number, median: number];
  color: string;
  rent: boolean;
  marked: { from: number; to: number } | null;
  handlers: Handlers;
}) {
  const { title, points, pick, color, rent, marked, handlers } = props;
  const values = points.map(pick);
  const countMax = niceMax(Math.max(0, ...values.map(([c]) => c)));
  const medians = values.map(([, m]) => m).filter(Number.isFinite);
  const m2Max = niceMax(Math.max(0, ...medians));
  const width = points.length * STEP;
  const y = (v: number, max: number) => HEIGHT - (v / max) * HEIGHT;
  const line = values
    .map(([, m], i) => (Number.isFinite(m) ? `${String(i * STEP + STEP / 2)},${String(y(m, m2Max))}` : null))
    .filter((p): p is string => p !== null);
  return (
    <div className="explorer__trend">
      <span className="explorer__trend-title">{title}</span>
      <svg
        width={LEFT + width + RIGHT}
        height={HEIGHT + 16}
        viewBox={`0 0 ${String(LEFT + width + RIGHT)} ${String(HEIGHT + 16)}`}
        aria-hidden="true"
      >
        <text x={LEFT - 4} y={8} textAnchor="end">
          {formatNumber(countMax, 0)}
        </text>
        <text x={LEFT - 4} y={HEIGHT} textAnchor="end">
          0
        </text>
        <text x={LEFT + width + 4} y={8}>
          {formatNumber(m2Max, m2Max < 100 ? 1 : 0)}
        </text>
        <g transform={`translate(${String(LEFT)},0)`} {...handlers} className="explorer__plot">
          <rect width={width} height={HEIGHT} fill="transparent" />
          {marked ? (
            <rect
              x={marked.from * STEP}
              width={(marked.to - marked.from + 1) * STEP}
              height={HEIGHT}
              className="explorer__marked"
            />
          ) : null}
          {values.map(([count], i) => (
            <rect
              key={points[i]?.quarter}
              x={i * STEP + 3}
              y={y(count, countMax)}
              width={STEP - 6}
              height={HEIGHT - y(count, countMax)}
              fill={color}
              opacity={0.35}
            />
          ))}
          <polyline points={line.join(' ')} fill="none" stroke={color} strokeWidth={2} />
          <line x1={0} x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="#9aa5b1" />
          {points.map((p, i) =>
            p.quarter.endsWith('T1') ? (
              <text key={p.quarter} x={i * STEP} y={HEIGHT + 12}>
                {p.quarter.slice(0, 4)}
              </text>
            ) : null,
          )}
        </g>
      </svg>
      <span className="explorer__trend-units">
        {MESSAGES.explorer.trendCount} · {MESSAGES.explorer.median} {rent ? '$/m² al mes' : '$/m²'}
      </span>
    </div>
  );
}
