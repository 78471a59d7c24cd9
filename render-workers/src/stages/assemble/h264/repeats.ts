import { BitReader, BitWriter, NAL, escapeRbsp, isSlice, joinNalUnits, nalRefIdc, nalType, splitNalUnits, unescapeRbsp } from './bitstream';
import { encodeSkippedSliceData } from './cabac';

/**
 * Repeated frames put back into an H.264 stream as skipped pictures.
 *
 * A render knows which of its frames repeat the frame before exactly (`changingFrames`), so x264
 * is handed only the frames that change, and each repeat comes back here as a P picture whose
 * macroblocks are all skipped: no residual and, with every neighbour skipped, a zero motion
 * vector, so it decodes to exactly the picture before it (§8.4.1.1), in a few dozen bytes. The
 * stream keeps its constant frame rate.
 *
 * The skipped pictures are reference pictures, so each takes the next frame_num and becomes the
 * one reference the next picture predicts from: a copy of the picture x264 predicted from. That
 * holds only for streams with one reference frame, frames only, and picture order counted from
 * frame_num (POC type 2, what x264 writes without B-frames); anything else is refused. x264's
 * own pictures keep their bits but for frame_num, renumbered after the inserted pictures.
 */

interface SequenceParameters {
  log2MaxFrameNum: number;
  macroblocks: number;
}

interface PictureParameters {
  sps: number;
  cabac: boolean;
  defaultRefIdxActive: number;
  weightedPrediction: boolean;
  sliceQp: number;
  deblockingControl: boolean;
  redundantPicCnt: boolean;
}

const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

function unsupported(what: string): never {
  throw new Error(`H.264: cannot insert skipped pictures into a stream with ${what}`);
}

function readSps(rbsp: Buffer): { id: number; sps: SequenceParameters } {
  const bits = new BitReader(rbsp.subarray(1));
  const profile = bits.u(8);
  bits.u(16); // constraint flags, level
  const id = bits.ue();
  if (HIGH_PROFILES.has(profile)) {
    const chromaFormat = bits.ue();
    // A skipped slice's weight table is written for chroma; separate planes would need a slice each.
    if (chromaFormat === 0) unsupported('no chroma');
    if (chromaFormat === 3 && bits.flag()) unsupported('separate colour planes');
    bits.ue(); // bit_depth_luma_minus8
    bits.ue(); // bit_depth_chroma_minus8
    bits.u(1); // qpprime_y_zero_transform_bypass_flag
    if (bits.flag()) unsupported('scaling matrices');
  }
  const log2MaxFrameNum = bits.ue() + 4;
  if (bits.ue() !== 2) unsupported('picture order counted otherwise than from frame_num (B-frames?)');
  if (bits.ue() !== 1) unsupported('more than one reference frame');
  bits.u(1); // gaps_in_frame_num_value_allowed_flag
  const widthInMbs = bits.ue() + 1;
  const heightInMapUnits = bits.ue() + 1;
  if (!bits.flag()) unsupported('fields');
  return { id, sps: { log2MaxFrameNum, macroblocks: widthInMbs * heightInMapUnits } };
}

function readPps(rbsp: Buffer): { id: number; pps: PictureParameters } {
  const bits = new BitReader(rbsp.subarray(1));
  const id = bits.ue();
  const sps = bits.ue();
  const cabac = bits.flag();
  bits.u(1); // bottom_field_pic_order_in_frame_present_flag
  if (bits.ue() !== 0) unsupported('slice groups');
  const defaultRefIdxActive = bits.ue() + 1;
  bits.ue(); // num_ref_idx_l1_default_active_minus1
  const weightedPrediction = bits.flag();
  bits.u(2); // weighted_bipred_idc
  const sliceQp = 26 + bits.se();
  bits.se(); // pic_init_qs_minus26
  bits.se(); // chroma_qp_index_offset
  const deblockingControl = bits.flag();
  bits.u(1); // constrained_intra_pred_flag
  const redundantPicCnt = bits.flag();
  return { id, pps: { sps, cabac, defaultRefIdxActive, weightedPrediction, sliceQp, deblockingControl, redundantPicCnt } };
}

/** Where a slice's frame_num lies (bits into its RBSP, the NAL header included), and whether the slice starts a picture. */
function sliceHeader(rbsp: Buffer, ppsById: Map<number, PictureParameters>, spsById: Map<number, SequenceParameters>) {
  const bits = new BitReader(rbsp.subarray(1));
  const firstMb = bits.ue();
  bits.ue(); // slice_type
  const ppsId = bits.ue();
  const pps = ppsById.get(ppsId);
  const sps = pps && spsById.get(pps.sps);
  if (!pps || !sps) throw new Error('H.264: a slice names a parameter set the stream has not sent');
  return { firstPictureSlice: firstMb === 0, frameNumAt: 8 + bits.position, ppsId, pps, sps };
}

/** Overwrites `width` bits at `at` with `value`. */
function writeBits(rbsp: Buffer, at: number, width: number, value: number): void {
  for (let i = 0; i < width; i++) {
    const bit = at + i;
    const mask = 0x80 >> (bit & 7);
    const on = (Math.floor(value / 2 ** (width - 1 - i)) & 1) === 1;
    rbsp[bit >> 3] = on ? rbsp[bit >> 3] | mask : rbsp[bit >> 3] & ~mask;
  }
}

