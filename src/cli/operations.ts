import type { Services } from '../service.ts';
import { importBulkFile } from '../modules/companies/index.ts';

/**
 * Operations the CLI runs against the database. The same table serves both ways of running them: directly on
 * an opened database, or inside the running service through its admin socket (the embedded database belongs
 * to one process). Arguments and results are plain JSON.
 */
type Operation = (services: Services, args: Record<string, unknown>) => Promise<unknown>;

const str = (args: Record<string, unknown>, name: string): string => {
  const value = args[name];
  if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required`);
  return value;
};

export const OPERATIONS: Record<string, Operation> = {
  'clients.create': async (s, a) => {
    const created = await s.clients.createClient({ name: str(a, 'name'), sandbox: a.sandbox === true });
    const credits = Number(a.credits ?? 0);
    if (credits > 0) await s.credits.add(created.clientId, credits, 'initial credits');
    return { ...created, credits };
  },
  'clients.list': async (s) => s.clients.listClients(),
  'clients.confidence': async (s, a) => s.clients.setIdentityConfidence(str(a, 'client'), str(a, 'level')),
  'credentials.create': async (s, a) => s.clients.createCredential(str(a, 'client'), { name: a.name as string | undefined, scopes: a.scopes as string | undefined }),
  'credentials.list': async (s, a) => s.clients.listCredentials(str(a, 'client')),
  'credentials.revoke': async (s, a) => s.clients.revokeCredential(str(a, 'client'), str(a, 'credential')),
  'credits.add': async (s, a) => s.credits.add(str(a, 'client'), Number(a.amount), typeof a.reason === 'string' ? a.reason : 'added by operator'),
  'credits.show': async (s, a) => s.credits.history(str(a, 'client'), {}),
  'users.create': async (s, a) => {
    const created = await s.staff.createUser(str(a, 'client'), { email: str(a, 'email'), role: str(a, 'role'), name: a.name as string | undefined, password: a.password as string | undefined });
    await s.audit.flush(); // the command closes the database next
    return created;
  },
  'users.list': async (s, a) => s.staff.listUsers(str(a, 'client')),
  'partners.create': async (s, a) => {
    const p = await s.partners.create({ name: str(a, 'name'), clientIds: Array.isArray(a.client) ? (a.client as string[]) : undefined });
    return { partner_id: p.partner_id, api_key: p.api_key, name: p.name, client_ids: p.client_ids };
  },
  'partners.list': async (s) => s.partners.list(),
  'partners.revoke': async (s, a) => s.partners.revoke(str(a, 'partner')),
  'companies.import': async (s, a) => {
    const out = [];
    for (const file of (a.files as string[]) ?? []) out.push(await importBulkFile(s.db, file, { force: a.force === true }));
    return out;
  },
  'companies.refresh': async (s) => s.companies.refreshDue({ olderThanMs: 0, limit: 10_000 }),
  'audit.verify': async (s) => s.audit.verify(),
  'keys.status': async (s) => ({ ...(await s.dataKeys.status()), legacy_sealed_values: await s.privacy.reseal.legacyCounts() }),
  'keys.rotate': async (s, a) => s.dataKeys.rotateBatch(Number(a.batch ?? 1000)),
  'keys.reseal': async (s, a) => s.privacy.reseal.batch({ limit: Number(a.batch ?? 500), filesAfter: typeof a.files_after === 'string' ? a.files_after : undefined }),
  'retention.sweep': async (s) => {
    const result = await s.privacy.retention.sweep();
    await s.audit.flush();
    return result;
  },
  'audit.export': async (s, a) => {
    const out = [];
    for (let after = 0; ; ) {
      const page = await s.audit.list(str(a, 'client'), { afterSeq: after, limit: 1000 });
      if (page.length === 0) return out;
      out.push(...page);
      after = page[page.length - 1]!.seq;
    }
  },
};
