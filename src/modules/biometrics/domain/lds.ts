/**
 * ICAO Doc 9303 part 10 (LDS) parsing, pure: BER-TLV, DG1 (MRZ) and DG2 (facial image in an
 * ISO/IEC 19794-5 record). Written by hand because no maintained npm package parses LDS data groups,
 * and the structures are small (docs/adr/0031-chip-passive-authentication.md).
 */
export interface Tlv {
  tag: number;
  /** Offset of the tag's first byte in the input. */
  start: number;
  /** Offset of the value. */
  valueStart: number;
  /** Offset after the value. */
  end: number;
  value: Uint8Array;
}

export class LdsError extends Error {}

/** Read one BER-TLV at `offset`. Tags up to 3 bytes, definite lengths up to 4 bytes. */
export function readTlv(buf: Uint8Array, offset = 0): Tlv {
  let i = offset;
  const byte = (): number => {
    if (i >= buf.length) throw new LdsError('TLV runs past the end of the data');
    return buf[i++] as number;
  };
  let tag = byte();
  if ((tag & 0x1f) === 0x1f) {
    let b: number;
    let n = 0;
    do {
      b = byte();
      tag = (tag << 8) | b;
      if (++n > 2) throw new LdsError('tag longer than 3 bytes');
    } while (b & 0x80);
  }
  let length = byte();
  if (length === 0x80) throw new LdsError('indefinite length is not allowed in LDS');
  if (length & 0x80) {
    const n = length & 0x7f;
    if (n > 4) throw new LdsError('length field longer than 4 bytes');
    length = 0;
    for (let k = 0; k < n; k++) length = length * 256 + byte();
  }
  const valueStart = i;
  const end = valueStart + length;
  if (end > buf.length) throw new LdsError(`TLV ${tag.toString(16)} declares ${length} bytes, only ${buf.length - valueStart} left`);
  return { tag, start: offset, valueStart, end, value: buf.subarray(valueStart, end) };
}

/** All TLVs that follow one another in `buf`. */
export function readTlvs(buf: Uint8Array): Tlv[] {
  const out: Tlv[] = [];
  let offset = 0;
  while (offset < buf.length) {
    // Some writers pad with 0x00 or 0xFF after the last object.
    if (buf[offset] === 0x00 || buf[offset] === 0xff) break;
    const t = readTlv(buf, offset);
    out.push(t);
    offset = t.end;
  }
  return out;
}

export function findTlv(buf: Uint8Array, tag: number): Tlv | undefined {
  return readTlvs(buf).find((t) => t.tag === tag);
}

function requireTlv(buf: Uint8Array, tag: number, what: string): Tlv {
  const t = findTlv(buf, tag);
  if (!t) throw new LdsError(`${what}: tag ${tag.toString(16).toUpperCase()} not found`);
  return t;
}

export const DG_TAGS: Record<number, number> = { 1: 0x61, 2: 0x75, 3: 0x63, 7: 0x67, 11: 0x6b, 12: 0x6c, 14: 0x6e, 15: 0x6f };
export const SOD_TAG = 0x77;

/** DG1: tag 61 holding 5F1F, the MRZ as one string without line breaks (88, 72 or 90 characters). */
export function parseDg1(dg1: Uint8Array): { mrz: string; lines: string[] } {
  const outer = readTlv(dg1);
  if (outer.tag !== DG_TAGS[1]) throw new LdsError(`DG1 must start with tag 61, found ${outer.tag.toString(16)}`);
  const mrz = new TextDecoder('latin1').decode(requireTlv(outer.value, 0x5f1f, 'DG1').value);
  const lineLength = mrz.length === 90 ? 30 : mrz.length === 72 ? 36 : mrz.length === 88 ? 44 : 0;
  if (!lineLength) throw new LdsError(`DG1 MRZ has ${mrz.length} characters; expected 90 (TD1), 72 (TD2) or 88 (TD3)`);
  const lines: string[] = [];
  for (let k = 0; k < mrz.length; k += lineLength) lines.push(mrz.slice(k, k + lineLength));
  return { mrz, lines };
}

/** The MRZ printed on the document as one string: line breaks, spaces and case do not count. */
export function normaliseMrz(printed: string): string {
  return printed.toUpperCase().replace(/[\s\r\n]+/g, '');
}

export type PortraitFormat = 'jpeg' | 'jpeg2000' | 'unknown';

export interface Dg2Portrait {
  format: PortraitFormat;
  /** Width and height from the ISO 19794-5 image information (0 when absent). */
  width: number;
  height: number;
  image: Uint8Array;
}

