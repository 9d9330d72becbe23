import { useId, useLayoutEffect, useRef } from 'react';
import { LEARN, type LearnReason, type PlaceProposal } from '../../core/gazetteer/learn.ts';
import type { ColumnMapping } from '../../core/ingest/columns.ts';
import { formatNumber } from '../../core/format.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { ImportSource } from '../../../workers/import/contract.ts';
import type { TodayAnswer } from './today-answers.ts';
import { useLearnPlaces, type LearnActions, type LearnStage } from './use-learn-places.ts';

const T = MESSAGES.learnPlaces;
const n = (value: number) => formatNumber(value, 0);

/** A distance as read in a review: metres below a kilometre, else kilometres with one decimal. */
// A no-break space between number and unit: '1.500' and 'm' never on two lines.
const distance = (m: number) =>
  m < 1000 ? `${n(Math.round(m))}\u00a0m` : `${formatNumber(m / 1000, 1)}\u00a0km`;

function todayText(answer: TodayAnswer | undefined): string {
  if (!answer || answer.kind === 'looking') return T.looking;
  if (answer.kind === 'none') return T.noResult;
  if (answer.kind === 'failed') return T.lookupFailed;
  return fill(T.todayAt, { label: answer.label, d: distance(answer.distanceM) });
}

/** One proposal: its checkbox labelled by its name, then what it rests on and what the search says today. */
function ProposalItem(props: {
  p: PlaceProposal;
  checked: boolean;
  today: TodayAnswer | undefined;
  onToggle: () => void;
}) {
  const { p } = props;
  return (
    <li className="learn-places__item" data-name={p.name} data-today={props.today?.kind ?? 'looking'}>
      <label>
        <input type="checkbox" checked={props.checked} onChange={props.onToggle} />
        <span>
          <span className="learn-places__name">{p.name}</span>
          {p.municipio !== '' ? <span className="learn-places__where">, {p.municipio}</span> : null}
        </span>
      </label>
      <p className="learn-places__meta">
        {fill(T.count, { n: n(p.count) })} · {fill(T.spread, { n: n(p.spreadM) })}
      </p>
      <p className="learn-places__meta">{fill(T.today, { answer: todayText(props.today) })}</p>
    </li>
  );
}

function Review({
  stage,
  actions,
  stored,
}: {
  stage: Extract<LearnStage, { kind: 'review' }>;
  actions: LearnActions;
  stored: number;
}) {
  const { result, chosen } = stage;
  const reasons = (Object.entries(result.rejected) as [LearnReason, number][])
    .map(([reason, count]) => fill(T.reasonCount, { reason: T.reasons[reason], n: n(count) }))
    .join('; ');
  const all = result.proposals.length > 0 && chosen.size === result.proposals.length;
  const rules = { min: LEARN.minRows, spread: n(LEARN.maxSpreadM) };
  return (
    <>
      <p className="open-data__hint">{fill(T.rowsRead, { n: n(result.rows) })}</p>
      {reasons !== '' ? <p className="open-data__hint">{fill(T.leftOut, { reasons })}</p> : null}
      {result.proposals.length === 0 ? (
        <p>{fill(T.none, rules)}</p>
      ) : (
        <>
          <p className="open-data__hint">{fill(T.intro, rules)}</p>
          <label className="learn-places__all">
            <input type="checkbox" checked={all} onChange={actions.toggleAll} />
            {T.chooseAll}
          </label>
          <ul className="learn-places__list">
            {result.proposals.map((p, i) => (
              <ProposalItem
                key={`${p.name}\u0000${p.municipio}`}
                p={p}
                checked={chosen.has(i)}
                today={stage.today.get(i)}
                onToggle={() => {
                  actions.toggle(i);
                }}
              />
            ))}
          </ul>
        </>
      )}
      <p role="status" className="learn-places__note">
        {stage.note ?? fill(T.stored, { n: n(stored) })}
      </p>
      <p className="open-data__hint">{T.downloadHint}</p>
      <div className="open-data__buttons">
        <button type="button" onClick={actions.add} disabled={chosen.size === 0}>
          {T.add}
        </button>
        <button type="button" onClick={actions.download} disabled={stored === 0}>
          {T.download}
        </button>
      </div>
    </>
  );
}

/**
 * «Aprender ubicaciones» under the import report: a button, and the review it opens (a non-modal dialog in
 * the panel). Focus moves into the review when it opens and back to the button when it closes; Escape closes
 * the review only (the panel around it stays). Names are rendered as React text, never as HTML.
 */
export function LearnPlaces(props: { source: ImportSource; mapping: ColumnMapping; fileName: string }) {
  const { stage, actions, stored } = useLearnPlaces(props.source, props.mapping, props.fileName);
  const opener = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const open = stage.kind !== 'closed';
  useLayoutEffect(() => {
    if (open) title.current?.focus();
  }, [open]);
  const close = () => {
    actions.close();
    opener.current?.focus();
  };
  return (
    <div className="learn-places">
      <button ref={opener} type="button" aria-expanded={open} onClick={actions.open}>
        {T.offer}
      </button>
      <span className="open-data__hint"> {T.offerHint}</span>
      {open ? (
        <section
          className="learn-places__dialog"
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          data-stage={stage.kind}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            close();
          }}
        >
          <div className="open-data__header">
            <h3 id={titleId} ref={title} tabIndex={-1}>
              {T.dialog}
            </h3>
            <button type="button" onClick={close}>
              {T.close}
            </button>
          </div>
          {stage.kind === 'reading' ? <p role="status">{fill(T.reading, { name: props.fileName })}</p> : null}
          {stage.kind === 'failed' ? (
            <p role="alert" className="open-data__problem">
              {stage.message}
            </p>
          ) : null}
          {stage.kind === 'review' ? <Review stage={stage} actions={actions} stored={stored} /> : null}
        </section>
      ) : null}
    </div>
  );
}
