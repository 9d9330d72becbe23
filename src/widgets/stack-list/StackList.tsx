import { useEffect, useRef } from 'react';
import { formatNumber } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import './stack-list.css';

export interface StackItem {
  key: string;
  /** One line of text (rendered as text, never markup). */
  label: string;
}

export interface StackListProps {
  /** What the rows are: the title counts 'inmuebles' or 'transacciones'. */
  kind: 'listings' | 'transactions';
  /** Rows under the filter at this spot (the list may show fewer: `items` is its first page). */
  total: number;
  items: readonly StackItem[];
  /** Where the stack was clicked (CSS px of the map container). */
  x: number;
  y: number;
  /** The list item picked (an index into `items`); omitted: the items are not actionable. */
  onPick?: (index: number) => void;
  onClose: () => void;
  /**
   * Laid out by its parent (in the explorer, under the clicked group's figures) rather than beside the click,
   * where it would cover them. @default false
   */
  docked?: boolean;
}

const T = MESSAGES.stack;

/**
 * The rows of a cluster that zooming cannot split (rows stacked on one spot), as a list beside it instead of
 * a pile of markers: focused when it opens, Escape or 'Cerrar' closes it, every item a button.
 */
export function StackList({ kind, total, items, x, y, onPick, onClose, docked = false }: StackListProps) {
  const title = fill(T[kind], { n: formatNumber(total, 0) });
  const panel = useRef<HTMLElement | null>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);
  const more = total - items.length;
  return (
    <section
      ref={panel}
      className={docked ? 'stack-list stack-list--docked' : 'stack-list'}
      style={docked ? undefined : { left: x + 14, top: Math.max(8, y - 40) }}
      role="dialog"
      aria-label={title}
      tabIndex={-1}
      data-testid="stack-list"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="stack-list__header">
        <strong>{title}</strong>
        <button
          type="button"
          className="stack-list__close"
          aria-label={MESSAGES.card.close}
          onClick={onClose}
        >
          ×
        </button>
      </header>
      <ul className="stack-list__items">
        {items.map((item, i) => (
          <li key={item.key}>
            {onPick ? (
              <button
                type="button"
                onClick={() => {
                  onPick(i);
                }}
              >
                {item.label}
              </button>
            ) : (
              <span>{item.label}</span>
            )}
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="stack-list__more">{fill(T.more, { n: formatNumber(more, 0) })}</p> : null}
    </section>
  );
}
