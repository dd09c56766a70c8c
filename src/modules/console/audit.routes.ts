import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app.ts';
import type { AuditService } from '../audit/index.ts';
import type { StaffService } from '../staff/index.ts';
import { actorOf, guard, who } from './session.ts';

const config = { public: true } as const;
const hide = { hide: true };

/** The audit trail page (a client's own entries, newest pages by sequence), its JSON-lines export and the chain check. */
export function registerConsoleAuditRoutes(app: App, deps: { staff: StaffService; publicUrl: string; audit: AuditService }) {
  const read = guard(deps.staff, deps.publicUrl, 'read');
  const admin = guard(deps.staff, deps.publicUrl, 'settings');

  app.get('/console/api/audit', {
    config, preHandler: read,
    schema: { ...hide, querystring: Type.Object({ after: Type.Optional(Type.String({ pattern: '^\\d{1,15}$' })), limit: Type.Optional(Type.String({ pattern: '^\\d{1,3}$' })), actor: Type.Optional(Type.String({ maxLength: 100 })), action: Type.Optional(Type.String({ maxLength: 100 })) }) },
  }, async (request) => {
    await deps.audit.flush();
    const limit = Math.min(Number(request.query.limit ?? 100), 500);
    const { actor, action } = request.query;
    const wanted = (e: { actor: string; action: string }) => (!actor || e.actor === actor) && (!action || e.action.startsWith(action));
    // Filters scan forward page by page (the trail is read in sequence order) until a page of matches or 20 000 entries.
    const data = [];
    let after = Number(request.query.after ?? 0);
    let exhausted = false;
    for (let scanned = 0; data.length < limit && scanned < 20_000; ) {
      const entries = await deps.audit.list(who(request).user.client_id, { afterSeq: after, limit: 500 });
      if (entries.length === 0) {
        exhausted = true;
        break;
      }
      for (const e of entries) {
        after = e.seq;
        if (wanted(e)) data.push(e);
        if (data.length === limit) break;
      }
      scanned += entries.length;
      if (entries.length < 500 && data.length < limit) {
        exhausted = true;
        break;
      }
    }
    return { data, next_after: exhausted ? null : after };
  });

  app.get('/console/api/audit/export', { config, schema: hide, preHandler: admin }, async (request, reply) => {
    const clientId = who(request).user.client_id;
    await deps.audit.flush();
    const lines: string[] = [];
    for (let after = 0; ;) {
      const page = await deps.audit.list(clientId, { afterSeq: after, limit: 1000 });
      if (page.length === 0) break;
      lines.push(...page.map((e) => JSON.stringify(e)));
      after = page[page.length - 1]!.seq;
    }
    deps.audit.record({ client_id: clientId, actor: actorOf(request), action: 'console.audit.export', subject: null, details: { entries: lines.length } });
    return reply
      .header('content-disposition', `attachment; filename="audit-${clientId}.jsonl"`)
      .header('cache-control', 'no-store')
      .type('application/x-ndjson; charset=utf-8')
      .send(lines.join('\n') + (lines.length ? '\n' : ''));
  });

  app.get('/console/api/audit/verify', { config, schema: hide, preHandler: admin }, async () => {
    const result = await deps.audit.verify();
    return { ok: result.ok, entries: result.entries, problems: result.problems.length, first_problem_seq: result.problems[0]?.seq ?? null };
  });
}
