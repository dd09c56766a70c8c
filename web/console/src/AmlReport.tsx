import { useState, type FormEvent } from 'react';
import { Problem, useLoad } from './App.tsx';
import { post, fullName, type AmlReport, type Contact, type Entity, type Match, type PepAssessment, type User } from './api.ts';
import { ContactFacts } from './Contact.tsx';
import { onLink } from './router.ts';
import { Gpg45Card } from './Gpg45Card.tsx';
import { Actor, Badge, formatDate, formatDateTime, listName, plural, ReasonList } from './format.tsx';
import { reasonSentence } from './reasons.ts';

type Pending = { proposal_id: string; proposal_revision: number; proposed_by: string; proposed_at: string; proposal: { decision: string; notes?: string; matches?: { entity_id: string; status: string }[] } };
type Page = { contact: Contact; report: AmlReport; entities: Record<string, Entity | null>; can_review: boolean; pending_review: Pending | null; me: string };

/** Yes or no as a badge: green when it confirms, red when `bad` (a deceased flag). */
const YesNo = ({ value, bad }: { value: boolean; bad?: boolean }) => <span className={`badge ${value === !bad ? 'good' : bad ? 'bad' : 'warn'}`}>{value ? 'Yes' : 'No'}</span>;
const words = (code: string) => code.replace(/_/g, ' ').toLowerCase();

const NAME_SOURCES: Record<NonNullable<Match['screened_name']>['source'], string> = {
  CONTACT: 'their name', LEGAL_NAME: 'legal name given in onboarding', PREVIOUS_NAME: 'previous name given in onboarding', DOCUMENT: 'name read from their identity document',
};
const CHANGES: Record<NonNullable<Match['review_change']>, string> = {
  DISMISSED_MATCH_CHANGED: 'Reopened: the listed entry changed (a name, date or programme) since this match was dismissed.',
  CONFIRMED_MATCH_CHANGED: 'Reopened: the listed entry changed (a name, date or programme) since this match was confirmed.',
  CONFIRMED_MATCH_DELISTED: 'Delisted: this confirmed match is no longer on the lists. Say whether it still stands.',
};

/** The match's review: who decided, when and why; carried over from an earlier result when it predates this one. */
function MatchReview({ match, requestedAt }: { match: Match; requestedAt: string }) {
  const r = match.review;
  const carried = r && match.review_status !== 'PENDING' && Date.parse(r.reviewed_at) < Date.parse(requestedAt);
  return (
    <div className="match-review" data-testid="match-review">
      <p>Review status: <Badge value={match.review_status} />{carried && ' (carried over from an earlier review: the listed entry is unchanged)'}</p>
      {match.review_change && <p className="warning" role="note">{CHANGES[match.review_change]}</p>}
      {r && (
        <p>{match.review_change ? 'Earlier decision' : 'Decision'}: {words(r.status)} by <Actor id={r.reviewed_by} /> on {formatDateTime(r.reviewed_at)}. Why: {r.notes || '—'}</p>
      )}
    </div>
  );
}

