import { useState, type FormEvent } from 'react';
import { Problem, useLoad } from './App.tsx';
import { fullName, type Contact } from './api.ts';
import { navigate, onLink } from './router.ts';
import { CompanyCheck } from './CompanyCheck.tsx';
import { formatDateTime } from './format.tsx';

interface AccountRow { id: string; name: string; type: string; reg_number: string; contacts_count: number; needs_review: boolean; primary_contact: { id: string; name: string; email: string }; created_at: string }

/** Accounts with search (names, e-mail, city, registration number: decrypted on the server, in memory) and filters. */
export function Accounts() {
  const params = new URLSearchParams(location.search);
  const [query, setQuery] = useState(params.toString());
  const { data, error } = useLoad<{ data: AccountRow[]; total: number }>(`/accounts?${query}`, [query]);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['q', 'type', 'needs_review']) {
      const v = String(form.get(key) ?? '');
      if (v) next.set(key, v);
    }
    history.replaceState(null, '', `/console/accounts?${next}`);
    setQuery(next.toString());
  }
  return (
    <>
      <h1>Accounts</h1>
      <form className="filters" role="search" onSubmit={submit}>
        <label htmlFor="q">Search</label>
        <input id="q" name="q" type="search" defaultValue={params.get('q') ?? ''} placeholder="Name, e-mail, city, registration number" />
        <label htmlFor="type">Type</label>
        <select id="type" name="type" defaultValue={params.get('type') ?? ''}>
          <option value="">Any</option><option value="INDIVIDUAL">Individual</option><option value="COMPANY">Company</option>
        </select>
        <label htmlFor="needs_review">Review</label>
        <select id="needs_review" name="needs_review" defaultValue={params.get('needs_review') ?? ''}>
          <option value="">Any</option><option value="true">Needs review</option><option value="false">No review waiting</option>
        </select>
        <button type="submit">Search</button>
      </form>
      <Problem error={error} />
      {data && data.total === 0 && <p className="empty">0 accounts match. Clear the search, or create accounts through the API (POST /clients/&#123;id&#125;/accounts).</p>}
      {data && data.total > 0 && (
        <table>
          <caption>{data.total} account{data.total === 1 ? '' : 's'}{data.total > data.data.length ? `, first ${data.data.length} shown` : ''}</caption>
          <thead><tr><th scope="col">Account</th><th scope="col">Type</th><th scope="col">Primary contact</th><th scope="col">Contacts</th><th scope="col">Review</th></tr></thead>
          <tbody>
            {data.data.map((a) => (
              <tr key={a.id}>
                <td><a href={`/console/accounts/${a.id}`} onClick={onLink}>{a.name}</a></td>
                <td>{a.type}</td>
                <td>{a.primary_contact.name} <span className="muted">{a.primary_contact.email}</span></td>
                <td>{a.contacts_count}</td>
                <td>{a.needs_review ? <span className="badge warn">Needs review</span> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export function AccountPage({ accountId }: { accountId: string }) {
  const { data, error, reload } = useLoad<{ account: { id: string; name: string; type: string; reg_number: string; created_at: string }; contacts: Contact[]; reports: { kind: string; contact_id: string; status: string; needs_review: boolean }[] }>(`/accounts/${accountId}`);
  return (
    <>
      <p><a href="/console/accounts" onClick={onLink}>← Accounts</a></p>
      <Problem error={error} />
      {data && (
        <>
          <h1>{data.account.name}</h1>
          <dl className="facts">
            <dt>Type</dt><dd>{data.account.type}</dd>
            <dt>Registration number</dt><dd>{data.account.reg_number || '—'}</dd>
            <dt>Created</dt><dd>{formatDateTime(data.account.created_at)}</dd>
          </dl>
          <table>
            <caption>Contacts</caption>
            <thead><tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">E-mail</th><th scope="col">Reports</th></tr></thead>
            <tbody>
              {data.contacts.map((c) => (
                <tr key={c.id}>
                  <td><a href={`/console/accounts/${accountId}/contacts/${c.id}`} onClick={onLink}>{fullName(c)}</a></td>
                  <td>{c.type}</td>
                  <td>{c.email}</td>
                  <td>
                    {data.reports.filter((r) => r.contact_id === c.id).map((r) => (
                      <button key={r.kind} type="button" className="link" onClick={() => navigate(`/console/accounts/${accountId}/contacts/${c.id}/${r.kind === 'AML' ? 'aml' : 'onboarding'}`)}>
                        {r.kind} {r.status}{r.needs_review ? ' (needs review)' : ''}
                      </button>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.account.type === 'COMPANY' && <CompanyCheck accountId={accountId} contactNames={new Map(data.contacts.map((c) => [c.id, fullName(c)]))} onContactsAdded={() => void reload()} />}
        </>
      )}
    </>
  );
}
