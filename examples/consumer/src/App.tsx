import { useMemo, useState, type ReactNode } from 'react';
import {
  AddressSearch,
  AgencyMap,
  DetailMap,
  DrawingMap,
  LocationPicker,
  NO_FILTER,
  PlaceSearchBox,
  PropertyCard,
  PropertyClusterMap,
  TransactionFilters,
  TransactionsMap,
  TransactionsSide,
  formatNumber,
  formatPriceLabel,
  normalizeProperties,
  useMapState,
  type AddressResult,
  type EngineFilter,
  type LoadResult,
  type MapasConfig,
  type PickedLocation,
  type Property,
  trendPoints,
  type QuarterPrices,
  type StoredShape,
} from 'inmuebles-mapas-ve';
import { AGENCY_RECORD, listings, transactionsUrl } from './data.ts';
import { HostStorePanel } from './host-store.tsx';

const VENEZUELA = { latitud: 7.1, longitud: -66.2 };
const SAVED_SQUARE: StoredShape = [
  [10.5, -66.9],
  [10.5, -66.85],
  [10.45, -66.85],
  [10.45, -66.9],
  [10.5, -66.9],
];

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** The general listing map, with the place search above it and what our state says of that search. */
function ListingPanel({ data }: { data: readonly unknown[] }) {
  const [selected, setSelected] = useState<Property | null>(null);
  const search = useMapState('listado');
  return (
    <Panel title="Listado">
      <div className="map">
        <PropertyClusterMap
          mapId="listado"
          variant="general"
          data={data}
          {...VENEZUELA}
          zoom={5}
          onSelect={setSelected}
          renderToolbar={(map) => <PlaceSearchBox mapId="listado" map={map} />}
        />
      </div>
      <p data-testid="listing-search">{search.labelNuevaUbicacion}</p>
      <p>{selected ? formatPriceLabel(selected.precio) : ''}</p>
    </Panel>
  );
}

function TransactionsPanel() {
  const url = useMemo(() => transactionsUrl(), []);
  const [filter, setFilter] = useState<EngineFilter>(NO_FILTER);
  const [info, setInfo] = useState<LoadResult | null>(null);
  const [matching, setMatching] = useState<number | null>(null);
  const [prices, setPrices] = useState<QuarterPrices | null>(null);
  const [open, setOpen] = useState(true);
  const [playing, setPlaying] = useState(false);
  const points = useMemo(() => (prices ? trendPoints(prices) : null), [prices]);
  return (
    <Panel title="Transacciones">
      <div className="map explorer">
        <TransactionsMap
          dataUrl={url}
          filter={filter}
          initialView={null}
          onLoad={setInfo}
          onMatching={setMatching}
          onQuarterPrices={setPrices}
        />
        <TransactionFilters
          filter={filter}
          onFilter={setFilter}
          info={info}
          progress={1}
          matching={matching}
          error={null}
          playing={playing}
          onPlaying={setPlaying}
          open={open}
          onOpen={setOpen}
        />
        <TransactionsSide
          points={points}
          filter={filter}
          onQuarters={(quarters) => {
            setFilter((f) => ({ ...f, quarters }));
          }}
          priceLegend={null}
        />
      </div>
      <p data-testid="transactions-matching">{matching === null ? '' : formatNumber(matching, 0)}</p>
    </Panel>
  );
}

function PickerPanel() {
  const [location, setLocation] = useState<PickedLocation | null>(null);
  return (
    <Panel title="Ubicación">
      <div className="map">
        <LocationPicker mapId="ubicacion" version={1} {...VENEZUELA} zoom={6} onLocation={setLocation} />
      </div>
      <p data-testid="picker-label">{location?.label ?? ''}</p>
    </Panel>
  );
}

function DrawingPanel() {
  const [shape, setShape] = useState<StoredShape>([]);
  const [load, setLoad] = useState<StoredShape | undefined>(undefined);
  return (
    <Panel title="Dibujo">
      <div className="map">
        <DrawingMap
          mapId="dibujo"
          latitud={10.48}
          longitud={-66.87}
          zoom={11}
          cargarForma={load}
          onShape={setShape}
        />
      </div>
      <button
        type="button"
        onClick={() => {
          setLoad(SAVED_SQUARE);
        }}
      >
        Cargar el cuadrado guardado
      </button>
      <p data-testid="drawing-shape">{JSON.stringify(shape)}</p>
    </Panel>
  );
}

/** A second geocoder on the same page: only this control asks it (its own `config`). */
function AddressPanel({ geocoderB }: { geocoderB: MapasConfig }) {
  const [result, setResult] = useState<AddressResult | null>(null);
  return (
    <Panel title="Dirección">
      <AddressSearch config={geocoderB} onResult={setResult} />
      <p data-testid="address-result">{result?.label ?? ''}</p>
    </Panel>
  );
}

export function App({ geocoderB }: { geocoderB: MapasConfig }) {
  const data = useMemo(() => listings(300), []);
  const card = useMemo(() => normalizeProperties(listings(1)).properties[0], []);
  const [reset, setReset] = useState(0);
  return (
    <main className="grid">
      <h1>Anfitrión de ejemplo</h1>
      <ListingPanel data={data} />
      <TransactionsPanel />
      <Panel title="Inmobiliaria">
        <div className="map">
          <AgencyMap
            key={reset}
            mapId="agencia"
            latitud={10.496}
            longitud={-66.853}
            zoom={12}
            data={AGENCY_RECORD}
          />
        </div>
        <button
          type="button"
          onClick={() => {
            setReset((n) => n + 1);
          }}
        >
          Volver a montar
        </button>
      </Panel>
      <PickerPanel />
      <Panel title="Detalle">
        <div className="map">
          <DetailMap mapId="detalle" latitud={10.4966} longitud={-66.849} />
        </div>
      </Panel>
      <DrawingPanel />
      <AddressPanel geocoderB={geocoderB} />
      <HostStorePanel />
      <Panel title="Ficha">{card ? <PropertyCard property={card} /> : null}</Panel>
    </main>
  );
}