/** One potential match: the contact and the listed entity side by side, with the score and the matcher's reasons. */
function MatchCard({ match, entity, contact, index, requestedAt }: { match: Match; entity: Entity | null; contact: Contact; index: number; requestedAt: string }) {
  const a = contact.primary_address;
  return (
    <article className="match card" aria-labelledby={`match-${index}`}>
      <h3 id={`match-${index}`}>{match.kind === 'SANCTIONS' ? 'Sanctions' : match.kind} potential match: {match.listed_name} <span className="score">score {match.score.toFixed(3)}</span></h3>
      <MatchReview match={match} requestedAt={requestedAt} />
      {match.pep && <PepFacts pep={match.pep} />}
      <div className="two">
        <section aria-label="The contact">
          <h4>Contact</h4>
          <dl className="facts">
            <dt>Name</dt><dd>{fullName(contact)}</dd>
            {match.screened_name && <><dt>Screened name</dt><dd>{match.screened_name.name} ({NAME_SOURCES[match.screened_name.source]})</dd></>}
            <dt>Matched as</dt><dd>{match.matched_name}</dd>
            <dt>Date of birth</dt><dd>{formatDate(contact.date_of_birth)}</dd>
            <dt>Country</dt><dd>{a.country_code || '—'}</dd>
          </dl>
        </section>
        <section aria-label="The listed entity">
          <h4>Listed entity <span className="muted">({listName(match.list)})</span></h4>
          {entity ? (
            <dl className="facts">
              <dt>Names</dt><dd><ul>{entity.names.slice(0, 12).map((n, i) => <li key={i}>{String(n.full ?? n.name)}{n.quality && n.quality !== 'primary' ? ` (${String(n.quality)} alias)` : ''}</li>)}</ul></dd>
              <dt>Dates of birth</dt><dd>{entity.birthDates.map(formatDate).join(', ') || '—'}</dd>
              <dt>Nationalities</dt><dd>{[...new Set([...entity.nationalities, ...entity.citizenships])].join(', ') || '—'}</dd>
              <dt>Countries</dt><dd>{entity.countries.join(', ') || '—'}</dd>
              <dt>Programs</dt><dd>{entity.programs.join(', ') || '—'}</dd>
              <dt>Topics</dt><dd>{entity.topics.join(', ') || '—'}</dd>
              <dt>List entry</dt><dd>{entity.sourceUrl || match.source_url ? <a href={entity.sourceUrl ?? match.source_url!} target="_blank" rel="noreferrer noopener">{match.source_id}</a> : match.source_id}</dd>
            </dl>
          ) : <p>The entry {match.entity_id} is not in the lists loaded now (it may have been removed since the check).</p>}
        </section>
      </div>
      <h4>Why it matched</h4>
      <ReasonList codes={match.reasons} empty="The matcher gave no reason." />
    </article>
  );
}

/** Why a PEP match is one: the position, or the relation to the PEP (MLR 2017 regulation 35), and whether it is former. */
function PepFacts({ pep }: { pep: PepAssessment }) {
  const role = pep.role === 'rca' ? (pep.relation?.kind === 'associate' ? 'Close associate of a PEP' : 'Relative of a PEP') : 'PEP';
  return (
    <p className="pep" data-testid="pep">
      <span className={`badge ${pep.status === 'former' ? 'good' : 'warn'}`}>{role}{pep.category ? `, ${pep.category.replace(/_/g, ' ')}` : ''}{pep.status === 'former' ? ', former' : ''}</span>{' '}
      {pep.explanation}
      {pep.minimum_measures_until && <> (enhanced measures at least until {formatDate(pep.minimum_measures_until)}, then a risk-based decision)</>}
    </p>
  );
}

function ReviewForm({ page, accountId, contactId, done }: { page: Page; accountId: string; contactId: string; done: (pending: boolean) => void }) {
  const { report } = page;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const matches = report.data.matches.map((m, i) => {
      const why = String(form.get(`match-notes-${i}`) ?? '').trim();
      return { entity_id: m.entity_id, status: String(form.get(`match-${i}`)) as 'MATCH_DISMISSED' | 'MATCH_CONFIRMED', ...(why ? { notes: why } : {}) };
    });
    if (matches.some((m) => m.status !== 'MATCH_DISMISSED' && m.status !== 'MATCH_CONFIRMED')) return setError('Dismiss or confirm every potential match');
    // The kind-level answers follow from the per-match ones: any confirmed match of a kind confirms that kind.
    const kind = (k: 'PEP' | 'SANCTIONS', potential: string | null) => {
      if (potential !== 'Potential Match') return 'NO_MATCH';
      return matches.some((m, i) => m.status === 'MATCH_CONFIRMED' && report.data.matches[i]!.kind === k) ? 'MATCH_CONFIRMED' : 'MATCH_DISMISSED';
    };
    setBusy(true);
    try {
      const r = await post<{ pending_approval: boolean }>(`/accounts/${accountId}/contacts/${contactId}/aml/review`, {
        decision: form.get('decision'), notes: String(form.get('notes') ?? ''), matches,
        pep_matches: kind('PEP', report.data.pep_matches), sanctions_matches: kind('SANCTIONS', report.data.sanctions_matches),
      });
      // Saved: the form starts empty again, so the next review is not the last one's choices by mistake.
      element.reset();
      setError(undefined);
      done(r.pending_approval);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="card review" onSubmit={(e) => void submit(e)} aria-labelledby="review-h">
      <h2 id="review-h">Record the review</h2>
      {report.data.matches.map((m, i) => (
        <fieldset key={m.entity_id}>
          <legend>{m.kind === 'SANCTIONS' ? 'Sanctions' : m.kind} match {i + 1}: {m.listed_name} ({listName(m.list)})</legend>
          <label><input type="radio" name={`match-${i}`} value="MATCH_DISMISSED" required defaultChecked={m.review_status === 'MATCH_DISMISSED'} /> Dismiss: not this person</label>
          <label><input type="radio" name={`match-${i}`} value="MATCH_CONFIRMED" defaultChecked={m.review_status === 'MATCH_CONFIRMED'} /> Confirm: this is the person</label>
          <label htmlFor={`match-notes-${i}`}>Why, for this match alone (optional)</label>
          <input id={`match-notes-${i}`} name={`match-notes-${i}`} maxLength={2000} />
        </fieldset>
      ))}
      <fieldset>
        <legend>Decision</legend>
        <label><input type="radio" name="decision" value="PASS" required /> PASS</label>
        <label><input type="radio" name="decision" value="FAIL" /> FAIL</label>
      </fieldset>
      <label htmlFor="notes">Notes</label>
      <textarea id="notes" name="notes" rows={4} maxLength={5000} />
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy}>Save review</button>
    </form>
  );
}

