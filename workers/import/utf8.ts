/**
 * Text cells of Parquet and Arrow files as strings, faster than a TextDecoder call per cell. hyparquet
 * decodes every UTF-8 BYTE_ARRAY value of a PLAIN page (an id column: one per row) with `TextDecoder.decode`,
 * and in Chromium that call costs ~1 µs of binding overhead whatever the length: 1.2 s of the Parquet
 * helper's 2.5 s on a million ids (profiled in the browser); apache-arrow's `get` does the same per cell. Short cells of ASCII and two-byte sequences (Spanish accents, ñ, ¿)
 * are built here in JavaScript; anything else — longer cells, three- and four-byte sequences, a byte-order
 * mark, malformed bytes — still goes to the TextDecoder, so every answer is the decoder's own.
 */
const decoder = new TextDecoder();
/** Longest cell built here; past it a TextDecoder call is cheap beside the copy. */
const SHORT = 64;
const codes = new Uint16Array(SHORT);

/** `new TextDecoder().decode(bytes)`, the same string; falsy input is handed back as hyparquet does. */
export function stringFromBytes(bytes: Uint8Array | undefined): string | undefined {
  if (!bytes) return bytes;
  return utf8Slice(bytes, 0, bytes.length);
}

/** The text of bytes [start, end) — `TextDecoder.decode(bytes.subarray(start, end))` without the view. */
export function utf8Slice(bytes: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (n > SHORT) return decoder.decode(bytes.subarray(start, end));
  let length = 0;
  for (let i = start; i < end; i++) {
    const b = bytes[i] as number;
    if (b < 0x80) codes[length++] = b;
    else if (b >= 0xc2 && b <= 0xdf && i + 1 < end) {
      // A two-byte sequence (U+0080–U+07FF): a lead of C2–DF (C0 and C1 would be overlong) and one
      // continuation byte.
      const next = bytes[i + 1] as number;
      if ((next & 0xc0) !== 0x80) return decoder.decode(bytes.subarray(start, end));
      codes[length++] = ((b & 0x1f) << 6) | (next & 0x3f);
      i++;
    } else return decoder.decode(bytes.subarray(start, end));
  }
  return String.fromCharCode.apply(null, codes.subarray(0, length) as unknown as number[]);
}

/** The number of bytes of `text` in UTF-8 (what `TextEncoder` would give, without the copy). */
export function utf8Length(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n += 2; // a pair: two units, four bytes
        i++;
      } else n += 2;
    } else n += 2; // three bytes (a lone surrogate is written as U+FFFD, also three)
  }
  return n;
}
