import { Type } from '@sinclair/typebox';
import type { Db, Sql } from '../../platform/db/db.ts';
import { one } from '../../platform/db/db.ts';
import { newId } from '../../platform/crypto/ids.ts';
import type { App } from '../../platform/http/app.ts';
import { CursorQuery, errorResponses } from '../../platform/http/schemas.ts';
import { decodeCursor, encodeCursor } from '../../platform/http/pagination.ts';
import { clientReads } from '../auth/index.ts';

/** What a report trigger costs, in credits (docs/credits.md). */
export const PRICES = { AML: 1, ONBOARDING: 1 } as const;

export type SpendOutcome = { spent: true; balance: number } | { spent: false; reason: 'insufficient'; balance: number } | { spent: false; reason: 'already'; balance: number };

/**
 * Credit balances and their ledger. `spend` runs inside the caller's transaction (the report trigger), so the
 * spend and the report row commit together; its reference makes it idempotent.
 */
export function createCreditsService(deps: { db: Db }) {
  const { db } = deps;

  async function lockBalance(tx: Sql, clientId: string): Promise<number> {
    await tx.query('INSERT INTO credit_balances (client_id) VALUES ($1) ON CONFLICT (client_id) DO NOTHING', [clientId]);
    return (await one<{ balance: number }>(tx, 'SELECT balance FROM credit_balances WHERE client_id = $1 FOR UPDATE', [clientId]))!.balance;
  }

  return {
    async spend(tx: Sql, clientId: string, amount: number, reason: string, reference: string): Promise<SpendOutcome> {
      const balance = await lockBalance(tx, clientId);
      const previous = await one(tx, 'SELECT 1 FROM credit_ledger WHERE client_id = $1 AND reference = $2', [clientId, reference]);
      if (previous) return { spent: false, reason: 'already', balance };
      if (balance < amount) return { spent: false, reason: 'insufficient', balance };
      await tx.query('UPDATE credit_balances SET balance = balance - $2 WHERE client_id = $1', [clientId, amount]);
      await tx.query('INSERT INTO credit_ledger (client_id, amount, reason, reference, balance_after) VALUES ($1, $2, $3, $4, $5)', [
        clientId, -amount, reason, reference, balance - amount,
      ]);
      return { spent: true, balance: balance - amount };
    },

    async add(clientId: string, amount: number, reason: string): Promise<{ client_id: string; balance: number }> {
      if (!Number.isInteger(amount) || amount <= 0 || amount > 10_000_000) throw new Error('the amount must be a whole number from 1 to 10,000,000');
      return db.tx(async (tx) => {
        if (!(await clientReads.exists(tx, clientId))) throw new Error(`no client ${clientId}`);
        const balance = (await lockBalance(tx, clientId)) + amount;
        await tx.query('UPDATE credit_balances SET balance = $2 WHERE client_id = $1', [clientId, balance]);
        await tx.query('INSERT INTO credit_ledger (client_id, amount, reason, reference, balance_after) VALUES ($1, $2, $3, $4, $5)', [
          clientId, amount, reason, newId('top'), balance,
        ]);
        return { client_id: clientId, balance };
      });
    },

    async balance(clientId: string): Promise<number> {
      return (await one<{ balance: number }>(db, 'SELECT balance FROM credit_balances WHERE client_id = $1', [clientId]))?.balance ?? 0;
    },

    async history(clientId: string, query: { limit?: number; cursor?: string }) {
      const limit = query.limit ?? 50;
      const rows = await db.query<{ seq: number; amount: number; reason: string; reference: string; balance_after: number; created_at: Date }>(
        'SELECT * FROM credit_ledger WHERE client_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [clientId, decodeCursor(query.cursor), limit + 1],
      );
      const more = rows.length > limit;
      const page = more ? rows.slice(0, limit) : rows;
      return {
        balance: await this.balance(clientId),
        prices: PRICES,
        data: page.map((r) => ({ amount: r.amount, reason: r.reason, reference: r.reference, balance_after: r.balance_after, created_at: r.created_at.toISOString() })),
        next_cursor: more ? encodeCursor(page[page.length - 1]!.seq) : null,
      };
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;

export function registerCreditRoutes(app: App, deps: { credits: CreditsService }) {
  app.get('/clients/:clientId/credits', {
    config: { scope: 'credits:read' },
    schema: {
      tags: ['credits'], summary: 'Credit balance, prices and history (newest last)',
      params: Type.Object({ clientId: Type.String({ maxLength: 64 }) }), querystring: CursorQuery,
      response: {
        200: Type.Object({
          balance: Type.Integer(),
          prices: Type.Object({ AML: Type.Integer(), ONBOARDING: Type.Integer() }),
          data: Type.Array(Type.Object({ amount: Type.Integer(), reason: Type.String(), reference: Type.String(), balance_after: Type.Integer(), created_at: Type.String() })),
          next_cursor: Type.Union([Type.String(), Type.Null()]),
        }),
        ...errorResponses(),
      },
    },
  }, async (request) => deps.credits.history(request.params.clientId, request.query));
}
