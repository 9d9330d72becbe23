/** Placeholder for the mapa de dibujo de zonas; its issue replaces this page. */
export function DrawingMapPage() {
  return <p className="app__placeholder">En construcción: mapa de dibujo de zonas.</p>;
}
