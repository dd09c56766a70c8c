import { useEffect, useState } from 'react';
import { get } from './api.ts';
import { reasonSentence } from './reasons.ts';

/**
 * How the console writes dates, counts and results, in one place so every page reads the same:
 * "24 Nov 2026" for dates, "24 Nov 2026, 14:05" for moments, "1 subscription" / "2 subscriptions",
 * and a coloured badge with words for every decision and match result.
 */
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A score, similarity or threshold to three decimals ("0.468"); a dash when it was not measured. */
export function formatScore(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : value.toFixed(3);
}

/** A calendar date (YYYY-MM-DD, read as that day wherever the reviewer is) or the day of a moment. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(day.getTime()) ? value : DATE.format(day);
}

/** A moment, in the reviewer's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? value : DATE_TIME.format(moment);
}

/** "1 subscription", "3 subscriptions", "1 list", "0 matches" (an irregular plural is passed in). */
export function plural(n: number, one: string, many = one.endsWith('ch') || one.endsWith('s') ? `${one}es` : `${one}s`): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;
}

type Tone = 'good' | 'warn' | 'bad' | 'neutral';
const RESULTS: Record<string, [string, Tone]> = {
  PASS: ['PASS', 'good'], PASSED: ['PASSED', 'good'], CLEAR: ['Clear', 'good'], COMPLETE: ['Complete', 'good'], READY: ['Ready', 'good'],
  'No Match': ['No match', 'good'], NO_MATCH: ['No match', 'good'], MATCH_DISMISSED: ['Dismissed', 'good'],
  REFER: ['REFER', 'warn'], 'Potential Match': ['Potential match', 'warn'], PENDING: ['Pending', 'warn'], IN_REVIEW: ['In review', 'warn'],
  INITIAL: ['Waiting for the contact', 'neutral'], IN_PROGRESS: ['In progress', 'neutral'], PROCESSING: ['Processing', 'neutral'],
  ALERT: ['ALERT', 'bad'], FAIL: ['FAIL', 'bad'], FAILED: ['FAILED', 'bad'], MATCH_CONFIRMED: ['Confirmed match', 'bad'], Match: ['Match', 'bad'],
  ERROR: ['Error', 'bad'], CREDIT_LIMIT_EXCEEDED: ['No credit', 'bad'],
};

/** A result in words with its colour (decisions keep the API's word, PASS, REFER, ALERT, as reviewers and integrators say them); an unknown value is shown as it is. `null` is "not checked". */
export function Badge({ value, label }: { value: string | null | undefined; label?: string }) {
  if (value === null || value === undefined || value === '' || value === '-') return <span className="badge neutral">{label ? `${label}: ` : ''}not checked</span>;
  const [words, tone] = RESULTS[value] ?? [value.replace(/_/g, ' ').toLowerCase(), 'neutral'];
  return <span className={`badge ${tone}`} data-value={value}>{label ? `${label}: ` : ''}{words}</span>;
}

/**
 * The dashboard's summary of a report, as the lists send it ("REFER / face -", "ALERT / PEP No Match /
 * sanctions Potential Match"), as labelled badges: "Document: Refer", "Face: not checked".
 */
export function Summary({ kind, summary }: { kind: 'AML' | 'ONBOARDING'; summary: string | null }) {
  if (!summary) return <span className="muted">No result yet</span>;
  const parts = summary.split(' / ');
  const labelled = parts.map((part, i) => {
    if (i === 0) return { label: kind === 'AML' ? 'Identity' : 'Document', value: part };
    const m = /^(face|PEP|sanctions) (.*)$/.exec(part);
    return m ? { label: m[1] === 'face' ? 'Face' : m[1] === 'PEP' ? 'PEP' : 'Sanctions', value: m[2]! } : { label: '', value: part };
  });
  return <span className="badges">{labelled.map((p) => <Badge key={p.label} value={p.value} label={p.label} />)}</span>;
}

/* ---- Who: people by name and e-mail, actors by who they are ---- */

/**
 * A console user as the pages name them: "Anna Reviewer <anna@firm.test>", name first and the e-mail beside it
 * (two people may share a name; the e-mail tells them apart). A user without a name (made before names existed,
 * or without one) is their e-mail alone.
 */
