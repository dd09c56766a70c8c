/**
 * Chip verification cost per document signer key kind (npm run bench:chip): passive authentication of generated
 * chip data (DG1, DG2 with a small JPEG, SHA-256 hashes), SOD signature and DS-to-CSCA signature included, and
 * active authentication (RSA 1024 ISO/IEC 9796-2, ECDSA P-256), and the server's side of chip authentication (ADR
 * 0198: starting a session, checking the chip's responses) on P-256, brainpoolP256r1 and DH 1024 with 3DES and AES-128.
 * `--only ca` runs the last alone. Prints JSON; no assertion on time.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { certificateDer, chipSignChallenge, makeSampleChip, type KeyKind } from '../src/modules/biometrics/chip/chip-sample.ts';
import { verifyChipData } from '../src/modules/biometrics/chip/passive-auth.ts';
import { verifyActiveAuthentication } from '../src/modules/biometrics/chip/active-auth.ts';
import { trustStoreOf } from '../src/modules/biometrics/chip/trust-store.ts';
import { startChipAuthentication, verifyChipAuthResponses } from '../src/modules/biometrics/chip/chip-auth.ts';
import { answerChipAuthentication } from '../src/modules/biometrics/chip/chip-simulator.ts';

const RUNS = 30;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const portrait = new Uint8Array(await sharp({ create: { width: 240, height: 320, channels: 3, background: '#b0a090' } }).jpeg().toBuffer());
  const rows: Record<string, unknown>[] = [];
  const onlyCa = process.argv.includes('ca');
  const kinds: Array<[KeyKind, boolean]> = onlyCa ? [] : [['p256', false], ['brainpoolP256r1', false], ['brainpoolP256r1', true], ['brainpoolP384r1', false], ['brainpoolP512r1', false], ['rsa', false], ['rsa-pss', false]];
  for (const [kind, explicit] of kinds) {
    const chip = await makeSampleChip(portrait, undefined, { kind, explicit });
    const trust = trustStoreOf([certificateDer(chip.csca.certificate)]);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const { result } = await verifyChipData({ sod: chip.sod, dg1: chip.dg1, dg2: chip.dg2 }, trust);
      times.push(performance.now() - s);
      if (!result.passed) throw new Error(`${kind} chip did not verify: ${result.reasons.join(', ')}`);
    }
    rows.push({ check: 'passive authentication', key: kind + (explicit ? ' (explicit parameters)' : ''), median_ms: Math.round(median(times) * 10) / 10, min_ms: Math.round(Math.min(...times) * 10) / 10, runs: RUNS });
  }
  for (const aa of onlyCa ? [] : (['rsa', 'ec'] as const)) {
    const chip = await makeSampleChip(portrait, undefined, { activeAuthentication: aa });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const challenge = new Uint8Array(randomBytes(8));
      const signature = chipSignChallenge(chip.aaKey!, challenge, aa === 'ec' ? 'sha256' : 'sha1');
      const s = performance.now();
      const r = verifyActiveAuthentication(chip.dg15!, challenge, signature, aa === 'ec' ? 'sha256' : null);
      times.push(performance.now() - s);
      if (!r.valid) throw new Error(`active authentication (${aa}) did not verify`);
    }
    rows.push({ check: 'active authentication', key: aa === 'rsa' ? 'RSA 1024, ISO/IEC 9796-2 SHA-1' : 'ECDSA P-256 SHA-256', median_ms: Math.round(median(times) * 100) / 100, min_ms: Math.round(Math.min(...times) * 100) / 100, runs: RUNS });
  }
  for (const curve of ['prime256v1', 'brainpoolP256r1', 'dh1024'] as const) {
    for (const protocol of curve === 'dh1024' ? (['1.1', '1.2'] as const) : (['2.1', '2.2'] as const)) {
      const chip = await makeSampleChip(portrait, undefined, { chipAuthentication: { curve, protocol } });
      const start: number[] = [];
      const check: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        let s = performance.now();
        const session = startChipAuthentication(chip.dg14!);
        start.push(performance.now() - s);
        const responses = answerChipAuthentication(chip.caKey!, chip.dg1, session);
        s = performance.now();
        const r = verifyChipAuthResponses(session.session, responses);
        check.push(performance.now() - s);
        if (!r.valid) throw new Error(`chip authentication (${curve}, ${protocol}) did not verify`);
      }
      const key = `${curve}, ${protocol.endsWith('.1') ? '3DES' : 'AES-128'}`;
      const round = (x: number) => Math.round(x * 100) / 100;
      rows.push({ check: 'chip authentication: start a session', key, median_ms: round(median(start)), min_ms: round(Math.min(...start)), runs: RUNS });
      rows.push({ check: 'chip authentication: check the responses', key, median_ms: round(median(check)), min_ms: round(Math.min(...check)), runs: RUNS });
    }
  }
  process.stdout.write(JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2) + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exitCode = 1;
});
