import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, portalView, tokenFromPath, type PortalView } from './api.ts';
import { direction, initialLanguage, MESSAGES } from './i18n.ts';
import { Header, useBrandColour } from './brand.tsx';

type Screen = { kind: 'loading' } | { kind: 'failed'; reason: 'expired' | 'invalid' | 'error'; firm: string | null } | { kind: 'portal'; view: PortalView };

/** How often the page asks again while someone still has tasks (a contact may be finishing on another device). */
const REFRESH_MS = 5000;

/**
 * The client portal (spec endpoints 10 and 11): every contact of the account with their outstanding tasks and
 * progress, and a button into each contact's own verification flow. The status refreshes by itself.
 */
export function Portal() {
  const token = tokenFromPath(location.pathname);
  const [lang, setLang] = useState(initialLanguage);
  const t = MESSAGES[lang]!;
  const [screen, setScreen] = useState<Screen>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    try {
      setScreen({ kind: 'portal', view: await portalView(token) });
    } catch (error) {
      const reason = error instanceof ApiError && error.reason === 'LINK_EXPIRED' ? 'expired' : error instanceof ApiError && error.status === 404 ? 'invalid' : 'error';
      const firm = error instanceof ApiError && typeof error.problem.firm_name === 'string' ? error.problem.firm_name : null;
      setScreen({ kind: 'failed', reason, firm });
    }
  }, [token]);

  useEffect(() => { void load(); }, [load]);
  const waiting = screen.kind === 'portal' && !screen.view.completed;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => { if (document.visibilityState === 'visible') void load(); }, REFRESH_MS);
    const onShow = () => { if (document.visibilityState === 'visible') void load(); };
    document.addEventListener('visibilitychange', onShow);
    return () => { clearInterval(timer); document.removeEventListener('visibilitychange', onShow); };
  }, [waiting, load]);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = direction(lang);
    document.title = screen.kind === 'portal' ? t.portal.title(screen.view.account_name) : t.title;
    try { localStorage.setItem('verify.lang', lang); } catch { /* private mode */ }
  }, [lang, t, screen]);
  useEffect(() => heading.current?.focus(), [screen.kind]);
  useBrandColour(screen.kind === 'portal' ? screen.view.branding : undefined);

  const branding = screen.kind === 'portal' ? screen.view.branding : undefined;
  const header = <Header branding={branding} t={t} lang={lang} setLang={setLang} />;

  if (screen.kind === 'loading') return <>{header}<main><p role="status">…</p></main></>;
  if (screen.kind === 'failed') {
    const text = screen.reason === 'expired' ? t.portal.expired(screen.firm) : screen.reason === 'invalid' ? t.portal.invalid : t.error;
    return <>{header}<main><h1 tabIndex={-1} ref={heading}>{t.title}</h1><p role="alert" className="notice">{text}</p></main></>;
  }

  const { view } = screen;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long' });
  const outstanding = view.contacts.filter((c) => c.state === 'TO_DO' || c.state === 'IN_PROGRESS').length;
  return (
    <>
      {header}
      <main>
        <h1 tabIndex={-1} ref={heading}>{t.portal.title(view.account_name)}</h1>
        <p className="intro">{t.portal.intro(view.branding.firm_name)}</p>
        <p role="status" aria-live="polite" className={view.completed ? 'ok' : ''}>
          {view.completed ? t.portal.allDone : t.portal.outstanding(outstanding)}
        </p>
        <ul className="people">
          {view.contacts.map((c, i) => {
            const open = c.verify_url !== null;
            const cls = c.state === 'DONE' || c.state === 'SUBMITTED' ? 'done' : open ? 'todo' : '';
            const id = `person-${i}`;
            return (
              <li key={id} className={`person ${cls}`} aria-labelledby={id}>
                <h2 id={id}>{c.name} <span className="muted">({t.portal.role[c.role]})</span></h2>
                <p className="state">{t.portal.state[c.state]}</p>
                {c.progress.total > 0 && (
                  <>
                    <meter min={0} max={c.progress.total} value={c.progress.done} aria-label={t.portal.progress(c.progress.done, c.progress.total)} />
                    <p className="progress">{t.portal.progress(c.progress.done, c.progress.total)}</p>
                    <ul className="tasks" aria-label={c.name}>
                      {c.tasks.map((task) => (
                        <li key={task.task} className={task.status === 'COMPLETED' ? 'complete' : ''}>
                          <span className="visually-hidden">{task.status === 'COMPLETED' ? t.completeMark : t.todoMark}: </span>{t.step[task.task]}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
                {open && (
                  <a className="button" href={`${new URL(c.verify_url!).pathname}?portal=${token}`}>
                    {c.state === 'TO_DO' ? t.portal.start(c.name) : t.portal.resume(c.name)}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
        <p className="muted">{t.portal.validUntil(date.format(new Date(view.expires_at)))}</p>
      </main>
    </>
  );
}
