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
  return (
    <>
      <p>{t.review}</p>
      <ul className="summary">
        {steps.map((s) => (
          <li key={s.id} className={s.complete ? 'complete' : 'todo'}>
            <span>{t.step[s.id]}: <strong>{s.complete ? t.completeMark : t.todoMark}</strong></span>
            <button type="button" className="link" onClick={() => props.goTo(s.id)}>{t.edit}: {t.step[s.id]}</button>
          </li>
        ))}
      </ul>
      {open.length > 0 && <div role="alert" className="problems"><p>{t.incomplete}</p><ul>{open.map((m) => <li key={m}>{t.step[m] ?? m}</li>)}</ul></div>}
      <div className="check">
        <input id={consentId} type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        <label htmlFor={consentId}>{t.consent}</label>
      </div>
      <button type="button" disabled={!consent || busy || open.length > 0} onClick={submit}>{busy ? t.saving : t.submit}</button>
    </>
  );
}
