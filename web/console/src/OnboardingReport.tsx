import { useState, type FormEvent } from 'react';
import { Problem, useLoad } from './App.tsx';
import { fullName, post, type Contact, type User } from './api.ts';
import { ContactFacts } from './Contact.tsx';
import { reasonSentence } from './reasons.ts';
import { Actor, Badge, formatDate, formatDateTime, formatScore } from './format.tsx';
import { ChipSection, type ChipDetails } from './ChipSection.tsx';
import { AttackSection, type PassiveLiveness, type PresentationAttack, type SelfieVsLive } from './AttackSection.tsx';
import { LivenessSection, type LiveCapture } from './LivenessSection.tsx';
import { onLink } from './router.ts';

/** The onboarding report as the API returns it (endpoint 6). */
interface Report {
  status: string; revision: string;
  data: {
    personal_details: { street: string; city: string; postcode: string; country: string } | null;
    idscan: Idscan | null; reasons: string[]; refreshed_at: string | null; expires_at: string | null; error: string | null;
  };
  review: { empty: boolean; status?: string; decision?: string; notes?: string; reviewed_by?: string; reviewed_at?: string };
}
interface Idscan {
  document_decision: string; face_match_decision?: string; document_type: string; document_decision_date: string; date_of_birth: string;
  document_given_names: string; document_last_name: string; document_expiry_date: string; passport_number?: string; driving_license_number?: string;
}
interface EngineReason { code: string; severity: string; detail: string }
interface Quality { width: number; height: number; sharpness: number; glare_fraction: number; mean_brightness: number; contrast: number; problems: string[] }
interface Mrz {
  format: string; lines: string[]; valid: boolean;
  check_digits: { field: string; digit: string; expected: string; valid: boolean }[];
  corrections: { line: number; position: number; from: string; to: string; by: string }[];
}
interface Licence {
  surname: string | null; forenames: string | null; birth_date: string | null; issue_date: string | null; expiry_date: string | null;
  licence_number: string | null; licence_number_corrected: boolean;
  dvla: { number: string; structure_valid: boolean; surname_matches: boolean | null; birth_date_matches: boolean | null; initials_match: boolean | null; implied_sex: string | null } | null;
}
interface DocumentDetails { decision: string; document_type: string; reasons: EngineReason[]; quality?: Quality[]; mrz?: Mrz | null; driving_licence?: Licence | null }
interface FaceMatch { faces_a: number; faces_b: number; similarity: number | null; distance: number | null; threshold: number; decision: string; reasons: string[]; face_a?: object | null; face_b?: object | null }
type Liveness = LiveCapture;
interface ProofOfAddress { decision: string; reasons: EngineReason[]; name_found: boolean; address: { postcode_found: boolean; street_found: boolean; city_found: boolean }; issue_date: string | null }
interface ProofOfIdentity { decision: string; document_type: string; reasons: EngineReason[] }
type Details = {
  document?: DocumentDetails; face_match?: FaceMatch; liveness?: Liveness; proof_of_address?: ProofOfAddress; proof_of_identity?: ProofOfIdentity;
  presentation_attack?: PresentationAttack; passive_liveness?: PassiveLiveness | null; selfie_vs_live?: SelfieVsLive; chip?: ChipDetails; [k: string]: unknown;
};
type Pending = { proposal_id: string; proposal_revision: number; proposed_by: string; proposed_at: string; proposal: { decision: string; notes?: string } };
interface DetailsPage { idscan: Idscan | null; reasons: string[]; details: Details; can_review: boolean; pending_review: Pending | null; me: string }
interface FileInfo { id: string; slot: string; media_type: string; size_bytes: number }

const SLOT_NAMES: Record<string, string> = {
  document_front: 'document front', document_back: 'document back', selfie: 'selfie', liveness_1: 'liveness photo 1', liveness_2: 'liveness photo 2',
  liveness_3: 'liveness photo 3', proof_of_address: 'proof of address', proof_of_identity: 'additional identity document', chip: 'chip data',
};
const slotOrder = (slot: string) => { const i = Object.keys(SLOT_NAMES).indexOf(slot); return i < 0 ? 99 : i; };
const slotName = (slot: string) => SLOT_NAMES[slot] ?? slot.replace(/_/g, ' ');
const yesNo = (v: boolean | null | undefined) => (v === null || v === undefined ? 'not compared' : v ? 'Yes' : 'No');
const FIELD_NAMES: Record<string, string> = { document_number: 'Document number', birth_date: 'Date of birth', expiry_date: 'Expiry date', personal_number: 'Personal number / optional data', optional_data: 'Optional data', composite: 'Composite (whole line)' };

