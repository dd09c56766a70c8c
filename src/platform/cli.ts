import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * What a command is given by the CLI entry point (src/cli/main.ts): running an operation against the database
 * (src/cli/operations.ts) wherever it is. Commands never import the composition root themselves.
 */
export interface CliContext {
  runOperation(op: string, args: Record<string, unknown>): Promise<unknown>;
}

/** Every module's CLI file exports `run(command, argv, context)` and returns the exit code. */
export interface CliModule {
  run(command: string, argv: string[], context: CliContext): Promise<number>;
}

export function parse<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
}

export function printJson(value: unknown, pretty = true): void {
  process.stdout.write(JSON.stringify(value, null, pretty ? 2 : undefined) + '\n');
}

/** A usage error: printed without a stack, exit code 2. */
export class UsageError extends Error {}

/** Options every command takes, read by src/cli/main.ts before the command's own parser sees the rest. */
export const globalOptions = {
  /** `--init`: the command may create a new embedded database (otherwise only `npm start` or an explicit DATA_DIR does). */
  init: false,
};
