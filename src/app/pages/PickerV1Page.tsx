/** Placeholder for the selector de ubicación v1; its issue replaces this page. */
export function PickerV1Page() {
  return <p className="app__placeholder">En construcción: selector de ubicación v1.</p>;
}
