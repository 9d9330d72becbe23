export interface ChoiceSelectProps {
  /** The label's words, before the select (its accessible name). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly string[];
  /** An option for every value first, `todos`, with these words; absent: none. */
  all?: string;
  /** The words an option shows (absent: its value). */
  textOf?: (choice: string) => string;
}

/**
 * One choice among a panel's values, as a labelled native select (keyboard-operable as it is): the agency
 * demo's mode, quarter and colour, the explorer's colour and operation, the price layer's two quarters.
 */
export function ChoiceSelect({ label, value, onChange, choices, all, textOf }: ChoiceSelectProps) {
  return (
    <label>
      {label}
      <select
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      >
        {all === undefined ? null : <option value="todos">{all}</option>}
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {textOf ? textOf(choice) : choice}
          </option>
        ))}
      </select>
    </label>
  );
}
