import { Problem, useLoad } from './App.tsx';
import { fullName, type AmlReport, type Contact } from './api.ts';
import { onLink } from './router.ts';
import { Actor, Badge, formatDate } from './format.tsx';

type Onboarding = { status: string; data: Record<string, unknown>; review?: Record<string, unknown> } | null;

export function ContactFacts({ contact }: { contact: Contact }) {
  const a = contact.primary_address;
  return (
    <dl className="facts">
      <dt>Name</dt><dd>{fullName(contact)}</dd>
      <dt>Date of birth</dt><dd>{formatDate(contact.date_of_birth)}</dd>
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
                  <p className="badges"><Badge value={data.reports.aml.status} label="Status" /> <Badge value={data.reports.aml.data.decision} label="Identity" /> <Badge value={data.reports.aml.data.pep_matches} label="PEP" /> <Badge value={data.reports.aml.data.sanctions_matches} label="Sanctions" /></p>
                  <p>Review: {data.reports.aml.review.empty ? 'none yet' : <><Badge value={data.reports.aml.review.decision ?? null} /> by <Actor id={data.reports.aml.review.reviewed_by} /></>}</p>
                  <a href={`${base}/aml`} onClick={onLink}>Open the AML report</a>
                </>
              ) : <p className="empty">No AML report yet. Request one through the API (PUT …/reports/aml, endpoint 7); it appears here when ready.</p>}
            </section>
            <section className="card" aria-labelledby="onb-h">
              <h2 id="onb-h">Onboarding report</h2>
              {data.reports.onboarding ? (
                <>
                  <p><Badge value={data.reports.onboarding.status} label="Status" /></p>
                  <a href={`${base}/onboarding`} onClick={onLink}>Open the onboarding report</a>
                </>
              ) : <p className="empty">No onboarding report yet. Request one through the API (PUT …/reports/onboarding, endpoint 5) to send the contact a verification link.</p>}
            </section>
          </div>
        </>
      )}
    </>
  );
}
