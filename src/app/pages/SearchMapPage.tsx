/** Placeholder for the mapa de búsqueda; its issue replaces this page. */
export function SearchMapPage() {
  return <p className="app__placeholder">En construcción: mapa de búsqueda.</p>;
}