/** The page every AML report_link opens: why it needs a person, source by source, match by match, and the review. */
export function AmlReportPage({ accountId, contactId }: { accountId: string; contactId: string; user: User }) {
  const { data, error, reload } = useLoad<Page>(`/accounts/${accountId}/contacts/${contactId}/aml`);
  const [saved, setSaved] = useState<'recorded' | 'proposed' | 'rejected'>();
  const [error2, setError2] = useState<string>();
  const r = data?.report;
  const decide = async (verb: 'approve' | 'reject', pending: Pending) => {
    try {
      // The answer names the proposal and the revision shown: if it changed since, the server refuses (409).
      await post(`/accounts/${accountId}/contacts/${contactId}/aml/review/${verb}`, { proposal_id: pending.proposal_id, proposal_revision: pending.proposal_revision });
      setSaved(verb === 'approve' ? 'recorded' : 'rejected');
      await reload();
    } catch (e) {
      setError2((e as Error).message);
      // A changed proposal is refused (409): show the version that is there now.
      await reload();
    }
  };
  return (
    <>
      <p><a href={`/console/accounts/${accountId}/contacts/${contactId}`} onClick={onLink}>← Contact</a></p>
      <Problem error={error} />
      {data && r && (
        <>
          <h1>AML report: {fullName(data.contact)}</h1>
          {saved === 'recorded' && <p className="ok" role="status">Review saved. The caller has been sent REPORT_REVIEW_COMPLETED.</p>}
          {saved === 'proposed' && <p className="ok" role="status">Review proposed. This client requires a second reviewer for ALERT results: another person must approve it.</p>}
          {saved === 'rejected' && <p className="ok" role="status">Proposal rejected. The report waits for a new review.</p>}
          <Problem error={error2} />
          <ContactFacts contact={data.contact} />
          <section className="card" aria-labelledby="sum-h">
            <h2 id="sum-h">Result</h2>
            <dl className="facts">
              <dt>Status</dt><dd><Badge value={r.status} /></dd>
              <dt>Identity</dt><dd><Badge value={r.data.decision} /></dd>
              <dt>PEP</dt><dd>{r.data.pep_matches ? <Badge value={r.data.pep_matches} /> : (r.status === 'READY' ? 'Not screened: no PEP list is loaded' : '—')}</dd>
              <dt>Sanctions</dt><dd>{r.data.sanctions_matches ? <Badge value={r.data.sanctions_matches} /> : (r.status === 'READY' ? 'Not screened: no sanctions list is loaded' : '—')}</dd>
              <dt>Requested</dt><dd>{formatDateTime(r.data.requested_at)}</dd>
              {r.data.expires_at && <><dt>Valid until</dt><dd>{formatDate(r.data.expires_at)}</dd></>}
              {r.data.error && <><dt>Error</dt><dd>{r.data.error}</dd></>}
            </dl>
            <h3>Why it needs a person</h3>
            <ReasonList codes={r.data.reasons} empty="Nothing: every check passed, no review is needed." testId="reasons" />
          </section>
          {r.data.identity?.gpg45 && <Gpg45Card gpg45={r.data.identity.gpg45} {...(r.data.identity.postcode ? { postcode: r.data.identity.postcode } : {})} />}
          {r.data.identity && (
            <section aria-labelledby="id-h">
              <h2 id="id-h">Identity sources</h2>
              <table>
                <caption>Each source: did it confirm name and date of birth, name and address?</caption>
                <thead><tr><th scope="col">Source</th><th scope="col">Kind</th><th scope="col">Name + date of birth</th><th scope="col">Name + address</th><th scope="col">Deceased</th><th scope="col">Activity</th><th scope="col">Reasons</th></tr></thead>
                <tbody>
                  {r.data.identity.sources.map((s) => (
                    <tr key={s.source}><td>{s.source}</td><td>{s.kind}{s.self_declared ? ' (self-declared: corroborates only)' : ''}</td><td><YesNo value={s.name_dob} /></td><td><YesNo value={s.name_address} /></td><td><YesNo value={s.deceased} bad />{s.known_fraud ? ', known fraud' : ''}</td><td>{s.activity_months != null ? plural(s.activity_months, 'month') : '—'}</td><td>{s.reasons.map(reasonSentence).join(' ') || '—'}</td></tr>
                  ))}
                </tbody>
              </table>
              {r.data.identity.sources.length === 0 && (
                <p className="empty">No identity source answered for this contact, so name, date of birth and address are not confirmed. Configure identity registers (<code>EIDV_REGISTERS</code>, see docs/aml.md) and run the check again, or review the identity by hand.</p>
              )}
            </section>
          )}
          <section aria-labelledby="m-h">
            <h2 id="m-h">{plural(r.data.matches.length, 'potential match')}</h2>
            {r.data.matches.length === 0 && <p className="empty">No potential match on the lists screened. Nothing to decide here.</p>}
            {r.data.matches.map((m, i) => <MatchCard key={m.entity_id} match={m} entity={data.entities[m.entity_id] ?? null} contact={data.contact} index={i} requestedAt={r.data.requested_at} />)}
          </section>
          {!r.review.empty && (
            <section className="card" aria-labelledby="rv-h">
              <h2 id="rv-h">Review</h2>
              <dl className="facts">
                <dt>Decision</dt><dd data-testid="review-decision"><Badge value={r.review.decision} /></dd>
                <dt>PEP</dt><dd><Badge value={r.review.pep_matches} /></dd>
                <dt>Sanctions</dt><dd><Badge value={r.review.sanctions_matches} /></dd>
                <dt>By</dt><dd><Actor id={r.review.reviewed_by} /></dd>
                <dt>At</dt><dd>{formatDateTime(r.review.reviewed_at)}</dd>
                <dt>Notes</dt><dd>{r.review.notes || '—'}</dd>
              </dl>
            </section>
          )}
          {data.pending_review && (
            <section className="card" aria-labelledby="pending-h">
              <h2 id="pending-h">Review waiting for a second approval</h2>
              <p>Proposed by <Actor id={data.pending_review.proposed_by} /> on {formatDateTime(data.pending_review.proposed_at)}: <Badge value={data.pending_review.proposal.decision} /></p>
              <p>Notes: {data.pending_review.proposal.notes || '—'}</p>
              {data.pending_review.proposal.matches?.length ? (
                <ul>{data.pending_review.proposal.matches.map((m) => <li key={m.entity_id}>{m.entity_id}: {m.status}</li>)}</ul>
              ) : null}
              <p className="muted">Proposal {data.pending_review.proposal_id}, revision {data.pending_review.proposal_revision}</p>
              {data.can_review && data.pending_review.proposed_by !== data.me ? (
                <p className="actions">
                  <button type="button" onClick={() => void decide('approve', data.pending_review!)}>Approve and record</button>
                  <button type="button" onClick={() => void decide('reject', data.pending_review!)}>Reject the proposal</button>
                </p>
              ) : <p className="muted">Another reviewer must approve it.</p>}
            </section>
          )}
          {data.can_review && r.status === 'READY' && !data.pending_review && (
            <ReviewForm page={data} accountId={accountId} contactId={contactId} done={(pending) => { setSaved(pending ? 'proposed' : 'recorded'); void reload(); }} />
          )}
          {!data.can_review && <p className="muted">Your role can read this report but not review it.</p>}
        </>
      )}
    </>
  );
}
