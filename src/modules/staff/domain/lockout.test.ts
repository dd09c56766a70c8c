import { describe, expect, it } from 'vitest';
import { afterFailure, isLocked, LOCK_MINUTES, MAX_FAILURES, passwordProblem } from './lockout.ts';
import { can } from './roles.ts';

describe('lock-out', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('locks after MAX_FAILURES failures in a row, for LOCK_MINUTES', () => {
    let state = { failed_logins: 0, locked_until: null as Date | null };
    for (let i = 0; i < MAX_FAILURES - 1; i++) state = afterFailure(state, now);
    expect(isLocked(state, now)).toBe(false);
    state = afterFailure(state, now);
    expect(isLocked(state, now)).toBe(true);
    expect(isLocked(state, new Date(now.getTime() + LOCK_MINUTES * 60_000 + 1))).toBe(false);
  });
  it('rejects short passwords and ones holding the e-mail name', () => {
    expect(passwordProblem('short', 'a@b.c')).toMatch(/12/);
    expect(passwordProblem('reviewer-alice-2026!', 'alice@firm.test')).toMatch(/e-mail/);
    expect(passwordProblem('correct horse battery', 'alice@firm.test')).toBeUndefined();
  });
});

describe('roles', () => {
  it('grants settings only to administrators and review not to read-only users', () => {
    expect(can('administrator', 'settings')).toBe(true);
    expect(can('reviewer', 'settings')).toBe(false);
    expect(can('reviewer', 'review')).toBe(true);
    expect(can('read-only', 'review')).toBe(false);
    expect(can('read-only', 'read')).toBe(true);
  });
});
