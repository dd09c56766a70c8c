import type { Gpg45, Gpg45Scored } from './api.ts';

const POSTCODE: Record<string, string> = {
  LIVE: 'in use (ONS Postcode Directory, or a valid format when the directory is not loaded)', TERMINATED: 'terminated: no longer in use',
  UNKNOWN: 'not in the ONS Postcode Directory', BAD_FORMAT: 'not a UK postcode\'s format',
};

const Lines = ({ items }: { items: string[] }) => (items.length ? <ul className="plain">{items.map((w) => <li key={w}>{w}</li>)}</ul> : <>—</>);

/**
 * The GPG 45 evaluation for the reviewer: the confidence reached and the profile met, then each score with the
 * checks that gave it and what would raise it, and what the required level still lacks.
 */
export function Gpg45Card({ gpg45, postcode }: { gpg45: Gpg45; postcode?: string }) {
  const row = (name: string, s: Gpg45Scored) => (
    <tr key={name}><th scope="row">{name}</th><td data-testid={`gpg45-${name.replace(/ /g, '-').toLowerCase()}`}>{s.score}</td><td><Lines items={s.why} /></td><td><Lines items={s.raise} /></td></tr>
  );
  return (
    <section className="card" aria-labelledby="gpg45-h">
      <h2 id="gpg45-h">Identity confidence (GPG 45)</h2>
      <dl className="facts">
        <dt>Confidence reached</dt><dd data-testid="gpg45-confidence">{gpg45.confidence ? `${gpg45.confidence.toLowerCase()} (profile ${gpg45.profile})` : 'none: no profile met'}</dd>
        <dt>Required by the client</dt><dd>{gpg45.required.toLowerCase()}: {gpg45.required_met ? 'met' : 'not met'}</dd>
        {gpg45.to_raise && <><dt>To reach {gpg45.to_raise.confidence.toLowerCase()} ({gpg45.to_raise.profile})</dt><dd><Lines items={gpg45.to_raise.missing} /></dd></>}
        {postcode && <><dt>Postcode</dt><dd>{POSTCODE[postcode] ?? postcode}</dd></>}
        <dt>Guide</dt><dd className="muted">{gpg45.version}</dd>
      </dl>
      <table>
        <caption>Each piece of evidence: strength and validity (0-4), from the checks performed</caption>
        <thead><tr><th scope="col">Evidence</th><th scope="col">Strength</th><th scope="col">Validity</th><th scope="col">Why</th><th scope="col">What would raise it</th></tr></thead>
        <tbody>
          {gpg45.scores.evidence.length === 0 && <tr><td colSpan={5}>No evidence: no document checked, no source found the person.</td></tr>}
          {gpg45.scores.evidence.map((e) => (
            <tr key={e.id}><th scope="row">{e.label}</th><td>{e.strength}</td><td>{e.validity}</td><td><Lines items={e.why} /></td><td><Lines items={e.raise} /></td></tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>The person's scores</caption>
        <thead><tr><th scope="col">Score</th><th scope="col">Value</th><th scope="col">Why</th><th scope="col">What would raise it</th></tr></thead>
        <tbody>
          {row('Activity history', gpg45.scores.activity_history)}
          {row('Identity fraud', gpg45.scores.identity_fraud)}
          {row('Verification', gpg45.scores.verification)}
        </tbody>
      </table>
    </section>
  );
}
