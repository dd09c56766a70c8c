import zlib from 'node:zlib';
import { CHUNK, EXPANDING, RESPELLING, filtersOf, lzwEach, runLengthEach, undoRespelling, type OnChunk } from './pdf-filters.ts';
import { indexObjects, indexObjectStream, refusedAutomaticAction, type PdfObjects } from './pdf-actions.ts';

/**
 * What an uploaded PDF would cost and carry once opened, judged without opening it (ADR 0071): bytes in, verdict
 * out, no I/O. Every stream that grows when decoded (FlateDecode through zlib, off the event loop; LZWDecode and
 * RunLengthDecode in pdf-filters.ts; any of them behind ASCIIHex or ASCII85) is decoded in 64 KB pieces that
 * are only counted, so a decompression bomb
 * (a few MB that inflate to gigabytes) is measured in bounded memory and refused before PDF.js, which keeps
 * whole decoded streams in memory, ever sees it. Names that make a PDF act (scripts, launch actions, embedded
 * files, XFA forms) are looked for in the objects, outside stream data (binary data matches by chance), and in
 * inflated object streams, with `#xx` escapes undone: they hide in compressed object streams and as `/J#61vaScript`.
 */
export const PDF_MAX_INFLATED_BYTES = 128 * 1024 * 1024;
/**
 * Past 32 MB inflated, a file that has grown more than 250 times is a bomb: text and scans compress 3 to 50
 * times, zeros 1,000 times. Stopping there keeps a bomb's cost to a fraction of a second.
 */
const BOMB_AFTER_BYTES = 32 * 1024 * 1024;
const BOMB_RATIO = 250;
/** Object streams are kept (decoded) to follow automatic actions through them; documents hold KBs of them. */
const OBJECT_STREAMS_MAX_BYTES = 16 * 1024 * 1024;