export function personLabel(person: { name: string | null; email: string }): string {
  return person.name ? `${person.name} <${person.email}>` : person.email;
}

interface Person { actor: string; kind: 'user' | 'api'; email: string | null; role: string | null; name: string | null }
let people: Promise<Map<string, Person>> | undefined;

/** After a user is added or renamed: the next page that names someone asks again. */
export function forgetPeople() {
  people = undefined;
}

function usePeople() {
  const [map, setMap] = useState<Map<string, Person>>();
  useEffect(() => {
    people ??= get<{ data: Person[] }>('/people').then((r) => new Map(r.data.map((p) => [p.actor, p])));
    people.then(setMap, () => { people = undefined; });
  }, []);
  return map;
}

/** A reviewer or proposer: "Anna Reviewer <ana@firm.example> (reviewer)" or "API credential “CRM”", never `user:usr_…`. */
export function Actor({ id }: { id: string | null | undefined }) {
  const map = usePeople();
  if (!id) return <>—</>;
  const p = map?.get(id);
  if (p?.kind === 'user') return <span className="actor" title={id}>{personLabel({ name: p.name, email: p.email ?? '' })}{p.role ? <span className="muted"> ({p.role})</span> : null}</span>;
  if (p?.kind === 'api') return <span className="actor" title={id}>API credential “{p.name}”</span>;
  if (!map) return <span className="muted">…</span>;
  return <span className="actor">{id.startsWith('user:') ? 'a former console user' : id.startsWith('api:') ? 'a revoked API credential' : id}</span>;
}

/* ---- Screening lists by publisher and date ---- */
const PUBLISHERS: [RegExp, string][] = [
  [/^us_ofac_sdn/, 'OFAC Specially Designated Nationals (US Treasury)'],
  [/^us_ofac_cons/, 'OFAC Consolidated (non-SDN) list (US Treasury)'],
  [/^un_sc/, 'UN Security Council Consolidated List'],
  [/^gb_fcdo|^gb_hmt|^uk_/, 'UK Sanctions List (FCDO)'],
  [/^eu_fsf|^eu_/, 'EU Financial Sanctions Files (European Commission)'],
  [/^opensanctions_pep|pep/, 'Politically exposed persons (OpenSanctions)'],
];

/** "OFAC Specially Designated Nationals (US Treasury), July 2021" for "us_ofac_sdn_ofac_sdn_2021_07_watchman". */
export function listName(id: string, loadedAt?: string | null): string {
  const publisher = PUBLISHERS.find(([re]) => re.test(id))?.[1] ?? id.replace(/_/g, ' ');
  const m = /(20\d\d)[_-](\d\d)(?:[_-](\d\d))?/.exec(id);
  const edition = m ? new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', ...(m[3] ? { day: 'numeric' } : {}), timeZone: 'UTC' }).format(new Date(Date.UTC(+m[1]!, +m[2]! - 1, m[3] ? +m[3] : 1))) : null;
  return edition ? `${publisher}, ${edition}` : loadedAt ? `${publisher}, as of ${formatDate(loadedAt)}` : publisher;
}

/* ---- Reasons as sentences, the same on both report pages ---- */
export function ReasonList({ codes, empty, testId }: { codes: readonly string[]; empty: string; testId?: string }) {
  if (codes.length === 0) return <p data-testid={testId}>{empty}</p>;
  return (
    <ul className="reason-list" data-testid={testId}>
      {codes.map((code) => <li key={code}>{reasonSentence(code)} <code className="code">{code}</code></li>)}
    </ul>
  );
}

/* ---- A destructive action: red, and asks once more in the page before it acts ---- */
export function ConfirmButton({ label, confirm, onConfirm }: { label: string; confirm: string; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) return <button type="button" className="danger" onClick={() => setAsking(true)}>{label}</button>;
  return (
    <span className="confirm" role="group" aria-label={confirm}>
      <span>{confirm}</span>
      <button type="button" className="danger" onClick={() => { setAsking(false); onConfirm(); }}>Yes, {label.toLowerCase()}</button>
      <button type="button" className="secondary" onClick={() => setAsking(false)}>Cancel</button>
    </span>
  );
}
