import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * docs/api.md lists every public export of the package's two entries; this keeps the list true. The entries'
 * exports are read with TypeScript's checker (values and types alike), as a host's compiler sees them.
 */
const ENTRIES = { root: 'src/lib/index.ts', core: 'src/lib/core.ts' } as const;

function exportsOf(): Record<keyof typeof ENTRIES, { values: string[]; types: string[] }> {
  const program = ts.createProgram(Object.values(ENTRIES), {
    allowImportingTsExtensions: true,
    noEmit: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    resolveJsonModule: true,
    types: ['vite/client'],
  });
  const checker = program.getTypeChecker();
  const read = (file: string) => {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file} no se pudo leer`);
    const values: string[] = [];
    const types: string[] = [];
    for (const symbol of checker.getExportsOfModule(module)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      (target.flags & ts.SymbolFlags.Value ? values : types).push(symbol.name);
    }
    return { values: values.sort(), types: types.sort() };
  };
  return { root: read(ENTRIES.root), core: read(ENTRIES.core) };
}

/** The names docs/api.md lists under "Every public export": two value blocks and two "Types:" lines. */
function documented() {
  const section = readFileSync('docs/api.md', 'utf8').split('## Every public export')[1] ?? '';
  const blocks = [...section.matchAll(/```text\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const typeLines = [...section.matchAll(/^Types: `([^`]*)`/gm)].map((m) => m[1] ?? '');
  const words = (text: string | undefined) =>
    (text ?? '')
      .split(/\s+/)
      .filter((w) => w !== '')
      .sort();
  return {
    root: { values: words(blocks[0]), types: words(typeLines[0]) },
    core: { values: words(blocks[1]), types: words(typeLines[1]) },
  };
}

describe('the package\u2019s public exports (docs/api.md, "Every public export")', () => {
  const actual = exportsOf();
  const docs = documented();

  it('lists every export of ./core, values and types', () => {
    expect(actual.core.values).toEqual(docs.core.values);
    expect(actual.core.types).toEqual(docs.core.types);
  });

  it('lists what the root entry adds to ./core', () => {
    const added = (names: string[], core: string[]) => names.filter((name) => !core.includes(name));
    expect(added(actual.root.values, actual.core.values)).toEqual(docs.root.values);
    expect(added(actual.root.types, actual.core.types)).toEqual(docs.root.types);
  });

  it('keeps React, maps and workers out of ./core', () => {
    const text = readFileSync(ENTRIES.core, 'utf8');
    expect(text).not.toMatch(/from '(react|maplibre-gl|@deck\.gl|comlink)/);
    expect(text).not.toMatch(/widgets|\/map\/|\/state\//);
  });
});
