/**
 * The ClickHouse adapter's only way of putting a value into SQL: every literal reads back as exactly the
 * value it was written from, and hostile text stays text. The pure checks always run; the round trips run
 * against a real server when WAREHOUSE_CLICKHOUSE_URL names one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bindLiterals,
  literal,
  numberLiteral,
  stringLiteral,
} from '../../../server/warehouse/clickhouse-literal.ts';
import { openClickHouse } from '../../../server/warehouse/clickhouse.ts';

const URL = process.env.WAREHOUSE_CLICKHOUSE_URL || undefined;

const HOSTILE = [
  "it's",
  "'; DROP TABLE transactions; --",
  "azul') OR ('1'='1",
  'back\\slash\\',
  "\\'",
  'nul\0byte',
  'line\nbreak\r\ttab',
  '\x01\x1f\x7f',
  '? and ?',
  'ñandú € 𝄞',
  '',
];

describe('ClickHouse literals', () => {
  it('escapes quotes, backslashes and control characters, and nothing else', () => {
    expect(stringLiteral("it's")).toBe("'it\\'s'");
    expect(stringLiteral('a\\b')).toBe("'a\\\\b'");
    expect(stringLiteral('a\0b\nc')).toBe("'a\\x00b\\x0ac'");
    expect(stringLiteral('ñandú')).toBe("'ñandú'");
    for (const text of HOSTILE) {
      // Inside the quotes, every quote is escaped: the literal cannot end early.
      const inner = stringLiteral(text).slice(1, -1);
      expect(inner.replace(/\\./g, '')).not.toMatch(/['\\\0\n]/);
    }
  });

  it('writes numbers exactly, refuses what ClickHouse would misread', () => {
    expect(numberLiteral(-66.9)).toBe('(-66.9)');
    expect(numberLiteral(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(numberLiteral(-0)).toBe('0');
    expect(numberLiteral(1e21)).toBe('1e+21');
    expect(numberLiteral(2 ** 31)).toBe('2.147483648e+9');
    expect(numberLiteral(2 ** 31 - 1)).toBe('2147483647');
    expect(numberLiteral(-(2 ** 53))).toBe('(-9.007199254740992e+15)');
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 5e-324]) {
      expect(() => numberLiteral(bad)).toThrow(RangeError);
    }
    expect(literal(2n ** 63n)).toBe('9223372036854775808');
    expect(literal(-(2n ** 63n))).toBe('(-9223372036854775808)');
    expect(() => literal(2n ** 64n)).toThrow(RangeError);
  });

  it('writes lists, booleans and NULL', () => {
    expect(literal([1, -2, 3.5])).toBe('[1, (-2), 3.5]');
    expect(literal(['a', "b'"])).toBe("['a', 'b\\'']");
    expect(literal([])).toBe('[]');
    expect([literal(true), literal(false), literal(null)]).toEqual(['1', '0', 'NULL']);
  });

  it('replaces each ? outside quotes, in order, and refuses a count that does not match', () => {
    expect(bindLiterals('SELECT ?, \'?\', "?", ?', [1, 'x'])).toBe("SELECT 1, '?', \"?\", 'x'");
    expect(bindLiterals("SELECT 'it\\'s ?', ?", [2])).toBe("SELECT 'it\\'s ?', 2");
    expect(() => bindLiterals('SELECT ?, ?', [1])).toThrow('Faltan parámetros');
    expect(() => bindLiterals('SELECT ?', [1, 2])).toThrow('Sobran parámetros');
    expect(() => bindLiterals("SELECT '?", [])).toThrow('Comillas sin cerrar');
    // A value holding a ? is a value: it does not take the next parameter's place.
    expect(bindLiterals('SELECT ?, ?', ['?', 5])).toBe("SELECT '?', 5");
  });
});

describe.skipIf(!URL)(
  `ClickHouse literals read back by a server (${URL ?? 'WAREHOUSE_CLICKHOUSE_URL sin definir: se omite'})`,
  () => {
    it('hostile strings come back as themselves, one value each', async () => {
      const engine = await openClickHouse(URL ?? '');
      const placeholders = HOSTILE.map((_, i) => `? AS s${String(i)}`).join(', ');
      const [row] = await engine.query(`SELECT ${placeholders}, length(?) AS n`, [...HOSTILE, 'nul\0byte']);
      HOSTILE.forEach((text, i) => {
        expect(row?.[`s${String(i)}`]).toBe(text);
      });
      expect(row?.n).toBe(8n);
      await engine.close();
    });

    it('random doubles come back bit for bit', async () => {
      const engine = await openClickHouse(URL ?? '');
      // Integers of every width beside fractions in one list: a list needs one type for all of them.
      const values = [
        -1,
        2 ** 31,
        -(2 ** 40),
        2 ** 53,
        1e20,
        255,
        -0,
        0.5,
        ...fc.sample(
          fc
            .double({ noNaN: true, noDefaultInfinity: true })
            .filter((v) => v === 0 || Math.abs(v) >= 2.3e-308),
          { numRuns: 500, seed: 7 },
        ),
      ];
      const [row] = await engine.query('SELECT ? AS v', [values]);
      expect(row?.v).toEqual(values.map((v) => (Object.is(v, -0) ? 0 : v)));
      await engine.close();
    });
  },
);
