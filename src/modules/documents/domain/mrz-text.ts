/**
 * From OCR text to candidate MRZ line sets of exact ICAO lengths. OCR miscounts runs of the filler `<`
 * (they print as a sparse row of chevrons), so lengths are repaired inside filler runs, where the check
 * digits later tell whether the repair was right.
 */
import { normaliseLine } from './mrz-parse.ts';

const LENGTHS = [30, 36, 44] as const;

function longestRun(line: string): { start: number; length: number } | undefined {
  let best: { start: number; length: number } | undefined;
  for (const m of line.matchAll(/<{2,}/g)) if (!best || m[0].length > best.length) best = { start: m.index, length: m[0].length };
  return best;
}

/** `line` brought to `length` characters by adding or removing fillers, trailing ones first. */
export function fitLength(line: string, length: number): string {
  let s = line;
  while (s.length > length && s.endsWith('<<')) s = s.slice(0, -1);
  while (s.length > length) {
    const run = longestRun(s);
    if (!run) break;
    s = s.slice(0, run.start) + s.slice(run.start + 1);
  }
  if (s.length > length) s = s.slice(0, length);
  while (s.length < length) {
    if (s.endsWith('<')) {
      s += '<';
      continue;
    }
    const run = longestRun(s);
    s = run ? s.slice(0, run.start) + '<' + s.slice(run.start) : s + '<';
  }
  return s;
}

const plausible = (line: string) => line.length >= 20 && /^[A-Z0-9<]+$/.test(line);

/** Candidate line sets, the lowest (last) on the page first: the MRZ is at the bottom of every ICAO document. */
export function mrzCandidates(text: string): string[][] {
  const lines = text.split(/\r?\n/).map((l) => normaliseLine(l).replace(/[^A-Z0-9<]/g, '')).filter(plausible);
  const out: string[][] = [];
  for (const count of [3, 2] as const) {
    for (let end = lines.length; end >= count; end--) {
      const group = lines.slice(end - count, end);
      const mean = group.reduce((s, l) => s + l.length, 0) / count;
      const length = count === 3 ? 30 : LENGTHS.filter((l) => l !== 30).reduce((a, b) => (Math.abs(b - mean) < Math.abs(a - mean) ? b : a));
      if (group.some((l) => l.includes('<')) && group.every((l) => Math.abs(l.length - length) <= Math.max(3, length * 0.12))) out.push(group.map((l) => fitLength(l, length)));
    }
  }
  return out;
}
