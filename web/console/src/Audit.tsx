import { useState } from 'react';
import { Problem, useLoad } from './App.tsx';
import { get, type User } from './api.ts';
import { Actor, formatDateTime } from './format.tsx';

interface Entry { seq: number; at: string; actor: string; action: string; subject: string | null; details: Record<string, unknown>; hash: string }

/** The client's audit trail, page by page in sequence order, with the export (administrators) and the chain check. */
export function AuditPage({ user }: { user: User }) {
  const [after, setAfter] = useState(0);
  const [filter, setFilter] = useState({ actor: '', action: '' });
  const query = new URLSearchParams({ after: String(after), limit: '100', ...(filter.actor ? { actor: filter.actor } : {}), ...(filter.action ? { action: filter.action } : {}) });
  const { data, error } = useLoad<{ data: Entry[]; next_after: number | null }>(`/audit?${query}`, [after, filter.actor, filter.action]);
  const [verified, setVerified] = useState<string>();
  const admin = user.permissions.includes('settings');
  return (
    <>
      <h1>Audit trail</h1>
      <form className="filters" onSubmit={(e) => { e.preventDefault(); const f = new FormData(e.currentTarget); setAfter(0); setFilter({ actor: String(f.get('actor') ?? ''), action: String(f.get('action') ?? '') }); }}>
        <label htmlFor="actor">Actor</label><input id="actor" name="actor" placeholder="user:usr_… or api:kci_…" />
        <label htmlFor="action">Action starts with</label><input id="action" name="action" placeholder="aml.review" />
        <button type="submit">Filter</button>
      </form>
      {admin && (
        <p className="actions">
          <a className="button" href="/console/api/audit/export" download>Export (JSON lines)</a>
          <button type="button" onClick={() => void get<{ ok: boolean; entries: number; problems: number; first_problem_seq: number | null }>('/audit/verify').then((r) => setVerified(r.ok ? `The chain is intact: ${r.entries} entries verified.` : `The chain is BROKEN: ${r.problems} problem(s), first at entry ${r.first_problem_seq}.`))}>Verify the chain</button>
        </p>
      )}
      {verified && <p role="status" className={verified.includes('BROKEN') ? 'error' : 'ok'} data-testid="verify-result">{verified}</p>}
      <Problem error={error} />
      {data && (
        <>
          <table className="audit">
            <caption>Entries after #{after}</caption>
            <thead><tr><th scope="col">#</th><th scope="col">When</th><th scope="col">Actor</th><th scope="col">Action</th><th scope="col">Subject</th><th scope="col">Details</th></tr></thead>
            <tbody>
              {data.data.map((e) => (
                <tr key={e.seq}><td>{e.seq}</td><td>{formatDateTime(e.at)}</td><td><Actor id={e.actor} /></td><td>{e.action}</td><td>{e.subject ?? '—'}</td><td className="details">{Object.entries(e.details).map(([k, v]) => <div key={k}><span className="muted">{k}</span> {typeof v === 'string' ? v : JSON.stringify(v)}</div>)}</td></tr>
              ))}
            </tbody>
          </table>
          <p className="actions">
            {after > 0 && <button type="button" onClick={() => setAfter(0)}>First page</button>}
            {data.next_after !== null && <button type="button" onClick={() => setAfter(data.next_after!)}>Next page</button>}
          </p>
        </>
      )}
    </>
  );
}
