/**
 * A minimal protocol-buffers reader: just what OSM's PBF format uses (varints, zigzag, length-delimited fields
 * and packed repeats). Written here rather than pulled in: a few dozen lines, and every read is bounds-checked
 * so a damaged file throws instead of reading past its buffer.
 */
export class ProtoReader {
  pos = 0;
  readonly end: number;

  constructor(
    readonly buf: Uint8Array,
    start = 0,
    end = buf.length,
  ) {
    this.pos = start;
    this.end = end;
  }

  done(): boolean {
    return this.pos >= this.end;
  }

  /** Unsigned varint as a double: exact up to 2^53, enough for OSM ids and offsets. */
  varint(): number {
    let result = 0;
    let scale = 1;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.end) throw new RangeError('varint past the end');
      const b = this.buf[this.pos++] ?? 0;
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 128;
    }
    throw new RangeError('varint too long');
  }

  /** Zigzag-decoded signed varint (sint32/sint64). */
  svarint(): number {
    const n = this.varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  }

  /** The next field's number and wire type. */
  tag(): { field: number; wire: number } {
    const t = this.varint();
    return { field: Math.floor(t / 8), wire: t % 8 };
  }

  /** A length-delimited field as a sub-reader over the same buffer (no copy). */
  sub(): ProtoReader {
    const length = this.varint();
    const start = this.pos;
    if (start + length > this.end) throw new RangeError('field past the end');
    this.pos += length;
    return new ProtoReader(this.buf, start, start + length);
  }

  bytes(): Uint8Array {
    const r = this.sub();
    return this.buf.subarray(r.pos, r.end);
  }

  packed(signed: boolean): number[] {
    const r = this.sub();
    const out: number[] = [];
    while (!r.done()) out.push(signed ? r.svarint() : r.varint());
    return out;
  }

  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 1) this.pos += 8;
    else if (wire === 2) this.sub();
    else if (wire === 5) this.pos += 4;
    else throw new RangeError(`wire type ${wire}`);
    if (this.pos > this.end) throw new RangeError('field past the end');
  }
}
