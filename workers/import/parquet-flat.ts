/**
 * hyparquet's `assemble.js` as its column reader sees it (the builds swap it in: scripts/lib/hyparquet-flat.ts).
 *
 * Why: hyparquet (1.31.5, the same in 1.33.0) assembles every OPTIONAL column through its nested-list walk, a
 * value at a time into a plain array, even when the column is flat — and writers mark columns nullable by
 * default (pyarrow, pandas, DuckDB, our own `npm run data`), so that is nearly every analyst's column. The walk
 * took ~30 % of a Parquet decode and turned typed columns into arrays of boxed numbers (more garbage to
 * collect, slower to read back). Here a flat optional column's page without nulls is handed back as decoded —
 * a typed array for numbers, as hyparquet already does for REQUIRED columns — and a page with nulls is filled
 * in one loop. Everything else (lists, maps, structs, repeated columns) goes to hyparquet's own assembly.
 */
import type { SchemaTree } from 'hyparquet';
import { assembleLists as nestedAssembly } from 'hyparquet-internal/assemble';

export { assembleNested } from 'hyparquet-internal/assemble';

/** Whether the schema path is one flat OPTIONAL column under the root (max definition level 1). */
function flatOptional(schemaPath: readonly SchemaTree[]): boolean {
  const column = schemaPath.length === 2 ? schemaPath[1] : undefined;
  return column?.element.repetition_type === 'OPTIONAL' && column.children.length === 0;
}

/**
 * One data page's values placed by their definition levels, appended to `output` (the column's previous
 * chunk when it is an array) or returned as a chunk of their own — hyparquet's contract for this function:
 * returning `output` continues the chunk, returning another array starts a new one.
 */
export const assembleLists: typeof nestedAssembly = (
  output,
  definitionLevels,
  repetitionLevels,
  values,
  schemaPath,
) => {
  if (repetitionLevels.length > 0 || !flatOptional(schemaPath))
    return nestedAssembly(output, definitionLevels, repetitionLevels, values, schemaPath);
  const n = definitionLevels?.length ?? 0;
  // No levels written: every value is defined (hyparquet would box them into `output`).
  if (n === 0) return values;
  const levels = definitionLevels as ArrayLike<number>;
  let nulls = values.length !== n;
  for (let i = 0; i < n && !nulls; i++) if (levels[i] !== 1) nulls = true;
  if (!nulls) return values;
  let v = 0;
  for (let i = 0; i < n; i++) output.push(levels[i] === 1 ? values[v++] : null);
  return output;
};
