/** Placeholder for the listados general (mapa de inmuebles agrupados); its issue replaces this page. */
export function ListingMapPage() {
  return <p className="app__placeholder">En construcción: listados general (mapa de inmuebles agrupados).</p>;
}
