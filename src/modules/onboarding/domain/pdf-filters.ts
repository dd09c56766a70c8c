/**
 * The PDF stream filters that expand their data, decoded a piece at a time so that what a stream would become
 * can be counted in bounded memory (ADR 0071). FlateDecode goes through zlib; LZWDecode and RunLengthDecode are
 * decoded here because no maintained npm package decodes them as a stream (PDF.js does, but keeps the whole
 * result in memory, which is what a bomb attacks). ASCIIHexDecode and ASCII85Decode only re-spell bytes: they
 * are undone in one go ahead of the others (their output is at most four times the stream, for ASCII85's `z`).
 */
import { setImmediate as yieldToLoop } from 'node:timers/promises';

export const CHUNK = 64 * 1024;

/** Answers true to stop decoding. */
export type OnChunk = (chunk: Buffer) => boolean;

/** The filter names of a stream's dictionary, in the order they are applied when decoding. */
export function filtersOf(dictionary: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dictionary);
  if (!match) return [];
  return [...match[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => expandAbbreviation(m[1]!));
}

/** Inline images may use the short names; streams should not, but readers accept them. */
function expandAbbreviation(name: string): string {
  return ({ Fl: 'FlateDecode', LZW: 'LZWDecode', RL: 'RunLengthDecode', AHx: 'ASCIIHexDecode', A85: 'ASCII85Decode' } as Record<string, string>)[name] ?? name;
}

export const RESPELLING = new Set(['ASCIIHexDecode', 'ASCII85Decode']);
export const EXPANDING = new Set(['FlateDecode', 'LZWDecode', 'RunLengthDecode']);

export function undoRespelling(filter: string, data: Uint8Array): Buffer {
  return filter === 'ASCIIHexDecode' ? asciiHexDecode(data) : ascii85Decode(data);
}

function asciiHexDecode(data: Uint8Array): Buffer {
  const text = Buffer.from(data).toString('latin1');
  const end = text.indexOf('>');
  let hex = (end < 0 ? text : text.slice(0, end)).replace(/[^0-9A-Fa-f]/g, '');
  if (hex.length % 2) hex += '0'; // a missing last digit is 0 (ISO 32000-1, 7.4.2)
  return Buffer.from(hex, 'hex');
}

function ascii85Decode(data: Uint8Array): Buffer {
  const text = Buffer.from(data).toString('latin1');
  const end = text.indexOf('~>');
  const body = (end < 0 ? text : text.slice(0, end)).replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const emit = (digits: number[], bytes: number) => {
    let value = 0;
    for (const d of digits) value = value * 85 + d;
    for (let i = 3; i >= 4 - bytes; i--) out.push((value >>> (8 * i)) & 0xff);
  };
  for (const ch of body) {
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    const digit = ch.charCodeAt(0) - 33;
    if (digit < 0 || digit > 84) continue; // not part of the alphabet: skipped, as readers do
    group.push(digit);
    if (group.length === 5) {
      emit(group, 4);
      group = [];
    }
  }
  if (group.length > 1) emit([...group, ...Array<number>(5 - group.length).fill(84)], group.length - 1);
  return Buffer.from(out);
}

/**
 * Collects output into pieces of CHUNK bytes for `onChunk`. `due()` says when 16 pieces (1 MB) were written since
 * the last turn given to the event loop: decoding is synchronous JavaScript, and a bomb must not hold the
 * server for the second it takes to reach the limit.
 */
function chunker(onChunk: OnChunk) {
  let piece = Buffer.allocUnsafe(CHUNK);
  let used = 0;
  let pieces = 0;
  let piecesAtLastTurn = 0;
  let stopped = false;
  return {
    get stopped() { return stopped; },
    push(byte: number) {
      piece[used++] = byte;
      if (used === CHUNK) this.flush();
    },
    flush() {
      if (used === 0 || stopped) return;
      stopped = onChunk(piece.subarray(0, used));
      piece = Buffer.allocUnsafe(CHUNK);
      used = 0;
      pieces++;
    },
    due() {
      if (pieces - piecesAtLastTurn < 16) return false;
      piecesAtLastTurn = pieces;
      return true;
    },
  };
}

/** RunLengthDecode (ISO 32000-1, 7.4.5): a length byte, then that many literal bytes or one byte repeated. */
export async function runLengthEach(data: Uint8Array, onChunk: OnChunk): Promise<void> {
  const out = chunker(onChunk);
  for (let i = 0; i < data.length && !out.stopped;) {
    const length = data[i++]!;
    if (length === 128) break; // end of data
    if (length < 128) {
      for (let n = 0; n <= length && i < data.length; n++) out.push(data[i++]!);
    } else {
      const byte = data[i++] ?? 0;
      for (let n = 0; n < 257 - length; n++) out.push(byte);
    }
    if (out.due()) await yieldToLoop();
  }
  out.flush();
}

/**
 * LZWDecode (ISO 32000-1, 7.4.4): 9- to 12-bit codes, 256 clears the table, 257 ends the data. A string is kept
 * as its prefix code and last byte, so the table is 4,096 entries whatever the output; each code writes at most
 * 4,096 bytes.
 */
export async function lzwEach(data: Uint8Array, earlyChange: boolean, onChunk: OnChunk): Promise<void> {
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  for (let c = 0; c < 256; c++) {
    prefix[c] = -1;
    suffix[c] = c;
    first[c] = c;
  }
  const stack = new Uint8Array(4096);
  const out = chunker(onChunk);
  let next = 258;
  let width = 9;
  let previous = -1;
  let bitBuffer = 0;
  let bits = 0;
  let position = 0;
  while (!out.stopped) {
    while (bits < width && position < data.length) {
      bitBuffer = ((bitBuffer << 8) | data[position++]!) >>> 0;
      bits += 8;
    }
    if (bits < width) break;
    const code = (bitBuffer >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    bitBuffer &= (1 << bits) - 1;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    let entry: number;
    if (code < next) entry = code; // 256 and 257 were handled above; 258 up to `next` are defined
    else if (code === next && previous >= 0) entry = -1; // the string being defined: previous + its own first byte
    else break; // a code that cannot occur: the data is damaged, and decoding stops as readers do
    if (previous >= 0 && next < 4096) {
      prefix[next] = previous;
      suffix[next] = entry === -1 ? first[previous]! : first[entry]!;
      first[next] = first[previous]!;
      if (entry === -1) entry = next;
      next++;
    }
    // Write the entry's bytes: walk its prefixes into the stack, then out in order.
    let size = 0;
    for (let c = entry; c >= 0; c = prefix[c]!) stack[size++] = suffix[c]!;
    while (size > 0) out.push(stack[--size]!);
    previous = entry;
    if (next + (earlyChange ? 1 : 0) >= 1 << width && width < 12) width++;
    if (out.due()) await yieldToLoop();
  }
  out.flush();
}
