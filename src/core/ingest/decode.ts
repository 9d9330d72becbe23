/**
 * Text of an analyst's file from its bytes: UTF-8 (with or without BOM) when the bytes are valid UTF-8,
 * else Windows-1252 — what Excel and most Venezuelan registry exports write ('Urbanización' as 0xF3). The
 * encoding is said back so the UI can show it and the analyst can see a wrong guess.
 */
export type TextEncoding = 'utf-8' | 'windows-1252';

export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding; bom: boolean } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8', bom };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(body), encoding: 'windows-1252', bom };
  }
}

/**
 * Whether bytes look like text at all: a file of binary garbage named '.csv' is refused with a message
 * instead of being parsed into thousands of one-column rows. NUL bytes or many control characters in the
 * first 64 KB mean binary.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 65_536);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 9 || (byte > 13 && byte < 32)) control++;
  }
  return sample.length > 0 && control / sample.length > 0.05;
}
