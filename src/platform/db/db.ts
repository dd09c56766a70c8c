/**
 * The one database interface the modules see. Two engines stand behind it: PGlite (PostgreSQL compiled
 * to WASM, in process, the embedded default) and a PostgreSQL server through `pg`. Modules write plain
 * PostgreSQL SQL with `$n` parameters; the same SQL and migrations run on both.
 */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Db extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /** Several statements without parameters; the rows of the last one (for libraries that send scripts). */
  script<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /** Runs `fn` in one transaction; every statement inside must go through the `tx` it is given. */
  tx<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** First row or undefined: for lookups by key. */
export async function one<T>(sql: Sql, text: string, params?: unknown[]): Promise<T | undefined> {
  const rows = await sql.query<T>(text, params);
  return rows[0];
}

/** bytea arrives as Buffer from `pg` and as Uint8Array from PGlite. */
export function toBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError('expected bytea');
}