/**
 * DG2: 75 > 7F61 (biometric information group template) > 7F60 (first template) > 5F2E or 7F2E
 * (biometric data block = ISO/IEC 19794-5 facial record). In the record, after the 14-byte general
 * header ('FAC\0', version, length, face count) and the 20-byte facial information block with its
 * feature points, comes a 12-byte image information block and then the image itself.
 */
export function parseDg2(dg2: Uint8Array): Dg2Portrait {
  const outer = readTlv(dg2);
  if (outer.tag !== DG_TAGS[2]) throw new LdsError(`DG2 must start with tag 75, found ${outer.tag.toString(16)}`);
  const group = requireTlv(outer.value, 0x7f61, 'DG2');
  const template = requireTlv(group.value, 0x7f60, 'DG2 biometric information group');
  const block = findTlv(template.value, 0x5f2e) ?? findTlv(template.value, 0x7f2e);
  if (!block) throw new LdsError('DG2: biometric data block (5F2E or 7F2E) not found');
  return parseFacialRecord(block.value);
}

export function parseFacialRecord(rec: Uint8Array): Dg2Portrait {
  if (rec.length < 14 + 20 + 12 || rec[0] !== 0x46 || rec[1] !== 0x41 || rec[2] !== 0x43 || rec[3] !== 0x00) {
    throw new LdsError("DG2: the biometric data block is not an ISO 19794-5 record (no 'FAC' header)");
  }
  const u16 = (o: number): number => ((rec[o] as number) << 8) | (rec[o + 1] as number);
  let o = 14; // general header
  const featurePoints = u16(o + 4);
  o += 20 + featurePoints * 8; // facial information + feature points
  if (o + 12 > rec.length) throw new LdsError('DG2: facial record truncated before the image information');
  const dataType = rec[o + 1] as number; // 0 JPEG, 1 JPEG 2000
  const width = u16(o + 2);
  const height = u16(o + 4);
  const image = rec.subarray(o + 12);
  return { format: sniffFormat(image, dataType), width, height, image };
}

function sniffFormat(image: Uint8Array, declared: number): PortraitFormat {
  if (image[0] === 0xff && image[1] === 0xd8) return 'jpeg';
  const jp2 = image[4] === 0x6a && image[5] === 0x50 && image[6] === 0x20 && image[7] === 0x20; // "jP  " box
  const j2k = image[0] === 0xff && image[1] === 0x4f && image[2] === 0xff && image[3] === 0x51; // SOC + SIZ
  if (jp2 || j2k) return 'jpeg2000';
  return declared === 0 ? 'jpeg' : declared === 1 ? 'jpeg2000' : 'unknown';
}

/** Build a TLV (used by the test-data generator and handy for re-wrapping). */
export function encodeTlv(tag: number, value: Uint8Array): Uint8Array {
  const tagBytes: number[] = [];
  for (let t = tag; t > 0; t = Math.floor(t / 256)) tagBytes.unshift(t & 0xff);
  const len = value.length;
  const lenBytes = len < 0x80 ? [len] : len < 0x100 ? [0x81, len] : len < 0x10000 ? [0x82, len >> 8, len & 0xff] : [0x83, len >> 16, (len >> 8) & 0xff, len & 0xff];
  const out = new Uint8Array(tagBytes.length + lenBytes.length + len);
  out.set(tagBytes, 0);
  out.set(lenBytes, tagBytes.length);
  out.set(value, tagBytes.length + lenBytes.length);
  return out;
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/**
 * The JPEG 2000 codestream inside a portrait: a JP2 file wraps it in boxes (length, type, content) and
 * the codestream is the "jp2c" box; a bare codestream starts with FF 4F FF 51 and is returned as is.
 */
export function jpeg2000Codestream(image: Uint8Array): Uint8Array {
  if (image[0] === 0xff && image[1] === 0x4f) return image;
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  let o = 0;
  while (o + 8 <= image.length) {
    let length = view.getUint32(o);
    const type = String.fromCharCode(image[o + 4] as number, image[o + 5] as number, image[o + 6] as number, image[o + 7] as number);
    let header = 8;
    if (length === 1) {
      if (o + 16 > image.length) break;
      length = Number(view.getBigUint64(o + 8));
      header = 16;
    } else if (length === 0) {
      length = image.length - o; // the last box runs to the end
    }
    if (length < header || o + length > image.length) break;
    if (type === 'jp2c') return image.subarray(o + header, o + length);
    o += length;
  }
  throw new LdsError('JPEG 2000 portrait: no codestream (jp2c box) found');
}
