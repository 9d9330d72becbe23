import { mappingProblem, ROLES, type ColumnMapping, type Role } from '../../core/ingest/columns.ts';
import { FORMAT_LABEL } from '../../core/ingest/detect.ts';
import { fill, MESSAGES } from '../../core/messages.ts';
import type { ImportPreview } from '../../../workers/import/contract.ts';

const T = MESSAGES.importData;

/** 'ventas.csv · CSV · windows-1252 · separador «;»' */
export function fileSummary(preview: ImportPreview): string {
  const details =
    (preview.encoding ? fill(T.encodingDetail, { encoding: preview.encoding }) : '') +
    (preview.delimiter
      ? fill(T.delimiterDetail, { delimiter: preview.delimiter === '\t' ? T.tab : preview.delimiter })
      : '');
  return fill(T.fileSummary, { name: preview.name, format: FORMAT_LABEL[preview.format], details });
}

/**
 * The column-mapping step: one select per role (detected or remembered, every choice overridable), the
 * first rows of the file as a table (cells as text), and the load button once the rows can be placed.
 */
export function MappingStep(props: {
  preview: ImportPreview;
  mapping: ColumnMapping;
  defaultOperation: 'Venta' | 'Alquiler';
  onChange: (mapping: ColumnMapping, defaultOperation: 'Venta' | 'Alquiler') => void;
  onLoad: () => void;
  onBack: () => void;
}) {
  const { preview, mapping, defaultOperation, onChange } = props;
  const problem = mappingProblem(mapping);
  const set = (role: Role, value: string) => {
    const next: ColumnMapping = Object.fromEntries(Object.entries(mapping).filter(([r]) => r !== role));
    if (value !== '') next[role] = Number(value);
    onChange(next, defaultOperation);
  };
  return (
    <div className="open-data__step">
      <p className="open-data__file">{fileSummary(preview)}</p>
      <h3>{T.mappingTitle}</h3>
      <p className="open-data__hint">{T.mappingHint}</p>
      <div className="open-data__roles">
        {ROLES.map((role) => (
          <label key={role} className="open-data__role">
            <span>{T.roles[role]}</span>
            <select
              aria-label={T.roles[role]}
              value={mapping[role] === undefined ? '' : String(mapping[role])}
              onChange={(e) => {
                set(role, e.target.value);
              }}
            >
              <option value="">{T.none}</option>
              {preview.header.map((name, i) => (
                <option key={i} value={String(i)}>
                  {name === '' ? `#${String(i + 1)}` : name}
                </option>
              ))}
            </select>
          </label>
        ))}
        {mapping.operation === undefined ? (
          <label className="open-data__role">
            <span>{T.defaultOperation}</span>
            <select
              aria-label={T.defaultOperation}
              value={defaultOperation}
              onChange={(e) => {
                onChange(mapping, e.target.value === 'Alquiler' ? 'Alquiler' : 'Venta');
              }}
            >
              <option value="Venta">{MESSAGES.operation.sale}</option>
              <option value="Alquiler">{MESSAGES.operation.rental}</option>
            </select>
          </label>
        ) : null}
      </div>
      <h3>{T.previewTitle}</h3>
      <div className="open-data__preview" tabIndex={0} role="region" aria-label={T.previewTitle}>
        <table>
          <thead>
            <tr>
              {preview.header.map((name, i) => (
                <th key={i} scope="col">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, r) => (
              <tr key={r}>
                {preview.header.map((_, i) => (
                  <td key={i}>{row[i] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problem ? (
        <p className="open-data__problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="open-data__buttons">
        <button type="button" onClick={props.onBack}>
          {T.back}
        </button>
        <button
          type="button"
          className="open-data__primary"
          disabled={problem !== null}
          onClick={props.onLoad}
        >
          {T.load}
        </button>
      </div>
    </div>
  );
}
