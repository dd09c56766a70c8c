import { Problem, useLoad } from './App.tsx';
import type { ReportRef } from './api.ts';
import { onLink } from './router.ts';
import { Badge, formatDateTime, Summary } from './format.tsx';

const reportPath = (r: ReportRef) => `/console/accounts/${r.account_id}/contacts/${r.contact_id}/${r.kind === 'AML' ? 'aml' : 'onboarding'}`;

export function ReportTable({ rows, caption, empty }: { rows: ReportRef[]; caption: string; empty?: string }) {
  if (rows.length === 0) return <p className="empty">{empty ?? 'No report yet.'}</p>;
  return (
    <table>
      <caption>{caption}</caption>
      <thead><tr><th scope="col">Contact</th><th scope="col">Report</th><th scope="col">Status</th><th scope="col">Result</th><th scope="col">Updated</th></tr></thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.kind}-${r.contact_id}`}>
            <td><a href={reportPath(r)} onClick={onLink}>{r.name ?? r.contact_id}</a></td>
            <td>{r.kind === 'AML' ? 'AML' : 'Onboarding'}</td>
            <td>{r.needs_review ? <span className="badge warn">Needs review</span> : <Badge value={r.status} />}</td>
            <td><Summary kind={r.kind} summary={r.summary} /></td>
            <td>{formatDateTime(r.updated_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function Dashboard() {
  const { data, error } = useLoad<{ needs_review: ReportRef[]; recent: ReportRef[]; credit_balance: number }>('/dashboard');
  return (
    <>
      <h1>Dashboard</h1>
      <Problem error={error} />
      {data && (
        <>
          <section aria-labelledby="credits-h" className="card">
            <h2 id="credits-h">Credit balance</h2>
            <p className="figure" data-testid="credit-balance">{data.credit_balance}</p>
          </section>
          <section aria-labelledby="review-h">
            <h2 id="review-h">Waiting for review ({data.needs_review.length})</h2>
            <ReportTable rows={data.needs_review} caption="Reports that need a person" empty="Nothing is waiting for a person. Reports that need a review (REFER or ALERT) appear here as they arrive." />
          </section>
          <section aria-labelledby="recent-h">
            <h2 id="recent-h">Recent results</h2>
            <ReportTable rows={data.recent} caption="The ten most recently updated reports" empty="No report yet. Create an account and request an onboarding or AML check through the API; the results appear here." />
          </section>
        </>
      )}
    </>
  );
}
