/**
 * One form of address (DESIGN.md: usted throughout, as the spec's 'Haga clic'). Every string in MESSAGES and
 * the text of every component is checked for the familiar forms; the only ones allowed are the spec's own
 * literal strings, kept verbatim because the product shows them as the spec writes them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages.ts';

/** The spec's literal strings in the familiar form (spec: two-finger mode; drawing map button). */
const SPEC_LITERALS = ['Usa dos dedos para mover y hacer zoom en el mapa.', 'PULSA PARA INICIAR A DIBUJAR'];

/**
 * Familiar (tú) forms a Spanish UI string would use; whole words, any case. 'se usa', 'se busca' are
 * impersonal, not familiar.
 */
const FAMILIAR =
  /(?<!\bse\s)\b(tu|tus|te|ti|contigo|estás|eres|tienes|puedes|quieres|usa|pulsa|haz|toca|mueve|elige|escribe|selecciona|arrastra|intenta|prueba|vuelve|revisa|busca|muéstrame|acércate)\b/iu;

function strings(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) strings(inner, `${path}.${key}`, out);
  return out;
}

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (path.endsWith('.tsx')) out.push(path);
  }
  return out;
}

describe('usted throughout', () => {
  it('no message uses the familiar form, except the spec literals', () => {
    const familiar = strings(MESSAGES, 'MESSAGES', [])
      .filter(([, text]) => !SPEC_LITERALS.includes(text))
      .filter(([, text]) => FAMILIAR.test(text.normalize('NFC')));
    expect(familiar).toEqual([]);
  });

  it('the spec literals are still there, verbatim', () => {
    expect(MESSAGES.map.twoFingers).toBe(SPEC_LITERALS[0]);
    expect(MESSAGES.drawing.start).toBe(SPEC_LITERALS[1]);
  });

  it('no component writes familiar-form text of its own (JSX text and string literals)', () => {
    const found: string[] = [];
    for (const file of files('src')) {
      const source = readFileSync(file, 'utf8');
      // JSX text between tags and quoted strings; comments and code identifiers are not user text.
      const texts = [...source.matchAll(/>([^<>{}]+)</g), ...source.matchAll(/'([^'\n]*\s[^'\n]*)'/g)].map(
        (m) => m[1] ?? '',
      );
      for (const text of texts) if (FAMILIAR.test(text)) found.push(`${file}: ${text.trim()}`);
    }
    expect(found).toEqual([]);
  });
});
