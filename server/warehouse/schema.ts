/**
 * The warehouse's tables, shared by ingest (which writes them) and queries (which read them). One wide table
 * of transactions sorted by Morton key, and small dictionary tables: rows hold label indices, so a filter
 * is a comparison of small integers, and the labels are mapped in TypeScript once per open.
 */

/** The rows. Column order is the staging appender's. */
export const TRANSACTIONS = 'transactions';

/**
 * Columns as ingest appends them: the source row index, integer Mercator x/y (keys.ts), the Morton key's two
 * words (joined into `morton` when the rows are sorted), degrees, dictionary indices, price, built area.
 */
export const STAGING_COLUMNS = `
  id INTEGER NOT NULL,
  x INTEGER NOT NULL,
  y INTEGER NOT NULL,
  morton_hi UINTEGER NOT NULL,
  morton_lo UINTEGER NOT NULL,
  lng DOUBLE NOT NULL,
  lat DOUBLE NOT NULL,
  quarter USMALLINT NOT NULL,
  operation UTINYINT NOT NULL,
  color USMALLINT NOT NULL,
  price DOUBLE,
  area FLOAT,
  precision UTINYINT NOT NULL,
  h3_base UTINYINT NOT NULL,
  h3_digits UINTEGER NOT NULL`;

/**
 * The sorted table from the staging one: `morton` replaces its two words, and `h3` the two parts of the
 * row's resolution-9 H3 key (workers/engine/hex-index.ts: base cell · 2^27 + nine 3-bit digits), so the
 * resolution-r parent is `h3 >> 3·(9 − r)` in SQL, with no H3 extension (none can be downloaded here).
 */
export const SORTED_SELECT = `
  SELECT id, x, y, (morton_hi::UBIGINT << 32) | morton_lo::UBIGINT AS morton, lng, lat, quarter, operation,
         color, price, area, precision, (h3_base::UBIGINT << 27) | h3_digits::UBIGINT AS h3
  FROM staging ORDER BY morton`;

/** Dictionary tables: (idx, label), idx the value the rows hold. */
export const QUARTERS = 'quarters';
export const COLORS = 'colors';
/** key → value: the data version and the row count, for answers and cache keys. */
export const META = 'meta';
