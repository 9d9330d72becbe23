/**
 * hyparquet's own assembly module, which its package exports do not list: resolved by the builds' plugin
 * (scripts/lib/hyparquet-flat.ts) for workers/import/parquet-flat.ts only.
 */
declare module 'hyparquet-internal/assemble' {
  import type { DecodedArray, ParquetParsers, SchemaTree } from 'hyparquet';
  export function assembleLists(
    output: unknown[],
    definitionLevels: ArrayLike<number> | undefined,
    repetitionLevels: ArrayLike<number>,
    values: DecodedArray,
    schemaPath: SchemaTree[],
  ): DecodedArray;
  export function assembleNested(
    subcolumnData: Map<string, DecodedArray>,
    schema: SchemaTree,
    parsers: ParquetParsers,
    depth?: number,
  ): void;
}
