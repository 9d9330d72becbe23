import { MESSAGES } from '../../core/messages.ts';
import { ChoiceSelect } from '../panel/ChoiceSelect.tsx';

const T = MESSAGES.explorer;

export interface PriceMode {
  mode: 'clusters' | 'hexagons';
  compare: { base: string; comparison: string } | null;
}

/**
 * Clusters or price hexagons, and in hexagon mode an optional comparison between two quarters (base and
 * comparison pickers). Native controls: keyboard-operable as they are.
 */
export function PriceModeControls(props: {
  value: PriceMode;
  quarters: readonly string[];
  onChange: (value: PriceMode) => void;
}) {
  const { value, quarters, onChange } = props;
  const first = quarters[0] ?? '';
  const last = quarters[quarters.length - 1] ?? '';
  return (
    <fieldset className="explorer__mode">
      <legend>{T.mode}</legend>
      {(['clusters', 'hexagons'] as const).map((mode) => (
        <label key={mode}>
          <input
            type="radio"
            name="explorer-mode"
            checked={value.mode === mode}
            onChange={() => {
              onChange({ ...value, mode });
            }}
          />
          {mode === 'clusters' ? T.modeClusters : T.modeHexagons}
        </label>
      ))}
      {value.mode === 'hexagons' ? (
        <label>
          <input
            type="checkbox"
            checked={value.compare !== null}
            disabled={quarters.length < 2}
            onChange={(e) => {
              onChange({ ...value, compare: e.target.checked ? { base: first, comparison: last } : null });
            }}
          />
          {T.compare}
        </label>
      ) : null}
      {value.mode === 'hexagons' && value.compare ? (
        <>
          <ChoiceSelect
            label={T.compareBase}
            value={value.compare.base}
            onChange={(base) => {
              onChange({ ...value, compare: { base, comparison: value.compare?.comparison ?? last } });
            }}
            choices={quarters}
          />
          <ChoiceSelect
            label={T.compareWith}
            value={value.compare.comparison}
            onChange={(comparison) => {
              onChange({ ...value, compare: { base: value.compare?.base ?? first, comparison } });
            }}
            choices={quarters}
          />
        </>
      ) : null}
    </fieldset>
  );
}
