/**
 * The chip data a mobile reader uploads to the `chip` slot (docs/chip.md), read and checked field by field so
 * that a bad upload gets one clear error per field (RFC 9457 `errors`) at upload time, not a silent failure in
 * processing:
 *
 *   { "sod": b64, "dg1": b64, "dg2": b64, "dg14"?: b64, "dg15"?: b64, "dg<n>"?: b64,
 *     "active_authentication"?: { "challenge": 16 hex digits, "signature": b64 },
 *     "chip_authentication"?: { "performed"?: boolean, "challenge"?: 16 hex digits, "responses"?: [hex APDU, ...] } }
 *
 * `chip_authentication.challenge` and `responses` come together: the chip's raw response APDUs to the commands of
 * the chip authentication session the challenge request started (ADR 0198). With active authentication too, both
 * name the same challenge (one challenge row, used once).
 */
export interface ChipUpload {
  sod: Uint8Array;
  dataGroups: Record<number, Uint8Array>;
  activeAuthentication: { challenge: string; signature: Uint8Array } | null;
  /** What the reader says about chip authentication: recorded, never believed. */
  chipAuthenticationAsserted: boolean | null;
  /** The chip's responses to the server's chip authentication session, checked in processing with the session keys. */
  chipAuthentication: { challenge: string; responses: Uint8Array[] } | null;
}

export interface FieldError {
  pointer: string;
  message: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DG = /^dg([1-9]|1[0-6])$/;
const MAX_FIELD_CHARS = 8_000_000;

function bytes(value: unknown, pointer: string, errors: FieldError[]): Uint8Array | undefined {
  if (typeof value !== 'string') {
    errors.push({ pointer, message: 'must be the file read from the chip, base64-encoded' });
    return undefined;
  }
  const text = value.replace(/\s+/g, '');
  if (text.length === 0 || text.length > MAX_FIELD_CHARS || text.length % 4 !== 0 || !BASE64.test(text)) {
    errors.push({ pointer, message: 'must be base64 (standard alphabet, padded)' });
    return undefined;
  }
  return new Uint8Array(Buffer.from(text, 'base64'));
}

export function parseChipUpload(json: unknown): { upload?: ChipUpload; errors: FieldError[] } {
  const errors: FieldError[] = [];
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { errors: [{ pointer: '', message: 'must be a JSON object' }] };
  const body = json as Record<string, unknown>;
  const known = new Set(['sod', 'active_authentication', 'chip_authentication']);
  for (const key of Object.keys(body)) if (!known.has(key) && !DG.test(key)) errors.push({ pointer: `/${key}`, message: 'is not a field of chip data' });
  const sod = bytes(body.sod, '/sod', errors);
  const dataGroups: Record<number, Uint8Array> = {};
  for (const key of Object.keys(body).filter((k) => DG.test(k))) {
    const b = bytes(body[key], `/${key}`, errors);
    if (b) dataGroups[Number(key.slice(2))] = b;
  }
  for (const required of [1, 2]) if (body[`dg${required}`] === undefined) errors.push({ pointer: `/dg${required}`, message: 'is required (every passport chip has DG1 and DG2)' });
  let activeAuthentication: ChipUpload['activeAuthentication'] = null;
  const aa = body.active_authentication;
  if (aa !== undefined) {
    if (typeof aa !== 'object' || aa === null) {
      errors.push({ pointer: '/active_authentication', message: 'must be an object with challenge and signature' });
    } else {
      const { challenge, signature } = aa as Record<string, unknown>;
      if (typeof challenge !== 'string' || !/^[0-9a-fA-F]{16}$/.test(challenge)) errors.push({ pointer: '/active_authentication/challenge', message: 'must be the 16 hex digits the challenge endpoint gave' });
      const sig = bytes(signature, '/active_authentication/signature', errors);
      if (typeof challenge === 'string' && sig) activeAuthentication = { challenge: challenge.toLowerCase(), signature: sig };
    }
  }
  const { asserted: chipAuthenticationAsserted, session: chipAuthentication } = readChipAuthentication(body.chip_authentication, errors);
  if (activeAuthentication && chipAuthentication && activeAuthentication.challenge !== chipAuthentication.challenge) {
    errors.push({ pointer: '/chip_authentication/challenge', message: 'must be the same challenge as active_authentication\'s (one challenge request gives both)' });
  }
  if (errors.length || !sod) return { errors };
  return { upload: { sod, dataGroups, activeAuthentication, chipAuthenticationAsserted, chipAuthentication }, errors };
}

const APDU = /^(?:[0-9a-fA-F]{2}){2,300}$/;

function readChipAuthentication(ca: unknown, errors: FieldError[]): { asserted: boolean | null; session: ChipUpload['chipAuthentication'] } {
  if (ca === undefined) return { asserted: null, session: null };
  if (typeof ca !== 'object' || ca === null || Array.isArray(ca)) {
    errors.push({ pointer: '/chip_authentication', message: 'must be an object' });
    return { asserted: null, session: null };
  }
  const { performed, challenge, responses, ...rest } = ca as Record<string, unknown>;
  for (const key of Object.keys(rest)) errors.push({ pointer: `/chip_authentication/${key}`, message: 'is not a field of chip authentication' });
  let asserted: boolean | null = null;
  if (performed !== undefined && typeof performed !== 'boolean') errors.push({ pointer: '/chip_authentication/performed', message: 'must be true or false' });
  else if (typeof performed === 'boolean') asserted = performed;
  if (performed === undefined && challenge === undefined && responses === undefined) errors.push({ pointer: '/chip_authentication', message: 'must hold performed, or challenge and responses' });
  if (challenge === undefined && responses === undefined) return { asserted, session: null };
  const before = errors.length;
  if (typeof challenge !== 'string' || !/^[0-9a-fA-F]{16}$/.test(challenge)) errors.push({ pointer: '/chip_authentication/challenge', message: 'must be the 16 hex digits the challenge endpoint gave' });
  if (!Array.isArray(responses) || responses.length === 0 || responses.length > 8) {
    errors.push({ pointer: '/chip_authentication/responses', message: 'must be the chip\'s response APDUs (hex), one per command, in order' });
  } else {
    responses.forEach((r, i) => {
      if (typeof r !== 'string' || !APDU.test(r)) errors.push({ pointer: `/chip_authentication/responses/${i}`, message: 'must be a response APDU in hex (data objects and status word)' });
    });
  }
  if (errors.length > before) return { asserted, session: null };
  return { asserted, session: { challenge: (challenge as string).toLowerCase(), responses: (responses as string[]).map((r) => new Uint8Array(Buffer.from(r, 'hex'))) } };
}
