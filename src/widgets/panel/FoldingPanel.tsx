import type { ReactNode, Ref } from 'react';

export interface FoldingPanelProps {
  /** The panel's own classes (its place and look); the folding is this component's (widgets.css). */
  className: string;
  /** The form's accessible name. */
  label: string;
  /** The words of the button that folds and unfolds it. */
  foldLabel: string;
  open: boolean;
  onOpen: (open: boolean) => void;
  /** The form element, for a page that keeps its map clear of it (the explorer measures its height). */
  panelRef?: Ref<HTMLFormElement>;
  children?: ReactNode;
}

/**
 * A form of controls over the map that folds behind one button on phones, so the map stays clear: folded, it
 * shows the button and only the children that report (a `role="status"` element, or one with the class
 * `folding-panel__keep`). On larger screens the button is hidden and the controls always show. The agency
 * demo's controls and the explorer's filters (TransactionFilters) are each one.
 */
export function FoldingPanel(props: FoldingPanelProps) {
  const { className, label, foldLabel, open, onOpen, panelRef, children } = props;
  return (
    <form
      ref={panelRef}
      className={`${className} folding-panel${open ? '' : ' folding-panel--folded'}`}
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
      }}
    >
      <button
        type="button"
        className="panel-button folding-panel__fold"
        aria-expanded={open}
        onClick={() => {
          onOpen(!open);
        }}
      >
        {foldLabel}
      </button>
      {children}
    </form>
  );
}
