import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Every module's CLI file exports `run(command, argv)` and returns the exit code. */
export interface CliModule {
  run(command: string, argv: string[]): Promise<number>;
}

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
}

export function printJson(value: unknown, pretty = true): void {
  process.stdout.write(JSON.stringify(value, null, pretty ? 2 : undefined) + '\n');
}

/** A usage error: printed without a stack, exit code 2. */
export class UsageError extends Error {}

/** Options every command takes, read by main.ts before the command's own parser sees the rest. */
export const globalOptions = {
  /** `--init`: the command may create a new embedded database (otherwise only `npm start` or an explicit DATA_DIR does). */
  init: false,
};
