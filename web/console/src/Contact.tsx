import { useState, type FormEvent } from 'react';
import { Problem, useLoad } from './App.tsx';
import { fullName, post, type AmlReport, type Contact, type User } from './api.ts';
import { onLink } from './router.ts';

type Onboarding = { status: string; data: Record<string, unknown>; review?: Record<string, unknown> } | null;

export function ContactFacts({ contact }: { contact: Contact }) {
  const a = contact.primary_address;
  return (
    <dl className="facts">
      <dt>Name</dt><dd>{fullName(contact)}</dd>
      <dt>Date of birth</dt><dd>{contact.date_of_birth || '—'}</dd>
      <dt>E-mail</dt><dd>{contact.email || '—'}</dd>
      <dt>Phone</dt><dd>{contact.phone || '—'}</dd>
      <dt>Address</dt><dd>{[a.street, a.postcode, a.city, a.country_code].filter(Boolean).join(', ') || '—'}</dd>
    </dl>
  );
}

/** The contact page: their details and both reports, each linking to its own page. */
export function ContactPage({ accountId, contactId }: { accountId: string; contactId: string }) {
  const { data, error } = useLoad<{ contact: Contact; reports: { aml: AmlReport | null; onboarding: Onboarding } }>(`/accounts/${accountId}/contacts/${contactId}`);
  const base = `/console/accounts/${accountId}/contacts/${contactId}`;
  return (
    <>
      <p><a href={`/console/accounts/${accountId}`} onClick={onLink}>← Account</a></p>
      <Problem error={error} />
      {data && (
        <>
          <h1>{fullName(data.contact)}</h1>
          <ContactFacts contact={data.contact} />
          <div className="two">
            <section className="card" aria-labelledby="aml-h">
              <h2 id="aml-h">AML report</h2>
              {data.reports.aml ? (
                <>
                  <p>Status {data.reports.aml.status}; identity {data.reports.aml.data.decision ?? '—'}; PEP {data.reports.aml.data.pep_matches ?? '—'}; sanctions {data.reports.aml.data.sanctions_matches ?? '—'}</p>
                  <p>Review: {data.reports.aml.review.empty ? 'none yet' : `${data.reports.aml.review.decision} by ${data.reports.aml.review.reviewed_by}`}</p>
                  <a href={`${base}/aml`} onClick={onLink}>Open the AML report</a>
                </>
              ) : <p>No AML report.</p>}
            </section>
            <section className="card" aria-labelledby="onb-h">
              <h2 id="onb-h">Onboarding report</h2>
              {data.reports.onboarding ? (
                <>
                  <p>Status {data.reports.onboarding.status}</p>
                  <a href={`${base}/onboarding`} onClick={onLink}>Open the onboarding report</a>
                </>
              ) : <p>No onboarding report.</p>}
            </section>
          </div>
        </>
      )}
    </>
  );
}

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (Array.isArray(value)) return value.length === 0 ? <>—</> : <ul>{value.map((v, i) => <li key={i}><Value value={v} /></li>)}</ul>;
  if (typeof value === 'object') {
    return <dl className="facts nested">{Object.entries(value as Record<string, unknown>).map(([k, v]) => <div key={k}><dt>{k.replace(/_/g, ' ')}</dt><dd><Value value={v} /></dd></div>)}</dl>;
  }
  return <>{String(value)}</>;
}

interface FileInfo { id: string; slot: string; media_type: string; size_bytes: number }

function OnboardingReview({ accountId, contactId, done }: { accountId: string; contactId: string; done: () => void }) {
  const [error, setError] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    try {
      await post(`/accounts/${accountId}/contacts/${contactId}/onboarding/review`, { decision: f.get('decision'), notes: String(f.get('notes') ?? '') });
      done();
    } catch (e) {
      setError((e as Error).message);
    }
  }
  return (
    <form className="card review" onSubmit={(e) => void submit(e)} aria-labelledby="onb-review-h">
      <h2 id="onb-review-h">Record the review</h2>
      <fieldset>
        <legend>Decision on the verification</legend>
        <label><input type="radio" name="decision" value="PASSED" required /> Accept (PASSED)</label>
        <label><input type="radio" name="decision" value="FAILED" /> Reject (FAILED)</label>
      </fieldset>
      <label htmlFor="onb-notes">Notes</label>
      <textarea id="onb-notes" name="notes" rows={4} maxLength={5000} />
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit">Save review</button>
    </form>
  );
}

