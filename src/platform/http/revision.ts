import { AppError } from './errors.ts';

/** `If-Match` against a record's revision: `"7"`, `W/"7"`, `7` and `*` are understood. */
export function expectedRevision(ifMatch: string | string[] | undefined): number | undefined {
  if (ifMatch === undefined) return undefined;
  const value = (Array.isArray(ifMatch) ? ifMatch[0] : ifMatch)!.trim();
  if (value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,10})"?$/.exec(value);
  if (!match) throw new AppError('precondition_failed', 'If-Match must be the ETag of the record, for example "3"');
  return Number(match[1]);
}

export function assertRevision(expected: number | undefined, actual: number): void {
  if (expected !== undefined && expected !== actual) {
    throw new AppError('precondition_failed', `The record changed: its revision is ${actual}, If-Match asked for ${expected}`);
  }
}

export const etag = (revision: number | string) => `"${revision}"`;
