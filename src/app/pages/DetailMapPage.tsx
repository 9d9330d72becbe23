/** Placeholder for the mapa de detalle del inmueble; its issue replaces this page. */
export function DetailMapPage() {
  return <p className="app__placeholder">En construcción: mapa de detalle del inmueble.</p>;
}
