import { useState } from 'react';
import { Problem, useLoad } from './App.tsx';
import { post } from './api.ts';
import { onLink } from './router.ts';

/** The company check (issue 24) as GET /clients/{clientId}/accounts/{accountId}/reports/company answers it. */
interface Person {
  id: string; kind: 'OFFICER' | 'PSC'; role: string; name: string; individual: boolean; month_of_birth: number | null; year_of_birth: number | null;
  nationality: string | null; appointed_on: string | null; natures_of_control: string[]; company_number: string; depth: number; contact_id: string | null;
  screening: { potential_matches: number; lists: string[] } | null;
}
interface CompanyReport {
  status: string;
  data: {
    company_number: string; source: string | null; decision: 'PASS' | 'REFER' | 'ALERT' | null; reasons: { code: string; severity: string; message: string }[];
    company: {
      name: string; number: string; status: string | null; status_detail: string | null; type: string | null; incorporated_on: string | null; ceased_on: string | null;
      registered_office: Record<string, string> | null; sic_codes: string[]; accounts_overdue: boolean; confirmation_statement_overdue: boolean;
      accounts_next_due: string | null; confirmation_statement_next_due: string | null;
    } | null;
    name_match: { result: string; account: string; registered: string } | null;
    officers_available: boolean; officers: Person[]; pscs: Person[];
    discrepancies: { code: string; contact_id: string | null; person_id: string | null; reason: string }[];
    changes: { at: string; changes: { code: string; person_id?: string; from?: string; to?: string }[] }[];
    refreshed_at: string | null; error: string | null;
  };
}

const badge = (decision: string | null) => (decision === 'PASS' ? 'badge good' : decision === 'ALERT' ? 'badge bad' : 'badge warn');
const born = (p: Person) => (p.year_of_birth ? `${String(p.month_of_birth ?? '').padStart(2, '0')}/${p.year_of_birth}` : '—');
const control = (natures: string[]) => natures.map((n) => n.replace(/-/g, ' ')).join('; ');
const office = (a: Record<string, string> | null) => (a ? [a.care_of, a.po_box, a.premises, a.address_line_1, a.address_line_2, a.locality, a.region, a.postal_code, a.country].filter(Boolean).join(', ') : '—');

