import { describe, expect, it } from 'vitest';
import { LANGUAGES, MESSAGES } from '../../web/verify/src/i18n.ts';
import { LIVE_MESSAGES } from '../../web/verify/src/liveness/messages.ts';
import { SIDE_PROBLEMS } from '../../src/modules/onboarding/domain/upload-feedback.ts';

/**
 * Issue 25: the hosted flow and the portal in every language they offer, completely. A key of the English table
 * missing from another language fails here, and so does an English string left in (a table spread from the
 * English one would pass a key check while showing English words).
 */
type Table = Record<string, unknown>;

/** Every leaf of a table by its path: strings as they are, functions called with sample arguments. */
function leaves(table: Table, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(table)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'function') out.set(path, (value as (...a: unknown[]) => unknown)('Ana', 2, true));
    else if (value && typeof value === 'object') for (const [p, v] of leaves(value as Table, path)) out.set(p, v);
    else out.set(path, value);
  }
  return out;
}

/** Leaves the same in every language on purpose. */
const SAME_EVERYWHERE = new Set<string>([]);

const tables: [string, Record<string, Table>][] = [['flow and portal (i18n.ts)', MESSAGES as unknown as Record<string, Table>], ['liveness step (liveness/messages.ts)', LIVE_MESSAGES as unknown as Record<string, Table>]];

describe.each(tables)('%s', (_name, byLanguage) => {
  const english = leaves(byLanguage.en!);
  const others = LANGUAGES.map((l) => l.code).filter((code) => code !== 'en');

  it('offers every language the page lists', () => {
    expect(Object.keys(byLanguage).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  it.each(others)('%s has every key of the English table, and no other', (code) => {
    const own = leaves(byLanguage[code]!);
    const missing = [...english.keys()].filter((k) => !own.has(k));
    const extra = [...own.keys()].filter((k) => !english.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(others)('%s is translated: no English text left in', (code) => {
    const own = leaves(byLanguage[code]!);
    const english_left = [...english].filter(([k, v]) => k !== 'locale' && !SAME_EVERYWHERE.has(k) && typeof v === 'string' && own.get(k) === v).map(([k]) => k);
    expect(english_left).toEqual([]);
  });
});

describe('the upload feedback\'s words', () => {
  // The key check above carries each English entry into every other language.
  it.each(SIDE_PROBLEMS)('the document side problem %s has English words', (code) => {
    expect(MESSAGES.en!.problem[code]).toEqual(expect.any(String));
  });
});

describe('the check itself', () => {
  it('notices a missing key and an English string left in', () => {
    const en = leaves({ a: 'Hello', b: { c: (n: number) => `${n} photos` } });
    const partial = leaves({ a: 'Hello' });
    expect([...en.keys()].filter((k) => !partial.has(k))).toEqual(['b.c']);
    expect([...en].filter(([k, v]) => partial.get(k) === v).map(([k]) => k)).toEqual(['a']);
  });
});
