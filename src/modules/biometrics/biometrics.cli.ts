import fs from 'node:fs';
import { parse, printJson, UsageError } from '../../cli/cli.ts';
import { createFaceService } from './face.service.ts';

const USAGE = `Usage:
  kyc face compare IMAGE_A IMAGE_B [--threshold 0.41]   compare the faces (A: document, B: selfie)
  kyc face selfie IMAGE                                   selfie quality checks
  kyc face liveness --challenge turn_left|turn_right FRAME...   active liveness over captured frames
  kyc chip verify FOLDER [--trust DIR] [--mrz "P<..."]    passive authentication of NFC chip data`;

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
  if (sub !== 'verify') throw new UsageError(`unknown chip command "${sub ?? ''}"`);
  const { values, positionals } = parse(rest, { trust: { type: 'string' }, mrz: { type: 'string' }, selfie: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('verify takes one folder');
  const { verifyChipFolder } = await import('./chip/chip.files.ts');
  const result = await verifyChipFolder(positionals[0]!, { trustDir: values.trust, printedMrz: values.mrz });
  printJson(result);
  return result.passed ? 0 : 1;
}
