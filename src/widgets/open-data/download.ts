/**
 * Hands the browser the file at `url` to save, through a temporary link. For a same-origin URL the browser
 * downloads it as `filename` (a served file streams to disk, never through the page's memory).
 */
export function downloadUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Hands the browser a file to save (an object URL, revoked right after). */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, filename);
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 0);
}

export function downloadText(text: string, filename: string, type: string): void {
  downloadBlob(new Blob([text], { type }), filename);
}

/** A file name from the analyst's file's, without its extension: 'ventas.csv' → 'ventas'. */
export const baseName = (name: string): string =>
  name.replace(/\.[^.]*$/, '').replace(/[^\w.-]+/g, '_') || 'datos';
