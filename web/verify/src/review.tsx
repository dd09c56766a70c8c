import { useId, useState } from 'react';
import { ApiError, type StepId } from './api.ts';
import type { StepProps } from './step.ts';

export function Review(props: StepProps & { goTo: (id: StepId) => void; onDone: (redirect: string | null) => void }) {
  const { t, flow } = props;
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<string[]>([]);
  const consentId = useId();
  const steps = flow.steps.filter((s) => s.id !== 'review' && s.id !== 'mobile_handover');
  const submit = async () => {
    setBusy(true);
    try {
      const lang = document.documentElement.lang || 'en';
      const result = await props.client.submit(lang);
      props.onDone(result.redirect_url);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setMissing(error.errors.map((e) => e.pointer.split('/').pop() ?? ''));
      else props.fail(error);
    } finally {
      setBusy(false);
    }
  };
  const open = [...new Set([...flow.missing, ...missing])];
  const firm = flow.branding?.firm_name ?? t.title;
  const biometric = flow.steps.some((s) => s.id === 'selfie' || s.id === 'liveness');
  const documents = flow.steps.some((s) => s.id === 'id_document' || s.id === 'proof_of_identity');
  /** What the contact answered at a step, so "Check and send" shows the answers, not only "Done". */
  const answer = (id: StepId): string | null => {
    const a = flow.answers;
    const line = (x: { street: string; postcode: string; city: string; country: string }) => [x.street, x.postcode, x.city, x.country].filter(Boolean).join(', ');
    if (id === 'personal_details') return a.personal_details ? line(a.personal_details.address) : null;
    if (id === 'unique_email') return a.unique_email?.email ?? null;
    if (id === 'legal_names_history') return a.legal_names_history?.names.map((n) => `${n.first_name} ${n.last_name}`).join('; ') ?? null;
    if (id === 'home_address_history') return a.home_address_history?.addresses.map(line).join('; ') ?? null;
    const slots = flow.steps.find((s) => s.id === id)?.uploads.map((u) => u.slot) ?? [];
    const n = flow.uploads.filter((u) => slots.includes(u.slot)).length;
    return n ? t.received(n) : null;
  };
  return (
    <>
      <p>{t.review}</p>
      <ul className="summary">
        {steps.map((s) => (
          <li key={s.id} className={s.complete ? 'complete' : 'todo'}>
            <span className="answer">
              <span>{t.step[s.id]}: <strong>{s.complete ? t.completeMark : t.todoMark}</strong></span>
              <span className="muted">{answer(s.id) ?? t.answerNone}</span>
            </span>
            <button type="button" className="link" onClick={() => props.goTo(s.id)}>{t.edit}<span className="visually-hidden">: {t.step[s.id]}</span></button>
          </li>
        ))}
      </ul>
      {open.length > 0 && <div role="alert" className="problems"><p>{t.incomplete}</p><ul>{open.map((m) => <li key={m}>{t.step[m] ?? m}</li>)}</ul></div>}
      <div className="check">
        <input id={consentId} type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        <label htmlFor={consentId}>{t.consentFor(firm, biometric, documents)}</label>
      </div>
      <button type="button" disabled={!consent || busy || open.length > 0} onClick={submit}>{busy ? t.saving : t.submit}</button>
    </>
  );
}
