/**
 * The part of H.264's CABAC encoder (§9.3.4) a slice of skipped macroblocks needs: one context
 * (mb_skip_flag with no coded neighbours, ctxIdx 11), the end_of_slice_flag terminations and the
 * final flush. Tables 9-44 (rangeTabLPS) and 9-45 (transIdxLPS) are the standard's.
 */

// Table 9-44: rangeTabLPS[pStateIdx][qCodIRangeIdx], four columns a row.
const RANGE_TAB_LPS = [
  128, 176, 208, 240, 128, 167, 197, 227, 128, 158, 187, 216, 123, 150, 178, 205,
  116, 142, 169, 195, 111, 135, 160, 185, 105, 128, 152, 175, 100, 122, 144, 166,
  95, 116, 137, 158, 90, 110, 130, 150, 85, 104, 123, 142, 81, 99, 117, 135,
  77, 94, 111, 128, 73, 89, 105, 122, 69, 85, 100, 116, 66, 80, 95, 110,
  62, 76, 90, 104, 59, 72, 86, 99, 56, 69, 81, 94, 53, 65, 77, 89,
  51, 62, 73, 85, 48, 59, 69, 80, 46, 56, 66, 76, 43, 53, 63, 72,
  41, 50, 59, 69, 39, 48, 56, 65, 37, 45, 54, 62, 35, 43, 51, 59,
  33, 41, 48, 56, 32, 39, 46, 53, 30, 37, 43, 50, 29, 35, 41, 48,
  27, 33, 39, 45, 26, 31, 37, 43, 24, 30, 35, 41, 23, 28, 33, 39,
  22, 27, 32, 37, 21, 26, 30, 35, 20, 24, 29, 33, 19, 23, 27, 31,
  18, 22, 26, 30, 17, 21, 25, 28, 16, 20, 23, 27, 15, 19, 22, 25,
  14, 18, 21, 24, 14, 17, 20, 23, 13, 16, 19, 22, 12, 15, 18, 21,
  12, 14, 17, 20, 11, 14, 16, 19, 11, 13, 15, 18, 10, 12, 15, 17,
  10, 12, 14, 16, 9, 11, 13, 15, 9, 11, 12, 14, 8, 10, 12, 14,
  8, 9, 11, 13, 7, 9, 11, 12, 7, 9, 10, 12, 7, 8, 10, 11,
  6, 8, 9, 11, 6, 7, 9, 10, 6, 7, 8, 9, 2, 2, 2, 2,
];

// Table 9-45: transIdxLPS[pStateIdx] (transIdxMPS is pStateIdx + 1, capped at 62).
const TRANS_IDX_LPS = [
  0, 0, 1, 2, 2, 4, 4, 5, 6, 7, 8, 9, 9, 11, 11, 12,
  13, 13, 15, 15, 16, 16, 18, 18, 19, 19, 21, 21, 22, 22, 23, 24,
  24, 25, 26, 26, 27, 27, 28, 29, 29, 30, 30, 30, 31, 32, 32, 33,
  33, 33, 34, 34, 35, 35, 35, 36, 36, 36, 37, 37, 37, 38, 38, 63,
];

/** (m, n) of mb_skip_flag's ctxIdx 11 in a P slice with cabac_init_idc 0 (Table 9-13). */
const MB_SKIP_FLAG_INIT = { m: 23, n: 33 };

/** A context variable (§9.3.1.1): its probability state and most probable symbol. */
export interface ContextState {
  pStateIdx: number;
  valMPS: number;
}

/** The initial state of a context for a slice's QP (§9.3.1.1, equation 9-5). */
export function initialContext(m: number, n: number, sliceQp: number): ContextState {
  const preCtxState = Math.min(126, Math.max(1, ((m * Math.min(51, Math.max(0, sliceQp))) >> 4) + n));
  return preCtxState <= 63 ? { pStateIdx: 63 - preCtxState, valMPS: 0 } : { pStateIdx: preCtxState - 64, valMPS: 1 };
}

/** The arithmetic encoder (§9.3.4.1–9.3.4.5), writing bits into `out`. */
export class CabacEncoder {
  private low = 0;
  private range = 510;
  private outstanding = 0;
  private firstBit = true;

  constructor(private readonly out: { bit(value: number): unknown }) {}

  /** EncodeDecision (§9.3.4.2). */
  decision(context: ContextState, binVal: number): void {
    const lps = RANGE_TAB_LPS[context.pStateIdx * 4 + ((this.range >> 6) & 3)];
    this.range -= lps;
    if (binVal !== context.valMPS) {
      this.low += this.range;
      this.range = lps;
      if (context.pStateIdx === 0) context.valMPS = 1 - context.valMPS;
      context.pStateIdx = TRANS_IDX_LPS[context.pStateIdx];
    } else {
      context.pStateIdx = Math.min(context.pStateIdx + 1, 62);
    }
    this.renormalise();
  }

  /** EncodeTerminate (§9.3.4.5): end_of_slice_flag. A 1 flushes the encoder; its last bit is the RBSP stop bit. */
  terminate(binVal: number): void {
    this.range -= 2;
    if (binVal) {
      this.low += this.range;
      this.flush();
    } else {
      this.renormalise();
    }
  }

  private flush(): void {
    this.range = 2;
    this.renormalise();
    this.putBit((this.low >> 9) & 1);
    const last = ((this.low >> 7) & 3) | 1;
    this.out.bit(last >> 1);
    this.out.bit(last & 1);
  }

  /** RenormE (§9.3.4.3). */
  private renormalise(): void {
    while (this.range < 256) {
      if (this.low < 256) {
        this.putBit(0);
      } else if (this.low >= 512) {
        this.low -= 512;
        this.putBit(1);
      } else {
        this.low -= 256;
        this.outstanding++;
      }
      this.range <<= 1;
      this.low <<= 1;
    }
  }

  /** PutBit (§9.3.4.3): a bit, then the outstanding ones as its opposite. */
  private putBit(value: number): void {
    if (this.firstBit) this.firstBit = false;
    else this.out.bit(value);
    for (; this.outstanding > 0; this.outstanding--) this.out.bit(1 - value);
  }
}

/**
 * The CABAC slice_data of a P slice whose `macroblocks` are all skipped (§7.3.4): for each one
 * mb_skip_flag = 1 (ctxIdx 11: no neighbour is coded) and end_of_slice_flag, 1 on the last. The
 * writer must stand on a byte boundary (after cabac_alignment_one_bit); the flush leaves the RBSP
 * stop bit, and the caller pads to the byte.
 */
export function encodeSkippedSliceData(out: { bit(value: number): unknown }, macroblocks: number, sliceQp: number): void {
  const encoder = new CabacEncoder(out);
  const skipFlag = initialContext(MB_SKIP_FLAG_INIT.m, MB_SKIP_FLAG_INIT.n, sliceQp);
  for (let mb = 0; mb < macroblocks; mb++) {
    encoder.decision(skipFlag, 1);
    encoder.terminate(mb === macroblocks - 1 ? 1 : 0);
  }
}
