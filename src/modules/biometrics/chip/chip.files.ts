import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { verifyChipData, type ChipData, type ChipResult } from './passive-auth.ts';
import { emptyTrustStore, loadTrustStore } from './trust-store.ts';
import { makeSampleChip, pem } from './chip-sample.ts';

/**
 * Chip files in a folder, as a reader app or a test dumps them. Names (case-insensitive, optional
 * "EF." or "EF_" prefix, optional ".bin" suffix): SOD, DG1, DG2, DG14, DG15 and any other DGn.
 * An optional mrz.txt holds the printed MRZ (lines as printed).
 */
const FILE = /^(?:EF[._])?(SOD|DG(\d{1,2}))(?:\.bin)?$/i;

export function readChipFolder(dir: string): { data: ChipData; printedMrz?: string; files: string[] } {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new Error(`not a folder: ${dir}`);
  let sod: Uint8Array | undefined;
  const other: Record<number, Uint8Array> = {};
  const files: string[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const m = FILE.exec(name);
    if (!m) continue;
    const bytes = new Uint8Array(fs.readFileSync(path.join(dir, name)));
    files.push(name);
    if ((m[1] ?? '').toUpperCase() === 'SOD') sod = bytes;
    else other[Number(m[2])] = bytes;
  }
  if (!sod) throw new Error(`no EF.SOD in ${dir} (expected a file named SOD, EF.SOD or EF_SOD, optionally .bin)`);
  const { 1: dg1, 2: dg2, 14: dg14, 15: dg15, ...rest } = other;
  const mrzFile = path.join(dir, 'mrz.txt');
  const printedMrz = fs.existsSync(mrzFile) ? fs.readFileSync(mrzFile, 'utf8').trim() : undefined;
  return { data: { sod, dg1, dg2, dg14, dg15, other: rest }, printedMrz, files };
}

export async function verifyChipFolder(dir: string, options: { trustDir?: string; printedMrz?: string; now?: Date }): Promise<ChipResult & { files: string[]; trust_store: string | null }> {
  const { data, printedMrz, files } = readChipFolder(dir);
  const trustDir = options.trustDir ?? process.env.KYC_CSCA_TRUST_DIR;
  const trust = trustDir ? await loadTrustStore(trustDir) : emptyTrustStore();
  const { result } = await verifyChipData(data, trust, { printedMrz: options.printedMrz ?? printedMrz, now: options.now });
  return { ...result, files, trust_store: trustDir ?? null };
}

/** TEST DATA: write a generated chip (chip/) and the CSCA that signed it (trust/) under `out`. */
export async function writeSampleChip(out: string, portraitFile?: string): Promise<{ chip: string; trust: string }> {
  const portrait = portraitFile
    ? await sharp(fs.readFileSync(portraitFile)).resize({ width: 480, height: 640, fit: 'inside' }).jpeg({ quality: 85 }).toBuffer()
    : await sharp({ create: { width: 240, height: 320, channels: 3, background: '#b0a090' } }).jpeg().toBuffer();
  const sample = await makeSampleChip(new Uint8Array(portrait));
  const chip = path.join(out, 'chip');
  const trust = path.join(out, 'trust');
  fs.mkdirSync(chip, { recursive: true });
  fs.mkdirSync(trust, { recursive: true });
  fs.writeFileSync(path.join(chip, 'EF.SOD'), sample.sod);
  fs.writeFileSync(path.join(chip, 'DG1.bin'), sample.dg1);
  fs.writeFileSync(path.join(chip, 'DG2.bin'), sample.dg2);
  fs.writeFileSync(path.join(chip, 'mrz.txt'), `${sample.mrz.slice(0, 44)}\n${sample.mrz.slice(44)}\n`);
  fs.writeFileSync(path.join(trust, 'utopia-csca-test.pem'), pem(sample.csca.certificate));
  return { chip, trust };
}