/** Names of active content: a proof of address or identity never needs them. */
const ACTIVE_NAMES = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'XFA', 'SubmitForm', 'ImportData', 'GoToE']);
const NAME = /\/((?:[A-Za-z0-9_.+-]|#[0-9A-Fa-f]{2})+)/g;

export type PdfProblem = 'PDF_TOO_LARGE_INFLATED' | 'PDF_ACTIVE_CONTENT' | 'PDF_UNSUPPORTED_ENCODING';
export interface PdfVerdict {
  inflatedBytes: number;
  streams: number;
  problem?: PdfProblem;
  /** The active name found, for the log and the error's detail. */
  found?: string;
}

function activeName(text: string): string | undefined {
  for (const m of text.matchAll(NAME)) {
    const name = m[1]!.includes('#') ? m[1]!.replace(/#([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))) : m[1]!;
    if (ACTIVE_NAMES.has(name)) return name;
  }
  return undefined;
}

export async function inspectPdf(bytes: Uint8Array, limit = PDF_MAX_INFLATED_BYTES): Promise<PdfVerdict> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const verdict: PdfVerdict = { inflatedBytes: 0, streams: 0 };
  const objectStreams: { dictionary: string; pieces: Buffer[] }[] = [];
  let keptBytes = 0;
  const keep = (dictionary: string, pieces: Buffer[]) => {
    keptBytes += pieces.reduce((n, p) => n + p.length, 0);
    objectStreams.push({ dictionary, pieces });
    return keptBytes <= OBJECT_STREAMS_MAX_BYTES;
  };
  const streamStart = /\bstream\r?\n/g;
  let outside = 0;
  for (let m = streamStart.exec(text); m; m = streamStart.exec(text)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    // The stream's dictionary is what precedes `stream` since the object began.
    const dictionary = text.slice(Math.max(0, text.lastIndexOf(' obj', m.index)), m.index);
    const before = activeName(text.slice(outside, m.index));
    if (before) return { ...verdict, problem: 'PDF_ACTIVE_CONTENT', found: before };
    outside = end;
    streamStart.lastIndex = end;
    // Only object streams hold dictionaries; pages and images are data, where names match by chance.
    const objects = /\/Type\s*\/ObjStm/.test(dictionary);
    const filters = filtersOf(dictionary);
    let data = Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start);
    let next = 0;
    while (next < filters.length && RESPELLING.has(filters[next]!)) data = undoRespelling(filters[next++]!, data);
    const expanding = filters[next];
    if (expanding === undefined || !EXPANDING.has(expanding)) {
      // Nothing that grows: images (DCT, JPX, JBIG2, CCITT) are held to PDF_MAX_IMAGE_PIXELS where they are decoded.
      const hidden = objects && next > 0 ? activeName(data.toString('latin1')) : undefined;
      if (hidden) return { ...verdict, problem: 'PDF_ACTIVE_CONTENT', found: hidden };
      if (objects && next === filters.length && !keep(dictionary, [data])) return { ...verdict, problem: 'PDF_TOO_LARGE_INFLATED' };
      continue;
    }
    // A second expanding layer would grow from the first one's output, which is only counted, never kept.
    if (filters.slice(next + 1).some((f) => EXPANDING.has(f))) return { ...verdict, problem: 'PDF_UNSUPPORTED_ENCODING', found: filters.join(' ') };
    verdict.streams++;
    let tail = '';
    let problem: PdfProblem | undefined;
    let found: string | undefined;
    const pieces: Buffer[] = [];
    if (objects && !keep(dictionary, pieces)) return { ...verdict, problem: 'PDF_TOO_LARGE_INFLATED' };
    const onChunk: OnChunk = (chunk) => {
      verdict.inflatedBytes += chunk.length;
      if (verdict.inflatedBytes > limit || (verdict.inflatedBytes > BOMB_AFTER_BYTES && verdict.inflatedBytes > BOMB_RATIO * bytes.length)) problem = 'PDF_TOO_LARGE_INFLATED';
      if (problem || !objects) return problem !== undefined;
      pieces.push(Buffer.from(chunk));
      keptBytes += chunk.length;
      if (keptBytes > OBJECT_STREAMS_MAX_BYTES) problem = 'PDF_TOO_LARGE_INFLATED';
      // A name can straddle two chunks: the end of the last one is read again.
      const piece = tail + chunk.toString('latin1');
      found = activeName(piece);
      if (found) problem = 'PDF_ACTIVE_CONTENT';
      tail = piece.slice(-64);
      return problem !== undefined;
    };
    if (expanding === 'FlateDecode') await inflateEach(data, onChunk);
    else if (expanding === 'LZWDecode') await lzwEach(data, !/\/EarlyChange\s+0\b/.test(dictionary), onChunk);
    else await runLengthEach(data, onChunk);
    if (problem) return { ...verdict, problem, found };
  }
  const name = activeName(text.slice(outside));
  if (name) return { ...verdict, problem: 'PDF_ACTIVE_CONTENT', found: name };
  // Actions that run by themselves (pdf-actions.ts): followed through the objects of the file and its object streams.
  const index: PdfObjects = indexObjects(text);
  for (const stream of objectStreams) indexObjectStream(stream.dictionary, Buffer.concat(stream.pieces).toString('latin1'), index);
  const automatic = refusedAutomaticAction(index);
  return automatic ? { ...verdict, problem: 'PDF_ACTIVE_CONTENT', found: automatic } : verdict;
}

/**
 * Inflates one stream piece by piece; `onChunk` sees each piece and answers whether to stop. A damaged stream
 * inflates as far as it goes: what it produced has been counted, the rest is PDF.js's problem to refuse.
 */
function inflateEach(data: Uint8Array, onChunk: OnChunk): Promise<void> {
  return new Promise((resolve) => {
    const inflater = zlib.createInflate({ chunkSize: CHUNK });
    inflater.on('data', (chunk: Buffer) => {
      if (onChunk(chunk)) inflater.destroy();
    });
    inflater.once('end', resolve).once('error', () => resolve()).once('close', resolve);
    inflater.end(data);
  });
}
