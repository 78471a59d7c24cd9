/**
 * H.264 bitstream plumbing (ITU-T H.264 §7.2–7.3, Annex B): reading and writing bits with
 * Exp-Golomb codes, splitting a byte stream into NAL units, and the emulation prevention that
 * keeps start codes out of a NAL unit's payload.
 */

/** Reads bits, most significant first, from an RBSP (emulation prevention already removed). */
export class BitReader {
  private bit = 0;

  constructor(private readonly bytes: Uint8Array) {}

  get position(): number {
    return this.bit;
  }

  u(bits: number): number {
    let value = 0;
    for (let i = 0; i < bits; i++) {
      const byte = this.bytes[this.bit >> 3];
      if (byte === undefined) throw new Error('H.264: read past the end of a NAL unit');
      value = value * 2 + ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit++;
    }
    return value;
  }

  flag(): boolean {
    return this.u(1) === 1;
  }

  /** ue(v): unsigned Exp-Golomb (§9.1). */
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) {
      if (++zeros > 31) throw new Error('H.264: Exp-Golomb code longer than 32 bits');
    }
    return 2 ** zeros - 1 + this.u(zeros);
  }

  /** se(v): signed Exp-Golomb (§9.1.1). */
  se(): number {
    const k = this.ue();
    return k % 2 === 1 ? (k + 1) / 2 : k === 0 ? 0 : -(k / 2);
  }
}

/** Writes bits, most significant first, into an RBSP. */
export class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private filled = 0;

  get aligned(): boolean {
    return this.filled === 0;
  }

  u(bits: number, value: number): this {
    for (let i = bits - 1; i >= 0; i--) this.bit(Math.floor(value / 2 ** i) & 1);
    return this;
  }

  bit(value: number): this {
    this.current = (this.current << 1) | (value & 1);
    if (++this.filled === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.filled = 0;
    }
    return this;
  }

  ue(value: number): this {
    const code = value + 1;
    const length = Math.floor(Math.log2(code));
    return this.u(length, 0).u(length + 1, code);
  }

  se(value: number): this {
    return this.ue(value > 0 ? 2 * value - 1 : -2 * value);
  }

  /** Appends whole bytes; the writer must be byte-aligned. */
  append(bytes: Uint8Array): this {
    if (!this.aligned) throw new Error('H.264: bytes appended off a byte boundary');
    for (const byte of bytes) this.bytes.push(byte);
    return this;
  }

  /** rbsp_trailing_bits (§7.3.2.11): a one, then zeros to the byte boundary. */
  trailingBits(): this {
    this.bit(1);
    while (!this.aligned) this.bit(0);
    return this;
  }

  toBuffer(): Buffer {
    if (!this.aligned) throw new Error('H.264: an RBSP must end on a byte boundary');
    return Buffer.from(this.bytes);
  }
}

/** NAL unit types this code tells apart (Table 7-1). */
export const NAL = { slice: 1, idr: 5, sei: 6, sps: 7, pps: 8, aud: 9 } as const;

export const nalType = (nal: Uint8Array): number => nal[0] & 0x1f;
export const nalRefIdc = (nal: Uint8Array): number => (nal[0] >> 5) & 3;
export const isSlice = (nal: Uint8Array): boolean => nalType(nal) === NAL.slice || nalType(nal) === NAL.idr;

const START_CODE = Buffer.from([0, 0, 1]);
const FOUR_BYTE_START_CODE = Buffer.from([0, 0, 0, 1]);
const EMULATION_PREVENTION = Buffer.from([0, 0, 3]);
const ZERO_PAIR = Buffer.from([0, 0]);

/** The NAL units of an Annex B byte stream (start codes and trailing zero bytes removed). */
export function splitNalUnits(stream: Buffer): Buffer[] {
  const units: Buffer[] = [];
  let start = stream.indexOf(START_CODE);
  while (start >= 0) {
    const from = start + START_CODE.length;
    const next = stream.indexOf(START_CODE, from);
    let end = next < 0 ? stream.length : next;
    while (end > from && stream[end - 1] === 0) end--;
    if (end > from) units.push(stream.subarray(from, end));
    start = next;
  }
  return units;
}

/** An Annex B byte stream of these NAL units, each after a four-byte start code. */
export function joinNalUnits(units: readonly Uint8Array[]): Buffer {
  return Buffer.concat(units.flatMap((unit) => [FOUR_BYTE_START_CODE, unit]));
}

/** The RBSP inside a NAL unit's payload: every emulation prevention byte (00 00 03) dropped. */
export function unescapeRbsp(payload: Buffer): Buffer {
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = payload.indexOf(EMULATION_PREVENTION); at >= 0; at = payload.indexOf(EMULATION_PREVENTION, from)) {
    pieces.push(payload.subarray(from, at + 2));
    from = at + 3;
  }
  if (pieces.length === 0) return payload;
  pieces.push(payload.subarray(from));
  return Buffer.concat(pieces);
}

/** A NAL unit's payload for an RBSP: 03 inserted wherever two zero bytes meet a byte of 0–3 (§7.4.1). */
export function escapeRbsp(rbsp: Buffer): Buffer {
  const pieces: Buffer[] = [];
  let from = 0;
  let search = 0;
  for (let at = rbsp.indexOf(ZERO_PAIR, search); at >= 0; at = rbsp.indexOf(ZERO_PAIR, search)) {
    const after = at + 2;
    if (after === rbsp.length || rbsp[after] <= 3) {
      pieces.push(rbsp.subarray(from, after), EMULATION_PREVENTION.subarray(2));
      from = after;
      search = after;
    } else {
      search = at + 1;
    }
  }
  if (pieces.length === 0) return rbsp;
  pieces.push(rbsp.subarray(from));
  return Buffer.concat(pieces);
}
