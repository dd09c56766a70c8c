import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { api, ApiError, tokenFromPath, type Flow, type StepId } from './api.ts';
import { direction, initialLanguage, MESSAGES } from './i18n.ts';
import { AddressHistory, NamesHistory, PersonalDetails, UniqueEmail } from './forms.tsx';
import { ProofStep, SelfieStep } from './uploads.tsx';
import { DocumentStep } from './capture/DocumentStep.tsx';
import { LivenessStep } from './liveness/LivenessStep.tsx';
import { Handover } from './handover.tsx';
import { Review } from './review.tsx';
import { Header, useBrandColour } from './brand.tsx';
import { embedded, emit } from './embed.ts';

/** Opened from the account's portal: the finished flow offers the way back to the list of tasks. */
function portalReturn(): string | null {
  const token = new URLSearchParams(location.search).get('portal');
  return token && /^[0-9a-z]{40,64}$/.test(token) ? `/portal/${token}` : null;
}

type Screen = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'flow'; flow: Flow } | { kind: 'done'; redirect: string | null };

export function App() {
  const token = tokenFromPath(location.pathname);
  const client = useRef(api(token)).current;
  const [lang, setLang] = useState(initialLanguage);
  const t = MESSAGES[lang]!;
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const [index, setIndex] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  const fail = useCallback((error: unknown) => {
    const reason = error instanceof ApiError ? error.reason : undefined;
    const message = reason === 'LINK_EXPIRED' ? 'expired' : reason === 'LINK_INVALID' ? 'invalid' : reason === 'ALREADY_SUBMITTED' ? 'submitted' : 'error';
    setScreen({ kind: 'failed', message });
    emit({ type: 'error', reason: message });
  }, []);

  useEffect(() => {
    client.flow().then((flow) => {
      setScreen({ kind: 'flow', flow });
      // Resume where the contact left off: the first step not yet complete.
      // The hand-over step is shown until the contact has done something on one device or the other.
      const started = flow.uploads.length > 0 || Object.keys(flow.answers).some((k) => k !== 'liveness_challenge' && (flow.answers as Record<string, unknown>)[k] !== undefined);
      const first = flow.steps.findIndex((s) => !s.complete && s.id !== 'mobile_handover');
      setIndex(!started && flow.steps[0]?.id === 'mobile_handover' ? 0 : first === -1 ? flow.steps.length - 1 : first);
    }, fail);
  }, [client, fail]);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = direction(lang);
    document.title = t.title;
    try { localStorage.setItem('verify.lang', lang); } catch { /* private mode */ }
  }, [lang, t]);

  // Move focus to the new step's heading so screen readers announce it.
  useEffect(() => heading.current?.focus(), [index, screen.kind]);
  // An embedding page hears where the contact is (step ids only, web SDK).
  const announced = useRef(false);
  const open = screen.kind === 'flow' && screen.flow.state === 'open' ? screen.flow : null;
  const stepId = open?.steps[index]?.id;
  useEffect(() => {
    if (!open || !stepId) return;
    emit({ type: announced.current ? 'step' : 'ready', step: stepId, index, total: open.steps.length });
    announced.current = true;
  }, [stepId, index, open?.steps.length]);
  const closedFlow = screen.kind === 'flow' && screen.flow.state !== 'open';
  useEffect(() => { if (closedFlow) emit({ type: 'error', reason: 'submitted' }); }, [closedFlow]);
  const [branding, setBranding] = useState<Flow['branding']>();
  useEffect(() => { if (screen.kind === 'flow' && screen.flow.branding) setBranding(screen.flow.branding); }, [screen]);
  useBrandColour(branding);
  const back = portalReturn();
  const backLink = back ? <p><a className="button" href={back}>{t.backToPortal}</a></p> : null;

  const header = <Header branding={branding} t={t} lang={lang} setLang={setLang} />;

  if (screen.kind === 'loading') return <>{header}<main><p role="status">…</p></main></>;
  if (screen.kind === 'failed') {
    const text = screen.message === 'expired' ? t.expired : screen.message === 'invalid' ? t.invalid : screen.message === 'submitted' ? t.submitted : t.error;
    return <>{header}<main><h1 tabIndex={-1} ref={heading}>{t.title}</h1><p role="alert" className="notice">{text}</p>{backLink}</main></>;
  }
  if (screen.kind === 'done') {
    return (
      <>{header}<main>
        <h1 tabIndex={-1} ref={heading}>{t.done}</h1>
        <div className="thanks">
          <p className="tick" aria-hidden="true">✓</p>
          <p role="status">{screen.redirect ? t.redirecting : t.doneText}</p>
          {!screen.redirect && <p>{t.nextSteps(branding?.firm_name ?? t.title)}</p>}
        </div>
        {backLink}
      </main></>
    );
  }

  const { flow } = screen;
  if (flow.state !== 'open') return <>{header}<main><h1 tabIndex={-1} ref={heading}>{t.done}</h1><p role="status">{t.submitted}</p>{backLink}</main></>;
  const step = flow.steps[index]!;
  const update = (next: Flow) => setScreen({ kind: 'flow', flow: next });
  const refresh = async () => update(await client.flow());
  const go = (to: number) => setIndex(Math.max(0, Math.min(flow.steps.length - 1, to)));
  const next = () => go(index + 1);
  const props = { t, flow, client, update, refresh, next, fail };

  const body: Record<StepId, () => ReactElement> = {
    personal_details: () => <PersonalDetails {...props} />,
    unique_email: () => <UniqueEmail {...props} />,
    legal_names_history: () => <NamesHistory {...props} />,
    home_address_history: () => <AddressHistory {...props} />,
    mobile_handover: () => <Handover {...props} />,
    id_document: () => <DocumentStep {...props} />,
    selfie: () => <SelfieStep {...props} />,
    liveness: () => <LivenessStep {...props} />,
    proof_of_identity: () => <ProofStep {...props} slot="proof_of_identity" />,
    proof_of_address: () => <ProofStep {...props} slot="proof_of_address" />,
    review: () => <Review {...props} goTo={(id) => go(flow.steps.findIndex((s) => s.id === id))} onDone={(redirect) => {
      // In a frame the embedding page decides what comes next; the redirect would load the firm's page inside it.
      setScreen({ kind: 'done', redirect: embedded ? null : redirect });
      emit({ type: 'completed' });
      if (redirect && !embedded) setTimeout(() => location.assign(redirect), 800);
    }} />,
  };

  return (
    <>
      {header}
      <main>
        {index === 0 && <p className="intro">{t.hello(flow.first_name)}. {t.intro}</p>}
        <nav aria-label={t.stepOf(index + 1, flow.steps.length)}>
          <p className="progress">{t.stepOf(index + 1, flow.steps.length)}</p>
          {/* A bar, not a list that wraps onto two lines on a phone; the list stays for screen readers. */}
          <progress className="bar-progress" max={flow.steps.length} value={index + 1} aria-hidden="true" />
          <ol className="steps visually-hidden">
            {flow.steps.map((s, i) => (
              <li key={s.id} className={i === index ? 'current' : s.complete ? 'complete' : ''} aria-current={i === index ? 'step' : undefined}>
                <span className="visually-hidden">{s.complete ? t.completeMark : t.todoMark}: </span>{t.step[s.id]}
              </li>
            ))}
          </ol>
        </nav>
        <h1 tabIndex={-1} ref={heading}>{t.step[step.id]}</h1>
        {body[step.id]()}
        {index > 0 && <button type="button" className="secondary" onClick={() => go(index - 1)}>{t.back}</button>}
      </main>
    </>
  );
}