/**
 * The onboarding report: extracted data, checks and reasons as the report gives them, and the contact's documents
 * decrypted for viewing only (each view is in the audit trail).
 */
export function OnboardingPage({ accountId, contactId, user }: { accountId: string; contactId: string; user: User }) {
  const { data, error, reload } = useLoad<{ contact: Contact; reports: { onboarding: Onboarding } }>(`/accounts/${accountId}/contacts/${contactId}`);
  const files = useLoad<{ data: FileInfo[] }>(data?.reports.onboarding ? `/accounts/${accountId}/contacts/${contactId}/onboarding/files` : null, [data]);
  const details = useLoad<{ idscan: Record<string, unknown> | null; reasons: string[]; details: Record<string, unknown> }>(data?.reports.onboarding ? `/accounts/${accountId}/contacts/${contactId}/onboarding/details` : null, [data]);
  const [saved, setSaved] = useState(false);
  const report = data?.reports.onboarding;
  const slot = (name: string) => files.data?.data.find((f) => f.slot === name);
  const { document: documentDetails, face_match: faceMatch, liveness, ...otherDetails } = details.data?.details ?? {};
  const fileUrl = (f: FileInfo) => `/console/api/accounts/${accountId}/contacts/${contactId}/onboarding/files/${f.id}`;
  return (
    <>
      <p><a href={`/console/accounts/${accountId}/contacts/${contactId}`} onClick={onLink}>← Contact</a></p>
      <Problem error={error} />
      {data && (
        <>
          <h1>Onboarding report: {fullName(data.contact)}</h1>
          {saved && <p className="ok" role="status">Review saved. The caller has been sent REPORT_REVIEW_COMPLETED.</p>}
          {report ? (
            <>
              <p>Status <strong>{report.status}</strong>; reasons: {((report.data.reasons as string[] | undefined) ?? []).join(', ') || '—'}</p>
              <section className="card" aria-labelledby="onb-files"><h2 id="onb-files">Documents and images</h2>
                {files.data && files.data.data.length === 0 && <p>No files.</p>}
                <div className="files">
                  {files.data?.data.map((f) => (
                    <figure key={f.id}>
                      {f.media_type.startsWith('image/') ? <img src={fileUrl(f)} alt={`Uploaded ${f.slot.replace(/_/g, ' ')}`} /> : <a href={fileUrl(f)} target="_blank" rel="noreferrer">Open {f.slot} (PDF)</a>}
                      <figcaption>{f.slot.replace(/_/g, ' ')}, {Math.round(f.size_bytes / 1024)} KB</figcaption>
                    </figure>
                  ))}
                </div>
              </section>
              {details.data?.idscan && (
                <section className="card" aria-labelledby="onb-doc"><h2 id="onb-doc">Identity document</h2>
                  <Value value={details.data.idscan} />
                  {documentDetails !== undefined && <><h3>Checks (MRZ, dates, quality)</h3><Value value={documentDetails} /></>}
                </section>
              )}
              {faceMatch !== undefined && (
                <section className="card" aria-labelledby="onb-face"><h2 id="onb-face">Face match</h2>
                  <div className="two">
                    {slot('document_front') && <figure><img src={fileUrl(slot('document_front')!)} alt="Face source: the identity document" /><figcaption>Document</figcaption></figure>}
                    {slot('selfie') && <figure><img src={fileUrl(slot('selfie')!)} alt="Face source: the selfie" /><figcaption>Selfie</figcaption></figure>}
                  </div>
                  <Value value={faceMatch} />
                  {liveness !== undefined && <><h3>Liveness</h3><Value value={liveness} /></>}
                </section>
              )}
              {Object.keys(otherDetails).length > 0 && <section className="card" aria-labelledby="onb-other"><h2 id="onb-other">Other checks</h2><Value value={otherDetails} /></section>}
              <section className="card" aria-labelledby="onb-data"><h2 id="onb-data">Report as the API returns it</h2><Value value={report.data} /></section>
              {report.review && !report.review.empty && <section className="card" aria-labelledby="onb-rv"><h2 id="onb-rv">Review</h2><Value value={report.review} /></section>}
              {report.status === 'READY' && user.permissions.includes('review') && <OnboardingReview accountId={accountId} contactId={contactId} done={() => { setSaved(true); void reload(); }} />}
            </>
          ) : <p>No onboarding report for this contact.</p>}
        </>
      )}
    </>
  );
}
