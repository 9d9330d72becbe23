import { useEffect, useMemo, useRef, useState } from 'react';
import type { AgencyMapMode } from '../../core/agency-map.ts';
import { MESSAGES } from '../../core/messages.ts';
import type { Inmobiliaria } from '../../core/types.ts';
import { AgencyMap } from '../../widgets/agency-map/AgencyMap.tsx';
import { ChoiceSelect } from '../../widgets/panel/ChoiceSelect.tsx';
import { FoldingPanel } from '../../widgets/panel/FoldingPanel.tsx';
import { isPhoneWidth } from '../../widgets/panel/use-phone-width.ts';
import { hashQuery } from '../router.ts';
import { agenciesCentre, agencyById, choices, MODES, readMode, recordFor } from './agency-demo.ts';
import { useHashQuery } from './picker-demo.ts';
import './agency-map-page.css';

/** The parent's simulated round trip when a franchise agency is clicked. */
const LOAD_DELAY_MS = 400;

function readQuery() {
  const q = new URLSearchParams(hashQuery(window.location.hash));
  const int = (name: string, fallback: number) => {
    const n = Number(q.get(name));
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  return { mode: readMode(q.get('modo')), agencies: int('agencias', 8), perAgency: int('inmuebles', 150) };
}

/**
 * Demo of the agency map: a generated franchise across Venezuela; switch modes, filter by quarter and
 * colour; in franchise mode a click on an agency "loads" its listings after a short simulated delay.
 */
export function AgencyMapPage() {
  const [query] = useState(readQuery);
  const [mode, setMode] = useState<AgencyMapMode>(query.mode);
  // A link or the address bar changing `?modo=` switches the mode as the select does.
  const hashMode = readMode(new URLSearchParams(useHashQuery()).get('modo'));
  const [seenHashMode, setSeenHashMode] = useState(hashMode);
  const [franchise, setFranchise] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const [trimestre, setTrimestre] = useState('todos');
  const [color, setColor] = useState('todos');
  const [agencyData, setAgencyData] = useState<unknown>(undefined);
  const [loading, setLoading] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Phones (spec breakpoint): the controls start folded and the franchise opens one zoom out.
  const [phone] = useState(isPhoneWidth);
  const [open, setOpen] = useState(!phone);

  useEffect(() => {
    const abort = new AbortController();
    const url = `/api/data/franchise.json?agencies=${query.agencies}&properties=${query.perAgency}&seed=3`;
    fetch(url, { signal: abort.signal })
      .then((r) => {
        if (!r.ok) throw new Error(`Request failed with status code ${r.status}`);
        return r.json() as Promise<unknown>;
      })
      .then(setFranchise)
      .catch((reason: unknown) => {
        if (abort.signal.aborted) return;
        console.error(reason);
        setError(MESSAGES.errors.loadData);
      });
    return () => {
      abort.abort();
      clearTimeout(timer.current);
    };
  }, [query]);

  const data = useMemo(() => (franchise ? recordFor(mode, franchise) : null), [mode, franchise]);
  const quarters = useMemo(() => choices(franchise, 'trimestre'), [franchise]);
  const colours = useMemo(() => choices(franchise, 'color'), [franchise]);
  const centre = useMemo(
    () => (phone && mode === 'franquicia' ? agenciesCentre(franchise) : null),
    [phone, mode, franchise],
  );

  const onAgencySelect = (agency: Inmobiliaria) => {
    clearTimeout(timer.current);
    setLoading(agency.nombre);
    timer.current = setTimeout(() => {
      setAgencyData(agencyById(franchise, agency.id));
      setLoading(null);
    }, LOAD_DELAY_MS);
  };
  // Each mode draws other listings (a quarter or colour chosen for one may not exist in the next), so the
  // filters start again at 'Todos' rather than filtering the new mode out of sight.
  const changeMode = (next: AgencyMapMode) => {
    setMode(next);
    setAgencyData(undefined);
    setTrimestre('todos');
    setColor('todos');
  };
  if (hashMode !== seenHashMode) {
    setSeenHashMode(hashMode);
    if (hashMode !== mode) changeMode(hashMode);
  }
  /** The select's choice goes into the address too, so the page can be shared or reloaded in that mode. */
  const chooseMode = (next: AgencyMapMode) => {
    changeMode(next);
    const q = new URLSearchParams(hashQuery(window.location.hash));
    q.set('modo', next);
    window.history.replaceState(null, '', `#/inmobiliarias?${q.toString()}`);
    setSeenHashMode(next);
  };

  return (
    <div className="agency-page">
      <FoldingPanel
        className="agency-page__panel"
        label="Controles del mapa de inmobiliarias"
        foldLabel={MESSAGES.agencyMap.fold}
        open={open}
        onOpen={setOpen}
      >
        <ChoiceSelect
          label={MESSAGES.agencyMap.mode}
          value={mode}
          onChange={(value) => {
            chooseMode(readMode(value));
          }}
          choices={MODES}
          textOf={(m) => MESSAGES.agencyMap.modes[readMode(m)]}
        />
        <ChoiceSelect
          label={MESSAGES.agencyMap.quarter}
          value={trimestre}
          onChange={setTrimestre}
          choices={quarters}
          all={MESSAGES.agencyMap.all}
        />
        <ChoiceSelect
          label={MESSAGES.agencyMap.color}
          value={color}
          onChange={setColor}
          choices={colours}
          all={MESSAGES.agencyMap.all}
        />
        {loading ? <span role="status">{MESSAGES.agencyMap.loadingAgency}</span> : null}
      </FoldingPanel>
      {error ? <p role="alert">{error}</p> : null}
      {data ? (
        <AgencyMap
          key={mode}
          mapId="inmobiliarias"
          latitud={centre ? String(centre.lat) : '7.6'}
          longitud={centre ? String(centre.lng) : '-66.2'}
          // The franchise spans the country: 375 px at zoom 6 shows a third of it; a phone opens as far out as
          // the base map's bounds allow, centred on the agencies.
          zoom={mode === 'franquicia' ? (phone ? 4 : 6) : 11}
          data={data}
          trimestreActivo={trimestre}
          colorInmueblesActivo={color}
          agencyData={agencyData}
          onAgencySelect={onAgencySelect}
          twoFingers
        />
      ) : null}
    </div>
  );
}
