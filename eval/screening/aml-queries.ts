/**
 * AML-shaped queries for the evaluation: a listed person's name (perturbed or not), a date of birth as a
 * customer or operator types it (the listed date, or a near one), and the UK as the address country,
 * which is what the AML check sends. Also the split of listed entities into a calibration half and a
 * report half: a threshold is chosen on the first and reported on the second.
 */
import type { ListedEntity } from '../../src/modules/screening/domain/entity.ts';
import { pick, type Rng } from './perturb.ts';

export type DobKind =
  | 'listed' | 'one_day' | 'one_digit' | 'digits_transposed' | 'day_month_swapped' | 'year_1' | 'year_2' | 'year_only' | 'month_only'
  | 'disjoint';

/** The near kinds the issue names; `listed` is the baseline and `disjoint` is for information (strong names must survive it). */
export const NEAR_DOB_KINDS: DobKind[] = ['one_day', 'one_digit', 'digits_transposed', 'day_month_swapped', 'year_1', 'year_2', 'year_only', 'month_only'];
export const DOB_KINDS: DobKind[] = ['listed', ...NEAR_DOB_KINDS, 'disjoint'];

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => d.toISOString().slice(0, 10);
const valid = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && iso(d) === s && s >= '1900-01-01' && s <= '2010-12-31';
};

/** The date a customer gives, from the listed full date `d` (YYYY-MM-DD), or undefined when the kind does not apply. */
export function perturbDob(kind: DobKind, d: string, r: Rng): string | undefined {
  const [y, m, day] = d.split('-').map(Number) as [number, number, number];
  switch (kind) {
    case 'listed':
      return d;
    case 'one_day':
      return iso(new Date(Date.UTC(y, m - 1, day + (r() < 0.5 ? -1 : 1))));
    case 'one_digit': {
      const digits = d.replace(/-/g, '');
      for (let attempt = 0; attempt < 20; attempt++) {
        const i = Math.floor(r() * 8);
        const c = String(Math.floor(r() * 10));
        if (c === digits[i]) continue;
        const s = digits.slice(0, i) + c + digits.slice(i + 1);
        const out = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}`;
        if (valid(out) && Math.abs(Date.parse(out) - Date.parse(d)) > 86_400_000) return out;
      }
      return undefined;
    }
    case 'digits_transposed': {
      const digits = d.replace(/-/g, '');
      for (let attempt = 0; attempt < 20; attempt++) {
        const i = Math.floor(r() * 7);
        if (digits[i] === digits[i + 1]) continue;
        const s = digits.slice(0, i) + digits[i + 1] + digits[i] + digits.slice(i + 2);
        const out = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}`;
        if (valid(out)) return out;
      }
      return undefined;
    }
    case 'day_month_swapped':
      return day <= 12 && day !== m ? `${y}-${pad(day)}-${pad(m)}` : undefined;
    case 'year_1':
    case 'year_2': {
      const out = `${y + (r() < 0.5 ? -1 : 1) * (kind === 'year_1' ? 1 : 2)}-${pad(m)}-${pad(day)}`;
      return valid(out) ? out : undefined;
    }
    case 'year_only':
      return String(y);
    case 'month_only':
      return `${y}-${pad(m)}`;
    case 'disjoint': {
      const out = `${y + (r() < 0.5 ? -1 : 1) * (6 + Math.floor(r() * 15))}-${pad(1 + Math.floor(r() * 12))}-${pad(1 + Math.floor(r() * 28))}`;
      return valid(out) ? out : undefined;
    }
  }
}

/** A date of birth for an ordinary adult customer (1940-2005), uniform. */
export function randomDob(r: Rng): string {
  const start = Date.UTC(1940, 0, 1);
  const end = Date.UTC(2005, 11, 31);
  return iso(new Date(start + Math.floor(r() * ((end - start) / 86_400_000)) * 86_400_000));
}

/** FNV-1a: a stable split that does not depend on load order. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export type Split = 'calibration' | 'report';
export const splitOf = (key: string): Split => (hash(key) % 2 === 0 ? 'calibration' : 'report');

export const SCRIPTS: Array<[string, RegExp]> = [
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['korean', /\p{Script=Hangul}/u],
  ['greek', /\p{Script=Greek}/u],
];
export const scriptOf = (name: string): string => SCRIPTS.find(([, re]) => re.test(name))?.[0] ?? 'latin';

/** A listed person's full date of birth, if the listing has one. */
export const fullDob = (e: ListedEntity): string | undefined => e.birthDates.find((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && valid(d));

/**
 * The person's true date of birth for a query: the listed full date, or, when the list gives only a year
 * (most PEP data), a date in that year fixed by the entity id.
 */
export function trueDob(e: ListedEntity): string | undefined {
  const full = fullDob(e);
  if (full) return full;
  const year = e.birthDates.find((d) => /^\d{4}$/.test(d));
  if (!year) return undefined;
  const h = hash(e.id);
  return `${year}-${pad(1 + (h % 12))}-${pad(1 + ((h >>> 8) % 28))}`;
}

/** The entity without its names in other scripts: the customer types the original script, the list has only Latin. */
export function latinOnly(e: ListedEntity): ListedEntity {
  return { ...e, names: e.names.filter((n) => scriptOf(n.full) === 'latin') };
}

export { pick };
