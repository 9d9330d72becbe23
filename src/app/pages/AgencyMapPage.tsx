/** Placeholder for the mapa de inmobiliarias y franquicias; its issue replaces this page. */
export function AgencyMapPage() {
  return <p className="app__placeholder">En construcción: mapa de inmobiliarias y franquicias.</p>;
}
