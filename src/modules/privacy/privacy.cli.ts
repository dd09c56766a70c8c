import { parse, printJson, type CliContext } from '../../platform/cli.ts';

const USAGE = `Usage:
  kyc keys status                 keys per key-encryption key, version-1 values left to re-seal
  kyc keys rotate [--batch N]     re-wrap every data key under the current ENCRYPTION_KEY (after setting
                                  ENCRYPTION_KEY_PREVIOUS to the old one on every process)
  kyc keys reseal [--batch N]     seal data from before per-contact keys under its owner's key
  kyc retention sweep             delete the records whose retention period has ended
`;

/**
 * `kyc keys ...` and `kyc retention sweep` (ADR 75, 76). Long runs go a batch per call, through the running
 * service when it holds the embedded database (ADR 4), printing progress on stderr and the totals on stdout.
 */
export async function run(command: string, argv: string[], { runOperation }: CliContext): Promise<number> {
  const { positionals, values } = parse(argv, { batch: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  const action = positionals[0];
  const batch = Number(values.batch ?? 0) || undefined;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (command === 'retention' && action === 'sweep') {
    printJson(await runOperation('retention.sweep', {}));
    return 0;
  }
  if (command !== 'keys') {
    process.stdout.write(USAGE);
    return 2;
  }
  if (action === 'status') {
    printJson(await runOperation('keys.status', {}));
    return 0;
  }
  if (action === 'rotate') {
    const started = Date.now();
    let total = 0;
    for (;;) {
      const step = (await runOperation('keys.rotate', { batch })) as { rewrapped: number; remaining: number };
      total += step.rewrapped;
      process.stderr.write(`re-wrapped ${total}, ${step.remaining} left\n`);
      if (step.remaining === 0 || step.rewrapped === 0) {
        printJson({ rewrapped: total, remaining: step.remaining, seconds: (Date.now() - started) / 1000 });
        return step.remaining === 0 ? 0 : 1;
      }
    }
  }
  if (action === 'reseal') {
    const totals: Record<string, number> = {};
    let filesAfter: string | undefined;
    let files = 0;
    for (;;) {
      const step = (await runOperation('keys.reseal', { batch, files_after: filesAfter })) as {
        resealed: Record<string, number>; files_resealed: number; files_after: string | null; done: boolean;
      };
      for (const [k, n] of Object.entries(step.resealed)) totals[k] = (totals[k] ?? 0) + n;
      files += step.files_resealed;
      filesAfter = step.files_after ?? filesAfter;
      process.stderr.write(`re-sealed ${Object.values(totals).reduce((a, b) => a + b, 0)} values, ${files} files\n`);
      if (step.done) {
        printJson({ resealed: totals, files_resealed: files });
        return 0;
      }
    }
  }
  process.stdout.write(USAGE);
  return 2;
}
