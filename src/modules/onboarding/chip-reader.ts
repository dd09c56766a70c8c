import { randomBytes } from 'node:crypto';
import type { Sql } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/errors.ts';
import { chipChallengesRepo } from './chip-challenges.repo.ts';
import { parseChipUpload, type ChipUpload } from './domain/chip-upload.ts';
import type { OnboardingRow } from './onboarding.repo.ts';

/**
 * The server side of the mobile chip reader (docs/chip.md, ADR 0127): the active authentication challenge it asks
 * for, and the checks its chip upload passes before it is stored. The challenge is 8 random bytes for this run of
 * this contact's onboarding, lives CHALLENGE_TTL_SECONDS and is used once, by the upload carrying the chip's answer.
 */
export const CHALLENGE_TTL_SECONDS = 300;

export async function issueChipChallenge(sql: Sql, row: OnboardingRow, now: Date) {
  const challenge = randomBytes(8).toString('hex');
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000);
  await chipChallengesRepo.issue(sql, { clientId: row.client_id, contactId: row.contact_id, runId: row.run_id, challenge, issuedAt: now, expiresAt });
  return { challenge, expires_at: expiresAt.toISOString(), ttl_seconds: CHALLENGE_TTL_SECONDS };
}

/** The upload read field by field; 422 with one error per bad field. */
export function readChipUpload(bytes: Buffer): ChipUpload {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new AppError('unsupported_media_type', 'The chip data is not valid JSON', { reason: 'UNSUPPORTED_TYPE' });
  }
  const { upload, errors } = parseChipUpload(json);
  if (!upload) throw new AppError('validation_failed', 'The chip data is not complete or not valid', { errors });
  return upload;
}

/**
 * Uses the challenge the chip answered, inside the upload's transaction: two uploads with one challenge cannot both
 * win. A challenge of another run or contact, an expired or a used one refuses the upload with the reason, so the
 * reader can ask for a new challenge and read the chip again.
 */
export async function useChipChallenge(sql: Sql, row: OnboardingRow, challenge: string, fileId: string, now: Date): Promise<void> {
  const key = { clientId: row.client_id, contactId: row.contact_id, runId: row.run_id, challenge };
  if (await chipChallengesRepo.consume(sql, { ...key, fileId, now })) return;
  const status = await chipChallengesRepo.status(sql, { ...key, now });
  const words = { UNKNOWN: 'was not issued for this verification', USED: 'has already been used', EXPIRED: 'has expired', LIVE: 'could not be used' }[status];
  throw new AppError('unprocessable', `The active authentication challenge ${words}; ask for a new challenge and read the chip again`, {
    reason: `CHIP_CHALLENGE_${status === 'LIVE' ? 'UNKNOWN' : status}`,
    errors: [{ pointer: '/active_authentication/challenge', message: words }],
  });
}

/** For processing: whether the chip upload `fileId` used (consumed) the challenge it carries. */
export async function challengeUsedBy(sql: Sql, row: OnboardingRow, fileId: string, challenge: string): Promise<boolean> {
  const used = await chipChallengesRepo.usedBy(sql, row.client_id, row.contact_id, row.run_id, fileId);
  return used !== undefined && used.challenge === challenge;
}
