import { useEffect, useState } from 'react';
import type { ImportSource } from '../../../workers/import/contract.ts';

const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;

/** Files dragged onto the element open as data; `dragging` says when to show the drop hint. */
export function useDropTarget(
  element: HTMLElement | null,
  onSource: (source: ImportSource) => void,
): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    if (!element) return undefined;
    let depth = 0;
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault(); // allows the drop
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth++;
      setDragging(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      depth = 0;
      setDragging(false);
      const file = event.dataTransfer?.files[0];
      if (!file) return;
      event.preventDefault(); // the browser must not open the file itself
      onSource({ kind: 'file', file, name: file.name });
    };
    element.addEventListener('dragover', over);
    element.addEventListener('dragenter', enter);
    element.addEventListener('dragleave', leave);
    element.addEventListener('drop', drop);
    return () => {
      element.removeEventListener('dragover', over);
      element.removeEventListener('dragenter', enter);
      element.removeEventListener('dragleave', leave);
      element.removeEventListener('drop', drop);
    };
  }, [element, onSource]);
  return dragging;
}
