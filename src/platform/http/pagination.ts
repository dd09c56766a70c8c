import { AppError } from './errors.ts';

/** Opaque cursors: the position after which the next page starts, base64url so callers do not build them. */
export function encodeCursor(seq: number): string {
  return Buffer.from(`s:${seq}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const match = /^s:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new AppError('validation_failed', 'cursor is not one this API returned', { errors: [{ pointer: '/query/cursor', message: 'is invalid' }] });
  return Number(match[1]);
}

/** Fetch `limit + 1` rows; the extra one tells whether another page exists. */
function pageOf<R extends { seq: number }>(rows: R[], limit: number) {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  return { items, next_cursor: more ? encodeCursor(items[items.length - 1]!.seq) : null };
}

export function toPage<R extends { seq: number }, T>(rows: R[], limit: number, map: (row: R) => T) {
  const { items, next_cursor } = pageOf(rows, limit);
  return { data: items.map(map), next_cursor };
}

/** `toPage` where the page's rows are turned into answers together, asynchronously (keys to fetch, fields to open). */
export async function toPageOf<R extends { seq: number }, T>(rows: R[], limit: number, mapItems: (items: R[]) => Promise<T[]>) {
  const { items, next_cursor } = pageOf(rows, limit);
  return { data: await mapItems(items), next_cursor };
}
