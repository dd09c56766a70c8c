import { randomBytes } from 'node:crypto';
import type { Sql } from '../../platform/db/db.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ChipAuthUnsupportedError, startChipAuthentication, type ChipAuthSession } from '../biometrics/index.ts';
import { chipChallengesRepo } from './chip-challenges.repo.ts';
import { parseChipUpload, type ChipUpload } from './domain/chip-upload.ts';
import type { OnboardingRow } from './onboarding.repo.ts';

/**
 * The server side of the mobile chip reader (docs/chip.md, ADR 0127): the active authentication challenge it asks
 * for, and the checks its chip upload passes before it is stored. The challenge is 8 random bytes for this run of
 * this contact's onboarding, lives CHALLENGE_TTL_SECONDS and is used once, by the upload carrying the chip's answer.
 */
export const CHALLENGE_TTL_SECONDS = 300;

/** What the reader may send with the challenge request: the chip's DG14, to have a chip authentication session too. */
export interface ChipChallengeRequest {
  chip_authentication?: { dg14: string; key_id?: number };
}

/**
 * What is sealed into a challenge row: the session keys with the challenge they were issued with, so that a sealed
 * session copied into another row of the same contact (the seal binds the contact, not the row) opens to nothing.
 */
export interface SealedChipAuthSession {
  challenge: string;
  session: ChipAuthSession;
}

/** The session sealed with `challenge`, or null when the sealed value was issued with another challenge. */
export function chipAuthSessionFor(sealed: SealedChipAuthSession, challenge: string): ChipAuthSession | null {
  return sealed.challenge === challenge ? sealed.session : null;
}

/**
 * A new challenge; with DG14, also a chip authentication session (ADR 0198): the server's ephemeral public key and
 * the protected commands go to the reader, the session keys are sealed (`seal`) into the challenge row and used
 * with it, once. A DG14 that cannot be read or has no supported key is refused with the reason, field by field.
 */
export async function issueChipChallenge(sql: Sql, row: OnboardingRow, now: Date, request: ChipChallengeRequest, seal: (sealed: SealedChipAuthSession) => Promise<Buffer>) {
  const challenge = randomBytes(8).toString('hex');
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000);
  const ca = request.chip_authentication ? startSession(request.chip_authentication) : undefined;
  const caSessionEnc = ca ? await seal({ challenge, session: ca.session }) : null;
  await chipChallengesRepo.issue(sql, { clientId: row.client_id, contactId: row.contact_id, runId: row.run_id, challenge, issuedAt: now, expiresAt, caSessionEnc });
  return {
    challenge, expires_at: expiresAt.toISOString(), ttl_seconds: CHALLENGE_TTL_SECONDS,
    ...(ca ? {
      chip_authentication: {
        protocol: ca.protocol, name: ca.name, version: ca.version, key_id: ca.keyId,
        ephemeral_public_key: Buffer.from(ca.ephemeralPublicKey).toString('hex'),
        commands: ca.commands.map((c) => Buffer.from(c).toString('hex')),
      },
    } : {}),
  };
}

/** The challenge request's top-level fields: only chip_authentication (its own fields are checked by the route). */
export function checkChallengeRequest(body: Record<string, unknown>): void {
  const errors = Object.keys(body).filter((key) => key !== 'chip_authentication').map((key) => ({ pointer: `/${key}`, message: 'is not a field of the challenge request' }));
  if (errors.length) throw new AppError('validation_failed', 'The challenge request is not valid', { errors });
}

function startSession(request: NonNullable<ChipChallengeRequest['chip_authentication']>) {
  const dg14 = Buffer.from(request.dg14, 'base64');
  try {
    return startChipAuthentication(new Uint8Array(dg14), request.key_id ?? null);
  } catch (error) {
    const unsupported = error instanceof ChipAuthUnsupportedError;
    throw new AppError('validation_failed', 'Chip authentication cannot be started with this DG14', {
      errors: [{ pointer: '/chip_authentication/dg14', message: unsupported ? (error as Error).message : 'is not a DG14 this server can read' }],
    });
  }
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
export async function useChipChallenge(sql: Sql, row: OnboardingRow, challenge: string, fileId: string, now: Date, pointer = '/active_authentication/challenge'): Promise<void> {
  const key = { clientId: row.client_id, contactId: row.contact_id, runId: row.run_id, challenge };
  if (await chipChallengesRepo.consume(sql, { ...key, fileId, now })) return;
  const status = await chipChallengesRepo.status(sql, { ...key, now });
  const words = { UNKNOWN: 'was not issued for this verification', USED: 'has already been used', EXPIRED: 'has expired', LIVE: 'could not be used' }[status];
  throw new AppError('unprocessable', `The chip challenge ${words}; ask for a new challenge and read the chip again`, {
    reason: `CHIP_CHALLENGE_${status === 'LIVE' ? 'UNKNOWN' : status}`,
    errors: [{ pointer, message: words }],
  });
}

/**
 * For processing: the challenge the chip upload `fileId` used (consumed) when it was stored, with the sealed chip
 * authentication session issued with it, if any; undefined when it used none.
 */
export async function challengeUsedBy(sql: Sql, row: OnboardingRow, fileId: string): Promise<{ challenge: string; caSessionEnc: Uint8Array | null } | undefined> {
  const used = await chipChallengesRepo.usedBy(sql, row.client_id, row.contact_id, row.run_id, fileId);
  return used && { challenge: used.challenge, caSessionEnc: used.ca_session_enc };
}
