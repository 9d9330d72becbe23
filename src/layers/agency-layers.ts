import type { Layer } from '@deck.gl/core';
import { ScatterplotLayer, TextLayer } from '@deck.gl/layers';
import { agencyLngLat, type AgencyMapColors } from '../core/agency-map.ts';
import { cssColorToRgba, type Rgba } from '../core/colors.ts';
import { formatListingPriceLabel } from '../core/format.ts';
import type { Inmobiliaria, Property } from '../core/types.ts';
import { LABEL_CHARACTERS } from './cluster-layers.ts';
import { thinLabels } from '../core/label-thinning.ts';

/** One coverage circle on the map: an agency's `circulos[]` entry at the agency's position. */
export interface CoverageCircle {
  center: [number, number];
  radius: number;
  line: Rgba;
  fill: Rgba;
}

export function coverageCircles(agencies: readonly Inmobiliaria[]): CoverageCircle[] {
  return agencies
    .flatMap((agency) => {
      const center = agencyLngLat(agency);
      return agency.circulos.map((c) => {
        const line = cssColorToRgba(c.color) ?? [2, 117, 216, 255];
        // Widest first, so smaller circles are drawn on top and stay visible.
        return { center, radius: c.radio, line, fill: [line[0], line[1], line[2], 28] as Rgba };
      });
    })
    .sort((a, b) => b.radius - a.radius);
}

export interface AgencyLayerInput {
  agencies: readonly Inmobiliaria[];
  circles: readonly CoverageCircle[];
  properties: readonly Property[];
  colors: AgencyMapColors;
  radius: number;
  labels: boolean;
  /** The zoom the labels are thinned for. */
  zoom: number;
  /** Hovered or selected: drawn in the selection colour. */
  highlighted: ReadonlySet<string>;
}

const WHITE: Rgba = [255, 255, 255, 230];
const LABEL: Rgba = [31, 41, 51, 255];

/** The map's deck.gl layers: coverage circles, properties, agencies, and labels when they are due. */
export function agencyLayers(input: AgencyLayerInput): Layer[] {
  const { colors, highlighted, radius } = input;
  const key = [...highlighted].join('|');
  const layers: Layer[] = [
    new ScatterplotLayer<CoverageCircle>({
      id: 'cobertura',
      data: input.circles,
      getPosition: (c) => c.center,
      getRadius: (c) => c.radius,
      radiusUnits: 'meters',
      stroked: true,
      getFillColor: (c) => c.fill,
      getLineColor: (c) => c.line,
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
    }),
    new ScatterplotLayer<Property>({
      id: 'inmuebles',
      data: input.properties,
      pickable: true,
      getPosition: (p) => [p.longitud, p.latitud],
      radiusUnits: 'pixels',
      getRadius: radius,
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 1,
      getLineColor: WHITE,
      getFillColor: (p) =>
        highlighted.has(p.id) ? colors.selection : p.operacion === 'Venta' ? colors.sale : colors.rental,
      updateTriggers: { getFillColor: [key, colors] },
    }),
    new ScatterplotLayer<Inmobiliaria>({
      id: 'inmobiliarias',
      data: input.agencies,
      pickable: true,
      getPosition: (a) => agencyLngLat(a),
      radiusUnits: 'pixels',
      getRadius: radius + 3,
      stroked: true,
      lineWidthUnits: 'pixels',
      getLineWidth: 2,
      getLineColor: WHITE,
      getFillColor: (a) => (highlighted.has(a.id) ? colors.selection : colors.agency),
      updateTriggers: { getFillColor: [key, colors] },
    }),
  ];
  if (input.labels) {
    // Hundreds of listings around an office would pile their labels up: keep those that fit (names first).
    const texts = thinLabels(
      [
        ...input.agencies.map((a) => ({ position: agencyLngLat(a), text: a.nombre, priority: 1 })),
        ...input.properties.map((p) => ({
          position: [p.longitud, p.latitud] as [number, number],
          text: formatListingPriceLabel(p.precio, p.operacion),
          priority: 0,
        })),
      ],
      input.zoom,
    );
    layers.push(
      new TextLayer<{ position: readonly [number, number]; text: string }>({
        id: 'etiquetas',
        data: texts,
        getPosition: (t) => t.position,
        getText: (t) => t.text,
        characterSet: LABEL_CHARACTERS,
        getSize: 12,
        getColor: LABEL,
        getPixelOffset: [0, -(radius + 10)],
        background: true,
        getBackgroundColor: [255, 255, 255, 220],
        backgroundPadding: [3, 1],
        fontFamily: 'Noto Sans, sans-serif',
      }),
    );
  }
  return layers;
}
