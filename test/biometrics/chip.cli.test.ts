import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `kyc chip sample` writes test chip data; `kyc chip verify` accepts it with its CSCA and rejects it without or when tampered. */
const bin = path.join(import.meta.dirname, '../../bin/kyc.js');
let dir: string;

function kyc(...args: string[]): { code: number | null; json: Record<string, unknown> } {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, json: r.stdout.trim() ? (JSON.parse(r.stdout) as Record<string, unknown>) : {} };
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kyc-chip-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('kyc chip', () => {
  it('verifies generated chip data against its CSCA, and fails without it or after tampering', () => {
    const sample = kyc('chip', 'sample', dir);
    expect(sample.code).toBe(0);
    const chip = path.join(dir, 'chip');
    const trust = path.join(dir, 'trust');

    const ok = kyc('chip', 'verify', chip, '--trust', trust);
    expect(ok.code).toBe(0);
    expect(ok.json).toMatchObject({ passed: true, reasons: [], signature_valid: true, chain_valid: true, mrz: { printed_matches: true } });

    expect(kyc('chip', 'verify', chip).json).toMatchObject({ passed: false, reasons: ['CSCA_UNTRUSTED'] });

    const dg1 = fs.readFileSync(path.join(chip, 'DG1.bin'));
    dg1[dg1.length - 3] = 0x39; // one MRZ character
    fs.writeFileSync(path.join(chip, 'DG1.bin'), dg1);
    const tampered = kyc('chip', 'verify', chip, '--trust', trust);
    expect(tampered.code).toBe(1);
    expect((tampered.json.reasons as string[])).toContain('DG_HASH_MISMATCH');
  });

  it('a usage error exits 2', () => {
    expect(kyc('chip', 'verify').code).toBe(2);
    expect(kyc('face', 'compare', 'only-one.jpg').code).toBe(2);
  });
});
