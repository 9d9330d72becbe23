import { useState } from 'react';
import { chartToCsv } from '../../core/ingest/export.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { TrendPoint } from '../transactions-map/trend-chart.ts';
import { downloadBlob, downloadText } from './download.ts';

const T = MESSAGES.importData;

/** Styles the page's CSS gives the chart, which a detached SVG image would not know. */
const PAINT = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'font-size',
  'font-family',
  'font-weight',
  'text-anchor',
];

/**
 * A copy of the SVG that draws the same on its own: computed paint written as presentation attributes (the
 * page's CSP forbids style attributes, and an image has no access to the page's stylesheet).
 */
function standalone(svg: SVGSVGElement): SVGSVGElement {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const originals = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((element, i) => {
    const target = copies[i];
    if (!target) return;
    const style = getComputedStyle(element);
    for (const name of PAINT) {
      const value = style.getPropertyValue(name);
      if (value) target.setAttribute(name, value);
    }
    target.removeAttribute('style');
    target.removeAttribute('class');
  });
  return copy;
}

/** Draws the chart's SVG panels, one under the other, on a white canvas at twice the CSS size. */
async function chartPng(figure: Element): Promise<Blob> {
  const svgs = [...figure.querySelectorAll('svg')];
  const scale = 2;
  const boxes = svgs.map((svg) => svg.getBoundingClientRect());
  const width = Math.max(1, ...boxes.map((b) => b.width));
  const height = Math.max(
    1,
    boxes.reduce((sum, b) => sum + b.height, 0),
  );
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  let y = 0;
  for (const [i, svg] of svgs.entries()) {
    const box = boxes[i] ?? { width, height: 0 };
    const copy = standalone(svg);
    copy.setAttribute('width', String(box.width));
    copy.setAttribute('height', String(box.height));
    const url = URL.createObjectURL(
      new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' }),
    );
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      context.drawImage(image, 0, y, box.width, box.height);
    } finally {
      URL.revokeObjectURL(url);
    }
    y += box.height;
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error('png'));
    }, 'image/png');
  });
}

/** The quarter chart as PNG (its drawn panels) and as CSV (its numbers). */
export function ChartExports({ points }: { points: readonly TrendPoint[] }) {
  const [error, setError] = useState<string | null>(null);
  const csv = () => {
    const rows = points.map((p) => ({
      quarter: p.quarter,
      count: p.sale + p.rental,
      saleMedianM2: p.saleM2,
      rentMedianM2: p.rentalM2,
    }));
    downloadText(chartToCsv(rows), 'grafico-trimestres.csv', 'text/csv;charset=utf-8');
  };
  const png = (button: HTMLElement) => {
    const figure = button.closest('.explorer__side')?.querySelector('[data-testid="quarter-chart"]');
    if (!figure) return;
    setError(null);
    chartPng(figure).then(
      (blob) => {
        downloadBlob(blob, 'grafico-trimestres.png');
      },
      (reason: unknown) => {
        setError(fill(T.exportFailed, { reason: reason instanceof Error ? reason.message : String(reason) }));
      },
    );
  };
  return (
    <div className="explorer__chart-exports">
      <button
        type="button"
        onClick={(e) => {
          png(e.currentTarget);
        }}
      >
        {T.exportChartPng}
      </button>
      <button type="button" onClick={csv}>
        {T.exportChartCsv}
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}
