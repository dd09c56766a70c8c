import fs from 'node:fs';
import { parse, printJson, UsageError } from '../../platform/cli.ts';
import { createFaceService } from './face.service.ts';

const USAGE = `Usage:
  kyc face compare IMAGE_A IMAGE_B [--threshold 0.41]   compare the faces (A: document, B: selfie)
  kyc face selfie IMAGE                                   selfie quality checks
  kyc face liveness --challenge turn_left|turn_right FRAME...   active liveness over captured frames
  kyc chip verify FOLDER [--trust DIR] [--mrz "P<..."] [--selfie IMAGE]
                                                          passive authentication of NFC chip data
                                                          (files SOD/EF.SOD, DG1, DG2, DG14, DG15 [.bin], mrz.txt;
                                                          trust: CSCA .pem/.cer/.der, master lists .ml, CRLs .crl, ICAO PKD .ldif;
                                                          default KYC_CSCA_TRUST_DIR)
  kyc chip trust [DIR]                                    list the CSCAs a trust store folder provides
  kyc chip sample OUT [--portrait IMAGE]                  write TEST chip data and its test CSCA`;

export async function run(command: string, argv: string[]): Promise<number> {
  try {
    if (command === 'face') return await face(argv);
    if (command === 'chip') return await chip(argv);
    throw new UsageError(`unknown command ${command}`);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`kyc ${command}: ${(error as Error).message}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}

function readFile(file: string): Buffer {
  if (!fs.existsSync(file)) throw new UsageError(`file not found: ${file}`);
  return fs.readFileSync(file);
}

async function face(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parse(rest, {
    threshold: { type: 'string' },
    challenge: { type: 'string' },
    mirrored: { type: 'boolean' },
  });
  const threshold = values.threshold === undefined ? undefined : Number(values.threshold);
  if (threshold !== undefined && !(threshold > -1 && threshold <= 1)) throw new UsageError('--threshold must be a number up to 1');
  const service = createFaceService(threshold === undefined ? {} : { policy: { threshold } });
  try {
    if (sub === 'compare') {
      if (positionals.length !== 2) throw new UsageError('compare takes two images');
      const result = await service.compare(readFile(positionals[0]!), readFile(positionals[1]!));
      printJson(result);
      return result.decision === 'PASSED' ? 0 : 1;
    }
    if (sub === 'selfie') {
      if (positionals.length !== 1) throw new UsageError('selfie takes one image');
      const result = await service.checkSelfie(readFile(positionals[0]!));
      printJson(result);
      return result.decision === 'PASSED' ? 0 : 1;
    }
    if (sub === 'liveness') {
      const challenge = values.challenge;
      if (challenge !== 'turn_left' && challenge !== 'turn_right') throw new UsageError('--challenge must be turn_left or turn_right');
      const result = await service.verifyActiveLiveness(positionals.map(readFile), { type: challenge, mirrored: values.mirrored ?? false });
      printJson(result);
      return result.decision === 'PASSED' ? 0 : 1;
    }
    throw new UsageError(`unknown face command "${sub ?? ''}"`);
  } finally {
    await service.close();
  }
}

async function chip(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parse(rest, { trust: { type: 'string' }, mrz: { type: 'string' }, selfie: { type: 'string' }, portrait: { type: 'string' } });
  if (sub === 'sample') {
    if (positionals.length !== 1) throw new UsageError('sample takes one output folder');
    const { writeSampleChip } = await import('./chip/chip.files.ts');
    printJson({ ...(await writeSampleChip(positionals[0]!, values.portrait)), note: 'TEST DATA: a made-up CSCA and document signer' });
    return 0;
  }
  if (sub === 'trust') {
    const dir = positionals[0] ?? values.trust ?? process.env.KYC_CSCA_TRUST_DIR;
    if (!dir) throw new UsageError('trust takes a folder (or KYC_CSCA_TRUST_DIR)');
    const { loadTrustStore, describeTrustStore } = await import('./chip/trust-store.ts');
    printJson(describeTrustStore(await loadTrustStore(dir)));
    return 0;
  }
  if (sub !== 'verify') throw new UsageError(`unknown chip command "${sub ?? ''}"`);
  if (positionals.length !== 1) throw new UsageError('verify takes one folder');
  if (values.selfie) {
    // Passive authentication plus the chip portrait against a selfie, through the service.
    const { readChipFolder } = await import('./chip/chip.files.ts');
    const { loadTrustStore, emptyTrustStore } = await import('./chip/trust-store.ts');
    const { data, printedMrz } = readChipFolder(positionals[0]!);
    const trustDir = values.trust ?? process.env.KYC_CSCA_TRUST_DIR;
    const service = createFaceService();
    try {
      const result = await service.verifyChip(data, trustDir ? await loadTrustStore(trustDir) : emptyTrustStore(), values.mrz ?? printedMrz, readFile(values.selfie));
      printJson(result);
      return result.passed && result.face_match?.decision === 'PASSED' ? 0 : 1;
    } finally {
      await service.close();
    }
  }
  const { verifyChipFolder } = await import('./chip/chip.files.ts');
  const result = await verifyChipFolder(positionals[0]!, { trustDir: values.trust, printedMrz: values.mrz });
  printJson(result);
  return result.passed ? 0 : 1;
}