function Decision({ value, testId }: { value: string | null | undefined; testId?: string }) {
  if (!value) return <>—</>;
  return <span data-testid={testId}><Badge value={value} /></span>;
}

function Generic({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <>—</>;
  if (Array.isArray(value)) return value.length === 0 ? <>—</> : <ul>{value.map((v, i) => <li key={i}><Generic value={v} /></li>)}</ul>;
  if (typeof value === 'object') {
    return <dl className="facts nested">{Object.entries(value as Record<string, unknown>).map(([k, v]) => <div key={k}><dt>{k.replace(/_/g, ' ')}</dt><dd><Generic value={v} /></dd></div>)}</dl>;
  }
  return <>{String(value)}</>;
}

/** Each reason with its sentence, and the engine's own detail where it gave one. */
function Reasons({ codes, engine }: { codes: string[]; engine: EngineReason[] }) {
  if (codes.length === 0) return <p>No reason: every check passed.</p>;
  const detail = new Map(engine.map((r) => [r.code, r]));
  return (
    <ul className="reason-list" data-testid="reasons">
      {codes.map((code) => (
        <li key={code}>
          {reasonSentence(code)} <code className="code">{code}</code>
          {detail.get(code) && <span className="muted"> ({detail.get(code)!.severity.toLowerCase()}: {detail.get(code)!.detail})</span>}
        </li>
      ))}
    </ul>
  );
}

function QualityTable({ quality, names }: { quality: Quality[]; names: string[] }) {
  return (
    <table>
      <caption>Image quality of each document image (limits: long side at least 250 px, sharpness at least 60, glare at most 2 %, brightness 50–235, contrast at least 20)</caption>
      <thead><tr><th scope="col">Image</th><th scope="col">Size (px)</th><th scope="col">Sharpness</th><th scope="col">Glare</th><th scope="col">Brightness</th><th scope="col">Contrast</th><th scope="col">Problems</th></tr></thead>
      <tbody>
        {quality.map((q, i) => (
          <tr key={i}>
            <th scope="row">{names[i] ?? `image ${i + 1}`}</th>
            <td>{q.width} × {q.height}</td>
            <td>{q.sharpness.toFixed(1)}</td>
            <td>{(q.glare_fraction * 100).toFixed(1)} %</td>
            <td>{q.mean_brightness.toFixed(1)}</td>
            <td>{q.contrast.toFixed(1)}</td>
            <td>{q.problems.length ? q.problems.map((p) => reasonSentence(p)).join(' ') : 'None'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MrzSection({ mrz }: { mrz: Mrz }) {
  return (
    <section className="card" aria-labelledby="onb-mrz">
      <h2 id="onb-mrz">Machine-readable zone ({mrz.format})</h2>
      <pre className="mrz" aria-label="MRZ lines as read" data-testid="mrz-lines">{mrz.lines.join('\n')}</pre>
      <p>All check digits hold: <strong data-testid="mrz-valid">{mrz.valid ? 'Yes' : 'No'}</strong></p>
      <table>
        <caption>Check digits: the digit printed on the document against the digit computed from the characters it protects</caption>
        <thead><tr><th scope="col">Field</th><th scope="col">Printed digit</th><th scope="col">Computed digit</th><th scope="col">Result</th></tr></thead>
        <tbody>
          {mrz.check_digits.map((c) => (
            <tr key={c.field}>
              <th scope="row">{FIELD_NAMES[c.field] ?? c.field.replace(/_/g, ' ')}</th>
              <td className="mono">{c.digit}</td>
              <td className="mono">{c.expected}</td>
              <td>{c.valid ? <span className="badge good">valid</span> : <span className="badge bad">invalid</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {mrz.corrections.length === 0 ? <p>No character was corrected after reading.</p> : (
        <table>
          <caption>Corrections made after reading, each confirmed by a check digit or the list of country codes</caption>
          <thead><tr><th scope="col">Line</th><th scope="col">Position</th><th scope="col">Read as</th><th scope="col">Corrected to</th><th scope="col">Confirmed by</th></tr></thead>
          <tbody>
            {mrz.corrections.map((s, i) => (
              <tr key={i}><td>{s.line + 1}</td><td>{s.position + 1}</td><td className="mono">{s.from}</td><td className="mono">{s.to}</td><td>{s.by === 'check_digit' ? 'check digit' : s.by === 'country_code' ? 'country code list' : 'letter shape (OCR-B)'}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function LicenceSection({ licence }: { licence: Licence }) {
  return (
    <section className="card" aria-labelledby="onb-dl">
      <h2 id="onb-dl">UK driving licence</h2>
      <h3>Printed fields</h3>
      <dl className="facts">
        <dt>1. Surname</dt><dd>{licence.surname ?? '—'}</dd>
        <dt>2. Forenames</dt><dd>{licence.forenames ?? '—'}</dd>
        <dt>3. Date of birth</dt><dd>{formatDate(licence.birth_date)}</dd>
        <dt>4a. Issued</dt><dd>{formatDate(licence.issue_date)}</dd>
        <dt>4b. Expires</dt><dd>{formatDate(licence.expiry_date)}</dd>
        <dt>5. Licence number</dt><dd className="mono">{licence.licence_number ?? '—'}{licence.licence_number_corrected ? ' (look-alike characters corrected)' : ''}</dd>
      </dl>
      {licence.dvla && (
        <table>
          <caption>The licence number checked against the DVLA rules for {licence.dvla.number}</caption>
          <thead><tr><th scope="col">Check</th><th scope="col">Result</th></tr></thead>
          <tbody>
            <tr><th scope="row">Number has the DVLA structure</th><td>{yesNo(licence.dvla.structure_valid)}</td></tr>
            <tr><th scope="row">Surname agrees</th><td>{yesNo(licence.dvla.surname_matches)}</td></tr>
            <tr><th scope="row">Date of birth agrees</th><td>{yesNo(licence.dvla.birth_date_matches)}</td></tr>
            <tr><th scope="row">Initials agree</th><td>{yesNo(licence.dvla.initials_match)}</td></tr>
            <tr><th scope="row">Sex implied by the number</th><td>{licence.dvla.implied_sex ?? '—'}</td></tr>
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * One side of the face pair: the face cut out where the engine found it (the console's face-crops route), so the
 * two faces sit side by side at the same size; the whole image stays one click away. A report made before face
 * locations were kept, or one whose image is gone, shows why there is no crop.
 */
function FaceCrop({ crop, whole, label, count }: { crop?: string; whole?: string; label: string; count: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <figure data-testid="face-crop">
      {crop && !failed ? <img src={crop} alt={`Face used for the match: ${label}`} width={240} height={240} onError={() => setFailed(true)} />
        : <p className="muted">No face crop{count === 0 ? ': no face was found.' : failed ? ': the image is no longer kept.' : ' was kept for this report.'}</p>}
      <figcaption>{label} ({count} face{count === 1 ? '' : 's'} found){whole && <> · <a href={whole} target="_blank" rel="noopener noreferrer">whole image<span className="visually-hidden"> of the {label.toLowerCase()}</span></a></>}</figcaption>
    </figure>
  );
}

function FaceSection({ face, cropUrl, documentImage, selfieImage, selfieCaption }: { face: FaceMatch; cropUrl: (side: 'document' | 'probe') => string; documentImage?: string; selfieImage?: string; selfieCaption: string }) {
  return (
    <section className="card" aria-labelledby="onb-face">
      <h2 id="onb-face">Face match</h2>
      <div className="two faces">
        <FaceCrop crop={face.face_a ? cropUrl('document') : undefined} whole={documentImage} label="Identity document portrait" count={face.faces_a} />
        <FaceCrop crop={face.face_b ? cropUrl('probe') : undefined} whole={selfieImage} label={selfieCaption} count={face.faces_b} />
      </div>
      <dl className="facts">
        <dt>Decision</dt><dd><Decision value={face.decision} testId="face-decision" /></dd>
        <dt>Similarity</dt><dd data-testid="face-score">{face.similarity === null ? 'not computed' : face.similarity.toFixed(3)} (threshold {face.threshold.toFixed(3)}: the same person at or above it)</dd>
        <dt>Distance</dt><dd>{formatScore(face.distance)}</dd>
        <dt>Reasons</dt><dd>{face.reasons.length ? face.reasons.map((r) => reasonSentence(r.startsWith('FACE_') ? r : `FACE_${r}`)).join(' ') : 'None'}</dd>
      </dl>
    </section>
  );
}

function ProofsSection({ address, identity }: { address?: ProofOfAddress; identity?: ProofOfIdentity }) {
  return (
    <section className="card" aria-labelledby="onb-proofs">
      <h2 id="onb-proofs">Proofs</h2>
      {address && (
        <>
          <h3>Proof of address</h3>
          <dl className="facts">
            <dt>Decision</dt><dd><Decision value={address.decision} /></dd>
            <dt>Name found</dt><dd>{yesNo(address.name_found)}</dd>
            <dt>Street found</dt><dd>{yesNo(address.address.street_found)}</dd>
            <dt>Postcode found</dt><dd>{yesNo(address.address.postcode_found)}</dd>
            <dt>Town found</dt><dd>{yesNo(address.address.city_found)}</dd>
            <dt>Issue date</dt><dd>{formatDate(address.issue_date)}</dd>
            <dt>Reasons</dt><dd>{address.reasons.length ? <ul>{address.reasons.map((r) => <li key={r.code}>{reasonSentence(r.code)} <span className="muted">({r.detail})</span></li>)}</ul> : 'None'}</dd>
          </dl>
        </>
      )}
      {identity && (
        <>
          <h3>Additional identity document</h3>
          <dl className="facts">
            <dt>Decision</dt><dd><Decision value={identity.decision} /></dd>
            <dt>Document type</dt><dd>{identity.document_type}</dd>
            <dt>Reasons</dt><dd>{identity.reasons.length ? <ul>{identity.reasons.map((r) => <li key={r.code}>{reasonSentence(r.code)} <span className="muted">({r.detail})</span></li>)}</ul> : 'None'}</dd>
          </dl>
        </>
      )}
    </section>
  );
}

function ReviewForm({ accountId, contactId, replaces, done }: { accountId: string; contactId: string; replaces: boolean; done: (pending: boolean) => void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const f = new FormData(element);
    setBusy(true);
    try {
      const r = await post<{ pending_approval: boolean }>(`/accounts/${accountId}/contacts/${contactId}/onboarding/review`, { decision: f.get('decision'), notes: String(f.get('notes') ?? '') });
      // Saved: the form starts empty again (the previous choice and notes are not the next review's).
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
    <form className="card review" onSubmit={(e) => void submit(e)} aria-labelledby="onb-review-h">
      <h2 id="onb-review-h">{replaces ? 'Record a new review (it replaces the one above)' : 'Record the review'}</h2>
      <fieldset>
        <legend>Decision on the verification</legend>
        <label><input type="radio" name="decision" value="PASSED" required /> Accept (PASSED)</label>
        <label><input type="radio" name="decision" value="FAILED" /> Reject (FAILED)</label>
      </fieldset>
      <label htmlFor="onb-notes">Notes</label>
      <textarea id="onb-notes" name="notes" rows={4} maxLength={5000} />
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy}>Save review</button>
    </form>
  );
}

/**
 * The page every onboarding report_link opens: why it needs a person, the document images (decrypted for viewing
 * only; each view is in the audit trail), the extracted data, the MRZ with each check digit, the quality figures,
 * the face pair with the score, the proofs, and the review (with the second reviewer's approval when required).
 */
export function OnboardingPage({ accountId, contactId }: { accountId: string; contactId: string; user: User }) {
  const base = `/accounts/${accountId}/contacts/${contactId}`;
  const { data, error, reload } = useLoad<{ contact: Contact; reports: { onboarding: Report | null } }>(base);
  const report = data?.reports.onboarding;
  const files = useLoad<{ data: FileInfo[] }>(report ? `${base}/onboarding/files` : null, [data]);
  const page = useLoad<DetailsPage>(report ? `${base}/onboarding/details` : null, [data]);
  const [saved, setSaved] = useState<'recorded' | 'proposed' | 'rejected'>();
  const [actionError, setActionError] = useState<string>();
  const slot = (name: string) => files.data?.data.find((f) => f.slot === name);
  const fileUrl = (f: FileInfo) => `/console/api${base}/onboarding/files/${f.id}`;
  const frameUrl = (session: string, seq: number) => `/console/api${base}/onboarding/liveness/${session}/frames/${seq}`;
  // The face match compares the document with a frame of the live capture (issue 21), or with an uploaded selfie when there was none.
  const faceProbe = (f: FaceMatch & { probe?: string; frame?: number }, live?: Liveness) => (f.probe === 'live_frame' && live?.session_id && f.frame
    ? { selfieImage: frameUrl(live.session_id, f.frame), selfieCaption: `Live capture frame ${f.frame}` }
    : { selfieImage: slot('selfie') && fileUrl(slot('selfie')!), selfieCaption: 'Selfie' });
  const d = page.data?.details ?? {};
  const { document: doc, face_match: face, liveness, proof_of_address: poa, proof_of_identity: poi, presentation_attack: attack, passive_liveness: passive, selfie_vs_live: selfieVsLive, chip, ...other } = d;
  const idscan = report?.data.idscan ?? null;
  const documentImages = ['document_front', 'document_back'].filter((s) => slot(s)).map(slotName);
  const decide = async (verb: 'approve' | 'reject', named: Pending) => {
    try {
      setActionError(undefined);
      // The answer names the proposal and the revision shown: if it changed since, the server refuses (409).
      await post(`${base}/onboarding/review/${verb}`, { proposal_id: named.proposal_id, proposal_revision: named.proposal_revision });
      setSaved(verb === 'approve' ? 'recorded' : 'rejected');
      await reload();
    } catch (e) {
      setActionError((e as Error).message);
      // A changed proposal is refused (409): show the version that is there now.
      await reload();
    }
  };
  const canReview = page.data?.can_review ?? false;
  const pending = page.data?.pending_review ?? null;
  return (
    <>
      <p><a href={`/console${base}`} onClick={onLink}>← Contact</a></p>
      <Problem error={error} />
      {data && (
        <>
          <h1>Onboarding report: {fullName(data.contact)}</h1>
          {saved === 'recorded' && <p className="ok" role="status">Review saved. The caller has been sent REPORT_REVIEW_COMPLETED.</p>}
          {saved === 'proposed' && <p className="ok" role="status">Review proposed. This client requires a second reviewer for ALERT results: another person must approve it.</p>}
          {saved === 'rejected' && <p className="ok" role="status">Proposal rejected. The report waits for a new review.</p>}
          <Problem error={actionError} />
          <Problem error={page.error} />
          <ContactFacts contact={data.contact} />
          {!report ? <p>No onboarding report for this contact.</p> : (
            <>
              <section className="card" aria-labelledby="onb-sum">
                <h2 id="onb-sum">Result</h2>
                <dl className="facts">
                  <dt>Status</dt><dd><Badge value={report.status} /></dd>
                  <dt>Document</dt><dd><Decision value={idscan?.document_decision} testId="document-decision" /></dd>
                  {idscan?.face_match_decision && <><dt>Face match</dt><dd><Decision value={idscan.face_match_decision} /></dd></>}
                  <dt>Checked on</dt><dd>{formatDate(report.data.refreshed_at)}</dd>
                  <dt>Valid until</dt><dd>{formatDate(report.data.expires_at)}</dd>
                  {report.data.error && <><dt>Error</dt><dd>{report.data.error}</dd></>}
                </dl>
                <h3>Why it needs a person</h3>
                {report.status === 'READY' || report.data.reasons.length ? <Reasons codes={report.data.reasons} engine={doc?.reasons ?? []} />
                  : <p className="empty">No result yet: the contact has not finished the verification, or it is being checked. This page shows the reasons when the report is ready.</p>}
              </section>

              <section className="card" aria-labelledby="onb-files">
                <h2 id="onb-files">Documents and images</h2>
                <p className="muted">Decrypted for viewing only; each view is recorded in the audit trail.</p>
                {files.data && files.data.data.length === 0 && <p className="empty">No files: the contact has not uploaded anything yet, or the files were deleted under the retention policy.</p>}
                <div className="files">
                  {[...(files.data?.data ?? [])].filter((f) => f.slot !== 'chip').sort((a, b) => slotOrder(a.slot) - slotOrder(b.slot)).map((f) => (
                    <figure key={f.id}>
                      {f.media_type.startsWith('image/') ? <img src={fileUrl(f)} alt={`Uploaded ${slotName(f.slot)}`} /> : <a href={fileUrl(f)} target="_blank" rel="noreferrer">Open the {slotName(f.slot)} (PDF)</a>}
                      <figcaption>{slotName(f.slot)}, {Math.round(f.size_bytes / 1024)} KB</figcaption>
                    </figure>
                  ))}
                </div>
                {doc?.quality && doc.quality.length > 0 && <QualityTable quality={doc.quality} names={documentImages} />}
              </section>

              {idscan && (
                <section className="card" aria-labelledby="onb-doc">
                  <h2 id="onb-doc">Extracted data</h2>
                  <dl className="facts" data-testid="extracted">
                    <dt>Document type</dt><dd>{idscan.document_type}</dd>
                    <dt>Last name</dt><dd>{idscan.document_last_name || '—'}</dd>
                    <dt>Given names</dt><dd>{idscan.document_given_names || '—'}</dd>
                    <dt>Date of birth</dt><dd>{formatDate(idscan.date_of_birth)}</dd>
                    <dt>Expiry date</dt><dd>{formatDate(idscan.document_expiry_date)}</dd>
                    {idscan.passport_number !== undefined && <><dt>Passport number</dt><dd className="mono">{idscan.passport_number}</dd></>}
                    {idscan.driving_license_number !== undefined && <><dt>Driving licence number</dt><dd className="mono">{idscan.driving_license_number}</dd></>}
                    <dt>Decided</dt><dd>{formatDateTime(idscan.document_decision_date)}</dd>
                  </dl>
                  {report.data.personal_details && (
                    <>
                      <h3>Address given by the contact</h3>
                      <p>{[report.data.personal_details.street, report.data.personal_details.postcode, report.data.personal_details.city, report.data.personal_details.country].filter(Boolean).join(', ')}</p>
                    </>
                  )}
                </section>
              )}
              {doc?.mrz && <MrzSection mrz={doc.mrz} />}
              {doc && !doc.mrz && idscan && <section className="card" aria-labelledby="onb-mrz"><h2 id="onb-mrz">Machine-readable zone</h2><p>No MRZ was read on this document.</p></section>}
              {doc?.driving_licence && <LicenceSection licence={doc.driving_licence} />}
              {face && <FaceSection face={face} cropUrl={(side) => `/console/api${base}/onboarding/face-crops/${side}`} documentImage={slot('document_front') && fileUrl(slot('document_front')!)} {...faceProbe(face, liveness)} />}
              {liveness && <LivenessSection liveness={liveness} frameUrl={frameUrl} />}
              {chip && <ChipSection chip={chip} />}
              {(attack || passive || selfieVsLive) && <AttackSection attack={attack} passive={passive} selfieVsLive={selfieVsLive} />}
              {(poa || poi) && <ProofsSection address={poa} identity={poi} />}
              {Object.keys(other).length > 0 && <section className="card" aria-labelledby="onb-other"><h2 id="onb-other">Other answers and checks</h2><Generic value={other} /></section>}

              {!report.review.empty && (
                <section className="card" aria-labelledby="onb-rv">
                  <h2 id="onb-rv">Review</h2>
                  <dl className="facts">
                    <dt>Decision</dt><dd data-testid="review-decision"><Badge value={report.review.decision} /></dd>
                    <dt>By</dt><dd><Actor id={report.review.reviewed_by} /></dd>
                    <dt>At</dt><dd>{formatDateTime(report.review.reviewed_at)}</dd>
                    <dt>Notes</dt><dd>{report.review.notes || '—'}</dd>
                  </dl>
                </section>
              )}
              {pending && (
                <section className="card" aria-labelledby="onb-pending">
                  <h2 id="onb-pending">Review waiting for a second approval</h2>
                  <p>Proposed by <Actor id={pending.proposed_by} /> on {formatDateTime(pending.proposed_at)}: <strong data-testid="pending-decision">{pending.proposal.decision}</strong></p>
                  <p>Notes: {pending.proposal.notes || '—'}</p>
                  <p className="muted">Proposal {pending.proposal_id}, revision {pending.proposal_revision}</p>
                  {canReview && pending.proposed_by !== page.data?.me ? (
                    <p className="actions">
                      <button type="button" onClick={() => void decide('approve', pending)}>Approve and record</button>
                      <button type="button" onClick={() => void decide('reject', pending)}>Reject the proposal</button>
                    </p>
                  ) : <p className="muted">Another reviewer must approve it.</p>}
                </section>
              )}
              {canReview && report.status === 'READY' && !pending && (
                <ReviewForm accountId={accountId} contactId={contactId} replaces={!report.review.empty} done={(p) => { setSaved(p ? 'proposed' : 'recorded'); void reload(); }} />
              )}
              {page.data && !canReview && <p className="muted">Your role can read this report but not review it.</p>}
            </>
          )}
        </>
      )}
    </>
  );
}
