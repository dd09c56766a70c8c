import type { ChipData, TrustStore } from '../../biometrics/index.ts';
import type { Run } from './run.ts';

/** The chip read by the mobile hand-over (face_match_mobile): passive authentication and the portrait. */
export async function checkChip(r: Run, selfie: Buffer | undefined, trustStore: () => Promise<TrustStore>) {
  const raw = await r.read('chip');
  if (!raw) return;
  let chipData: ChipData;
  try {
    const data = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    const bytes = (k: string) => (typeof data[k] === 'string' ? Buffer.from(data[k] as string, 'base64') : undefined);
    chipData = { sod: bytes('sod') ?? new Uint8Array(), dg1: bytes('dg1'), dg2: bytes('dg2'), dg14: bytes('dg14'), dg15: bytes('dg15') };
  } catch {
    r.reasons.push('CHIP_DATA_INVALID');
    return;
  }
  const result = await r.faces.verifyChip(chipData, await trustStore(), undefined, selfie);
  r.details.chip = result;
  r.reasons.push(...(result.passed ? ['CHIP_AUTHENTIC'] : ['CHIP_NOT_VERIFIED', ...result.reasons.map((x) => `CHIP_${String(x)}`)]));
}
