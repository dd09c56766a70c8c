import { useEffect, useId, useState } from 'react';
import { ApiError, type Api, type Flow, type StepId } from './api.ts';
import type { StepProps } from './step.ts';
import './review.css';

/** What a step's pictures are: its uploads (the chip's data is no picture), and the camera check's frame once done. */
function picturesOf(flow: Flow, id: StepId): { name: string; pdf: boolean }[] {
  const step = flow.steps.find((s) => s.id === id);
  if (!step) return [];
  if (id === 'liveness') return step.complete ? [{ name: 'liveness', pdf: false }] : [];
  const slots = step.uploads.map((u) => u.slot).filter((slot) => slot !== 'chip');
  return flow.uploads.filter((u) => slots.includes(u.slot)).map((u) => ({ name: u.slot, pdf: u.media_type === 'application/pdf' }));
}

/**
 * The pictures, fetched through the link's own endpoint (never a public URL) and held as object URLs in this
 * page's memory only, released when the page leaves "Check and send".
 */
function usePictures(client: Api, names: string[]): Record<string, string> {
  const [urls, setUrls] = useState<Record<string, string>>({});
  const key = names.join(',');
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    for (const name of names) {
      client.thumbnail(name).then((blob) => {
        if (!live) return;
        const url = URL.createObjectURL(blob);
        made.push(url);
        setUrls((u) => ({ ...u, [name]: url }));
      }, () => undefined); // no picture: the step's text still says what was received
    }
    return () => { live = false; made.forEach((u) => URL.revokeObjectURL(u)); };
  }, [client, key]);
  return urls;
}

export function Review(props: StepProps & { goTo: (id: StepId) => void; onDone: (redirect: string | null) => void }) {
  const { t, flow } = props;
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState<string[]>([]);
  const consentId = useId();
  const steps = flow.steps.filter((s) => s.id !== 'review' && s.id !== 'mobile_handover');
  const pictures = Object.fromEntries(steps.map((s) => [s.id, picturesOf(flow, s.id)]));
  const urls = usePictures(props.client, Object.values(pictures).flat().filter((p) => !p.pdf).map((p) => p.name));
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
    if (id === 'liveness') return flow.steps.find((s) => s.id === 'liveness')?.complete ? t.livenessDone : null;
    const sent = pictures[id] ?? [];
    const photos = sent.filter((p) => !p.pdf).length;
    return photos ? t.received(photos) : sent.length ? t.fileReceived : null;
  };
  const label = (name: string) => (name === 'liveness' ? t.livenessFrame : t.slot[name] ?? name);
  return (
    <>
      <p>{t.review}</p>
      <ul className="summary">
        {steps.map((s) => (
          <li key={s.id} className={s.complete ? 'complete' : 'todo'}>
            <div className="answer">
              <span>{t.step[s.id]}: <strong>{s.complete ? t.completeMark : t.todoMark}</strong></span>
              <span className="muted">{answer(s.id) ?? t.answerNone}</span>
              {(pictures[s.id]?.length ?? 0) > 0 && (
                <div className="thumbs">
                  {pictures[s.id]!.map((p) => (
                    <figure key={p.name} className="thumb" data-testid={`thumb-${p.name}`}>
                      {p.pdf ? <span className="thumb-file" aria-hidden="true">PDF</span>
                        : urls[p.name] ? <img src={urls[p.name]} alt={label(p.name)} />
                        : <span className="thumb-file" aria-hidden="true">…</span>}
                      <figcaption>{p.pdf ? `${label(p.name)} (${t.pdfFile})` : label(p.name)}</figcaption>
                    </figure>
                  ))}
                </div>
              )}
            </div>
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
