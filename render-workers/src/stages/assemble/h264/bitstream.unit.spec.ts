import { BitReader, BitWriter, escapeRbsp, joinNalUnits, splitNalUnits, unescapeRbsp } from './bitstream';

describe('H.264 bitstream plumbing', () => {
  describe('When an RBSP holds what would read as a start code', () => {
    it('should insert an emulation prevention byte after every two zero bytes before 00–03, and only there', () => {
      // Given an RBSP with each kind of zero run
      const rbsp = Buffer.from([0x65, 0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0x80, 0, 0]);
      // When it is escaped
      const payload = escapeRbsp(rbsp);
      // Then 03 breaks each 00 00 followed by 00–03 (a run of zeros once every two, and a trailing 00 00), never 00 00 04
      expect([...payload]).toEqual([0x65, 0, 0, 3, 0, 0, 3, 0, 1, 0, 0, 3, 2, 0, 0, 3, 3, 0, 0, 4, 0, 0x80, 0, 0, 3]);
      // And unescaping gives the RBSP back
      expect(unescapeRbsp(payload)).toEqual(rbsp);
    });

    it('should leave a payload without zero pairs as it is', () => {
      const rbsp = Buffer.from([0x41, 0x9a, 0, 0x20, 0x80]);
      expect(escapeRbsp(rbsp)).toBe(rbsp);
      expect(unescapeRbsp(rbsp)).toBe(rbsp);
    });
  });

  describe('When Exp-Golomb codes are written and read back', () => {
    it('should give the same values, at the standard\'s lengths', () => {
      // Given unsigned and signed values, and a fixed-width field between them
      const unsigned = [0, 1, 2, 3, 7, 8, 254, 8160, 65535];
      const signed = [0, 1, -1, 2, -2, 26, -26];
      const writer = new BitWriter();
      unsigned.forEach((v) => writer.ue(v));
      writer.u(7, 93);
      signed.forEach((v) => writer.se(v));
      writer.trailingBits();
      // When they are read back
      const reader = new BitReader(writer.toBuffer());
      // Then each is what was written
      expect(unsigned.map(() => reader.ue())).toEqual(unsigned);
      expect(reader.u(7)).toBe(93);
      expect(signed.map(() => reader.se())).toEqual(signed);
      // And ue(0) is one bit, ue(1) three (§9.1: 1, 010)
      expect(new BitWriter().ue(1).bit(1).trailingBits().toBuffer()).toEqual(Buffer.from([0b01011000]));
    });
  });

  describe('When a byte stream is split into NAL units', () => {
    it('should find each unit after three- and four-byte start codes, without the zero bytes before the next', () => {
      // Given two units, the first followed by a trailing zero byte and a four-byte start code
      const stream = Buffer.from([0, 0, 0, 1, 0x67, 0x64, 0, 0, 0, 0, 1, 0x68, 0xee, 0, 0, 1, 0x65, 0x88]);
      // When it is split
      const units = splitNalUnits(stream);
      // Then the units are whole and nothing else
      expect(units.map((u) => [...u])).toEqual([[0x67, 0x64], [0x68, 0xee], [0x65, 0x88]]);
      // And joined again they split the same
      expect(splitNalUnits(joinNalUnits(units)).map((u) => [...u])).toEqual(units.map((u) => [...u]));
    });
  });
});
