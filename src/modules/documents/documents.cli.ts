/**
 * `kyc document check FILE [FILE...] [--contact contact.json] [--today YYYY-MM-DD] [--min-age N]`
 * `kyc document address FILE --contact contact.json [--today ...] [--max-age-months N]`
 * Prints the result as JSON; exit code 0 whatever the decision (a REFER is a result, not an error).
 */
import { readFile } from 'node:fs/promises';
import { parse, printJson, UsageError } from '../../platform/cli.ts';
import { isRealDate } from '../../platform/domain/dates.ts';
import { createDocumentService } from './documents.service.ts';
import { createFaceService } from '../biometrics/index.ts';

const USAGE = `Usage:
  kyc document check FILE [FILE...] [--contact contact.json] [--today YYYY-MM-DD] [--min-age N]
  kyc document address FILE --contact contact.json [--today YYYY-MM-DD] [--max-age-months N]`;

export async function run(_command: string, argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub !== 'check' && sub !== 'address') {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parse(rest, {
    contact: { type: 'string' }, today: { type: 'string' }, 'min-age': { type: 'string' }, 'max-age-months': { type: 'string' }, help: { type: 'boolean' },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    if (positionals.length === 0) throw new UsageError('give at least one FILE');
    const today = values.today ?? new Date().toISOString().slice(0, 10);
    if (!isRealDate(today)) throw new UsageError('--today must be a date, YYYY-MM-DD');
    const whole = (v: string | undefined, name: string) => {
      if (v === undefined) return undefined;
      if (!/^\d+$/.test(v)) throw new UsageError(`${name} must be a whole number`);
      return Number(v);
    };
    const contact = values.contact ? JSON.parse(await readFile(values.contact, 'utf8')) : undefined;
    // The portrait signal needs a face engine: the biometrics module's, loaded only for `check`.
    const faces = sub === 'check' ? createFaceService({ passiveLiveness: false }) : undefined;
    const service = createDocumentService({
      minimumAge: whole(values['min-age'], '--min-age'), proofOfAddressMaxAgeMonths: whole(values['max-age-months'], '--max-age-months'),
      faces: faces && { find: (image) => faces.analyze(image) },
    });
    try {
      const files = await Promise.all(positionals.map((f) => readFile(f)));
      if (sub === 'check') printJson({ files: positionals, ...(await service.checkIdentityDocument({ images: files, contact, today })) });
      else {
        if (!contact) throw new UsageError('address needs --contact');
        printJson({ file: positionals[0], ...(await service.checkProofOfAddress({ file: files[0]!, contact, today })) });
      }
    } finally {
      await service.close();
      await faces?.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`kyc document: ${error.message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}
