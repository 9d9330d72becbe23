import { useMemo } from 'react';
import { checkAgencyMapInput, type AgencyMapColorOptions } from '../../core/agency-map.ts';
import { normalizeMapDataRecord } from '../../core/agency.ts';
import type { Inmobiliaria } from '../../core/types.ts';
import { AgencyMapView } from './AgencyMapView.tsx';
import './agency-map.css';

export interface AgencyMapProps extends AgencyMapColorOptions {
  mapId: string;
  /** Initial position (numbers or numeric strings) and zoom; all required (spec, validation rules). */
  latitud: number | string;
  longitud: number | string;
  zoom: number;
  /** The map data record (spec, entities): flags select the mode. */
  data: unknown;
  /** Marker radius in px (spec: 7). */
  radius?: number;
  trimestreActivo?: string;
  colorInmueblesActivo?: string;
  /** Franchise mode: the agency the parent loaded after `onAgencySelect` (with its properties). */
  agencyData?: unknown;
  /** Franchise mode: an agency marker was clicked; the parent loads that agency's data. */
  onAgencySelect?: (agency: Inmobiliaria) => void;
  twoFingers?: boolean;
}

/**
 * Agency, franchise, agent and property circle map (spec, screens). Checks its inputs and its data record, then
 * draws agencies, their coverage circles and properties with deck.gl. Invalid input is a Spanish message in
 * place of the map, never a blank map.
 */
export function AgencyMap(props: AgencyMapProps) {
  const parsed = useMemo(() => normalizeMapDataRecord(props.data), [props.data]);
  const position = checkAgencyMapInput(props);
  if (!position.ok || !parsed.ok) {
    return (
      <p className="agency-map__error" role="alert">
        {position.ok ? (parsed.ok ? '' : parsed.error) : position.error}
      </p>
    );
  }
  return (
    <AgencyMapView
      {...props}
      position={position.value}
      record={parsed.value.record}
      problems={parsed.value.problems}
    />
  );
}
