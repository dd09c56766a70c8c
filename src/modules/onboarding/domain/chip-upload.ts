/**
 * The chip data a mobile reader uploads to the `chip` slot (docs/chip.md), read and checked field by field so
 * that a bad upload gets one clear error per field (RFC 9457 `errors`) at upload time, not a silent failure in
 * processing:
 *
 *   { "sod": b64, "dg1": b64, "dg2": b64, "dg14"?: b64, "dg15"?: b64, "dg<n>"?: b64,
 *     "active_authentication"?: { "challenge": 16 hex digits, "signature": b64 },
 *     "chip_authentication"?: { "performed": boolean } }
 */
export interface ChipUpload {
  sod: Uint8Array;
  dataGroups: Record<number, Uint8Array>;
  activeAuthentication: { challenge: string; signature: Uint8Array } | null;
  /** What the reader says about chip authentication: recorded, never believed. */
  chipAuthenticationAsserted: boolean | null;
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
  let chipAuthenticationAsserted: boolean | null = null;
  const ca = body.chip_authentication;
  if (ca !== undefined) {
    const performed = typeof ca === 'object' && ca !== null ? (ca as Record<string, unknown>).performed : undefined;
    if (typeof performed !== 'boolean') errors.push({ pointer: '/chip_authentication/performed', message: 'must be true or false' });
    else chipAuthenticationAsserted = performed;
  }
  if (errors.length || !sod) return { errors };
  return { upload: { sod, dataGroups, activeAuthentication, chipAuthenticationAsserted }, errors };
}