function People({ caption, people, names, accountId }: { caption: string; people: Person[]; names: Map<string, string>; accountId: string }) {
  if (people.length === 0) return <p>{caption}: none on the register.</p>;
  return (
    <table>
      <caption>{caption}</caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Control</th><th scope="col">Born</th><th scope="col">Since</th><th scope="col">Screening</th><th scope="col">Contact</th></tr></thead>
      <tbody>
        {people.map((p) => (
          <tr key={p.id}>
            <td>{p.name}{p.depth > 0 ? <small> (through {p.company_number})</small> : null}</td>
            <td>{p.role}{p.individual ? '' : ' (corporate)'}</td>
            <td>{control(p.natures_of_control) || '—'}</td>
            <td>{born(p)}</td>
            <td>{p.appointed_on ?? '—'}</td>
            <td>{p.screening === null ? '—' : p.screening.potential_matches ? <span className="badge warn">{p.screening.potential_matches} potential match</span> : 'no match'}</td>
            <td>{p.contact_id ? <a href={`/console/accounts/${accountId}/contacts/${p.contact_id}`} onClick={onLink}>{names.get(p.contact_id) ?? 'contact'}</a> : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The account page's company section: the check against Companies House, its people, discrepancies and changes. */
export function CompanyCheck({ accountId, contactNames, onContactsAdded }: { accountId: string; contactNames: Map<string, string>; onContactsAdded?: () => void }) {
  const { data, error, reload } = useLoad<{ configured: boolean; report: CompanyReport | null }>(`/accounts/${accountId}/company`);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const [actionError, setActionError] = useState<string | undefined>();
  const act = async (what: 'check' | 'contacts') => {
    setBusy(true);
    setActionError(undefined);
    try {
      if (what === 'check') {
        await post(`/accounts/${accountId}/company/check`);
        setMessage('Check requested; it is ready in a few seconds.');
        setTimeout(() => void reload(), 3000);
      } else {
        const r = await post<{ added: unknown[]; already_contacts: unknown[] }>(`/accounts/${accountId}/company/contacts`);
        setMessage(`${r.added.length} added as contacts, ${r.already_contacts.length} already contacts.`);
        onContactsAdded?.();
      }
      await reload();
    } catch (e) {
      setActionError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const report = data?.report;
  const d = report?.data;
  const c = d?.company;
  return (
    <section className="card" aria-labelledby="company-h">
      <h2 id="company-h">Company check (Companies House)</h2>
      <Problem error={error ?? actionError} />
      {message && <p className="ok" role="status">{message}</p>}
      {data && !data.configured && !report && <p>Company checks are not configured (COMPANIES_HOUSE_API_KEY or COMPANIES_HOUSE_BULK_FILES).</p>}
      {data && !report && data.configured && <p>No company check yet.</p>}
      {report && d && (
        <>
          <p>
            Status {report.status}; decision <span className={badge(d.decision)}>{d.decision ?? '—'}</span>
            {d.refreshed_at && <> · checked {new Date(d.refreshed_at).toLocaleString('en-GB')}</>}
            {d.source && <> · source {d.source === 'companies_house_api' ? 'Companies House API' : 'Companies House bulk data'}</>}
          </p>
          {d.reasons.length > 0 && <ul>{d.reasons.map((r) => <li key={r.code}><strong>{r.code}</strong>: {r.message}</li>)}</ul>}
          {c ? (
            <dl className="facts">
              <dt>Registered name</dt><dd>{c.name} {d.name_match && <span className={d.name_match.result === 'MATCH' ? 'badge good' : 'badge warn'}>{d.name_match.result === 'MATCH' ? 'matches the account' : d.name_match.result === 'FORM_DIFFERS' ? 'legal form differs' : 'does not match the account'}</span>}</dd>
              <dt>Number</dt><dd>{c.number}</dd>
              <dt>Status</dt><dd>{c.status ?? '—'}{c.status_detail ? ` (${c.status_detail})` : ''}{c.ceased_on ? `, ceased ${c.ceased_on}` : ''}</dd>
              <dt>Type</dt><dd>{c.type ?? '—'}</dd>
              <dt>Incorporated</dt><dd>{c.incorporated_on ?? '—'}</dd>
              <dt>Registered office</dt><dd>{office(c.registered_office)}</dd>
              <dt>SIC codes</dt><dd>{c.sic_codes.join(', ') || '—'}</dd>
              <dt>Accounts</dt><dd>next due {c.accounts_next_due ?? '—'} {c.accounts_overdue && <span className="badge bad">overdue</span>}</dd>
              <dt>Confirmation statement</dt><dd>next due {c.confirmation_statement_next_due ?? '—'} {c.confirmation_statement_overdue && <span className="badge bad">overdue</span>}</dd>
            </dl>
          ) : <p>{report.status === 'READY' ? `No company ${d.company_number} on the register.` : d.error ?? 'Checking…'}</p>}
          {d.officers_available ? <People caption="Officers" people={d.officers} names={contactNames} accountId={accountId} /> : <p>Officers: not in the bulk data (configure the API to see them).</p>}
          <People caption="Persons with significant control" people={d.pscs} names={contactNames} accountId={accountId} />
          <h3>Discrepancies</h3>
          {d.discrepancies.length === 0 ? <p>None: the contacts given agree with the register.</p> : (
            <ul>{d.discrepancies.map((x, i) => <li key={i}><strong>{x.code}</strong>: {x.reason}{x.contact_id ? ` (contact ${contactNames.get(x.contact_id) ?? x.contact_id})` : ''}{x.person_id ? ` (${[...d.officers, ...d.pscs].find((p) => p.id === x.person_id)?.name ?? x.person_id})` : ''}</li>)}</ul>
          )}
          {d.changes.length > 0 && (
            <>
              <h3>Changes seen by monitoring</h3>
              <ul>{d.changes.map((ch) => <li key={ch.at}>{new Date(ch.at).toLocaleString('en-GB')}: {ch.changes.map((x) => x.code).join(', ')}</li>)}</ul>
            </>
          )}
        </>
      )}
      {data && (data.configured || report) && (
        <p>
          <button type="button" disabled={busy} onClick={() => void act('check')}>{report ? 'Check again' : 'Check the company'}</button>{' '}
          {report?.status === 'READY' && <button type="button" disabled={busy} onClick={() => void act('contacts')}>Add officers and PSCs as contacts</button>}
        </p>
      )}
    </section>
  );
}