/** A P slice of one picture with every macroblock skipped, as a NAL unit (nal_ref_idc 2). */
function skippedPicture(ppsId: number, pps: PictureParameters, sps: SequenceParameters, frameNum: number, cabacData: Buffer | null): Buffer {
  const rbsp = new BitWriter()
    .u(8, (2 << 5) | NAL.slice)
    .ue(0) // first_mb_in_slice
    .ue(5) // slice_type: P, as every slice of the picture
    .ue(ppsId)
    .u(sps.log2MaxFrameNum, frameNum);
  if (pps.redundantPicCnt) rbsp.ue(0);
  if (pps.defaultRefIdxActive === 1) rbsp.bit(0);
  else rbsp.bit(1).ue(0); // num_ref_idx_active_override_flag: one reference
  rbsp.bit(0); // ref_pic_list_modification_flag_l0
  if (pps.weightedPrediction) rbsp.ue(0).ue(0).bit(0).bit(0); // pred_weight_table: default weights
  rbsp.bit(0); // adaptive_ref_pic_marking_mode_flag: sliding window
  if (pps.cabac) rbsp.ue(0); // cabac_init_idc
  rbsp.se(0); // slice_qp_delta
  if (pps.deblockingControl) rbsp.ue(1); // disable_deblocking_filter_idc: nothing to filter
  if (cabacData) {
    while (!rbsp.aligned) rbsp.bit(1); // cabac_alignment_one_bit
    rbsp.append(cabacData);
  } else {
    rbsp.ue(sps.macroblocks); // mb_skip_run: the whole picture
    rbsp.trailingBits();
  }
  return escapeRbsp(rbsp.toBuffer());
}

/** The CABAC slice data of a skipped picture, byte-aligned (the same for every one of a stream's pictures). */
function skippedCabacData(sps: SequenceParameters, pps: PictureParameters): Buffer {
  const data = new BitWriter();
  encodeSkippedSliceData(data, sps.macroblocks, pps.sliceQp);
  while (!data.aligned) data.bit(0);
  return data.toBuffer();
}

/**
 * The stream with `repeats[i]` skipped pictures after its i-th picture (in decoding order, which is
 * output order here). `repeats` has one entry per picture of the stream.
 */
export function insertRepeats(stream: Buffer, repeats: readonly number[]): Buffer {
  const spsById = new Map<number, SequenceParameters>();
  const ppsById = new Map<number, PictureParameters>();
  const out: Buffer[] = [];
  let picture = -1;
  let frameNum = 0;
  let maxFrameNum = 1;
  let last: { ppsId: number; pps: PictureParameters; sps: SequenceParameters; cabacData: Buffer | null } | null = null;
  const cabacCache = new Map<PictureParameters, Buffer>();

  const closePicture = () => {
    if (picture < 0 || !last) return;
    const count = repeats[picture] ?? unsupported('more pictures than frames to place them at');
    for (let i = 0; i < count; i++) {
      frameNum = (frameNum + 1) % maxFrameNum;
      out.push(skippedPicture(last.ppsId, last.pps, last.sps, frameNum, last.cabacData));
    }
  };

  for (const nal of splitNalUnits(stream)) {
    const type = nalType(nal);
    if (type === NAL.sps) {
      const { id, sps } = readSps(unescapeRbsp(nal));
      spsById.set(id, sps);
    } else if (type === NAL.pps) {
      const { id, pps } = readPps(unescapeRbsp(nal));
      ppsById.set(id, pps);
    }
    if (!isSlice(nal)) {
      // A parameter set or SEI begins the next access unit (§7.4.1.2.3): the picture before is complete.
      if (type === NAL.sps || type === NAL.pps || type === NAL.sei || type === NAL.aud) {
        closePicture();
        last = null;
      }
      out.push(nal);
      continue;
    }
    if (nalRefIdc(nal) === 0) unsupported('non-reference pictures');
    const rbsp = unescapeRbsp(nal);
    const header = sliceHeader(rbsp, ppsById, spsById);
    if (header.firstPictureSlice) {
      closePicture();
      picture++;
      maxFrameNum = 2 ** header.sps.log2MaxFrameNum;
      frameNum = type === NAL.idr ? 0 : (frameNum + 1) % maxFrameNum;
      if (header.pps.cabac && !cabacCache.has(header.pps)) cabacCache.set(header.pps, skippedCabacData(header.sps, header.pps));
      last = { ppsId: header.ppsId, pps: header.pps, sps: header.sps, cabacData: header.pps.cabac ? cabacCache.get(header.pps)! : null };
    }
    // Only frame_num changes: the same bits, so the RBSP keeps its length.
    const renumbered = rbsp === nal ? Buffer.from(rbsp) : rbsp;
    writeBits(renumbered, header.frameNumAt, header.sps.log2MaxFrameNum, frameNum);
    out.push(escapeRbsp(renumbered));
  }
  closePicture();
  if (picture + 1 !== repeats.length) throw new Error(`H.264: the stream has ${picture + 1} pictures, ${repeats.length} were expected`);
  return joinNalUnits(out);
}

/** For each frame that is encoded (sorted offsets into a part of `length` frames), how many repeat it before the next. */
export function repeatsAfter(encoded: readonly number[], length: number): number[] {
  return encoded.map((offset, i) => (i + 1 < encoded.length ? encoded[i + 1] : length) - offset - 1);
}
