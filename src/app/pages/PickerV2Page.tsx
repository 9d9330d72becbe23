/** Placeholder for the selector de ubicación v2; its issue replaces this page. */
export function PickerV2Page() {
  return <p className="app__placeholder">En construcción: selector de ubicación v2.</p>;
}
