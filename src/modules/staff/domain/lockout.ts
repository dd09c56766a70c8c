/**
 * Lock-out after repeated failures: MAX_FAILURES wrong passwords or codes in a row lock the user for
 * LOCK_MINUTES; a success resets the count. Pure: the time is passed in.
 */
export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;

export interface LockState {
  failed_logins: number;
  locked_until: Date | null;
}

export function isLocked(state: LockState, now: Date): boolean {
  return state.locked_until !== null && state.locked_until.getTime() > now.getTime();
}

/** The state after one more failure: the count grows; at the limit the user is locked and the count starts again. */
export function afterFailure(state: LockState, now: Date): LockState {
  const failed = state.failed_logins + 1;
  if (failed >= MAX_FAILURES) return { failed_logins: 0, locked_until: new Date(now.getTime() + LOCK_MINUTES * 60_000) };
  return { failed_logins: failed, locked_until: state.locked_until };
}

/** Passwords: length is what resists guessing; a ceiling keeps argon2 input bounded. */
export function passwordProblem(password: string, email: string): string | undefined {
  if (password.length < 12) return 'must be at least 12 characters';
  if (password.length > 200) return 'must be at most 200 characters';
  if (password.toLowerCase().includes(email.toLowerCase().split('@')[0]!) && email.split('@')[0]!.length >= 4) return 'must not contain the e-mail name';
  return undefined;
}
