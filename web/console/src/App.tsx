import { Component, useCallback, useEffect, useState, type ReactNode } from 'react';
import { ApiError, get, post, setCsrf, type User } from './api.ts';
import { navigate, onLink, usePath } from './router.ts';
import { Login, Invite } from './Login.tsx';
import { Dashboard } from './Dashboard.tsx';
import { Accounts, AccountPage } from './Accounts.tsx';
import { ContactPage } from './Contact.tsx';
import { OnboardingPage } from './OnboardingReport.tsx';
import { AmlReportPage } from './AmlReport.tsx';
import { Settings } from './Settings.tsx';
import { AuditPage } from './Audit.tsx';
import { personLabel } from './format.tsx';

type SessionState = { state: 'loading' } | { state: 'anonymous' } | { state: 'signed-in'; user: User };

export function App() {
  const path = usePath();
  const [session, setSession] = useState<SessionState>({ state: 'loading' });

  const load = useCallback(async () => {
    try {
      const s = await get<{ user: User; csrf_token: string }>('/session');
      setCsrf(s.csrf_token);
      setSession({ state: 'signed-in', user: s.user });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setSession({ state: 'anonymous' });
      else throw error;
    }
  }, []);
  useEffect(() => void load(), [load]);

  const invite = /^\/console\/invite\/([0-9a-z]+)$/.exec(path);
  if (invite) return <Invite token={invite[1]!} />;
  if (session.state === 'loading') return <p className="loading" role="status">Loading…</p>;
  if (session.state === 'anonymous') return <Login onSignedIn={load} />;

  const user = session.user;
  const signOut = async () => {
    await post('/logout');
    setSession({ state: 'anonymous' });
    navigate('/console');
  };
  return (
    <div className="shell">
      <header className="top">
        <a className="brand" href="/console" onClick={onLink}>KYC console</a>
        <nav aria-label="Main">
          <a href="/console" onClick={onLink} aria-current={path === '/console' ? 'page' : undefined}>Dashboard</a>
          <a href="/console/accounts" onClick={onLink} aria-current={path.startsWith('/console/accounts') ? 'page' : undefined}>Accounts</a>
          <a href="/console/settings" onClick={onLink} aria-current={path.startsWith('/console/settings') ? 'page' : undefined}>Settings</a>
          <a href="/console/audit" onClick={onLink} aria-current={path.startsWith('/console/audit') ? 'page' : undefined}>Audit trail</a>
        </nav>
        <div className="who">
          <span>{personLabel(user)} ({user.role})</span>
          <button type="button" onClick={() => void signOut()}>Sign out</button>
        </div>
      </header>
      <main id="main">
        <Boundary key={path}><Route path={path} user={user} onUserChanged={(changed) => setSession({ state: 'signed-in', user: changed })} /></Boundary>
      </main>
    </div>
  );
}

/** onUserChanged: the signed-in user edited themselves (My sign-in), so the header shows the new name at once. */
function Route({ path, user, onUserChanged }: { path: string; user: User; onUserChanged: (user: User) => void }) {
  const clean = path.split('?')[0]!.replace(/\/+$/, '');
  let m: RegExpExecArray | null;
  if (clean === '/console' || clean === '') return <Dashboard />;
  if (clean === '/console/accounts') return <Accounts />;
  if ((m = /^\/console\/accounts\/([^/]+)$/.exec(clean))) return <AccountPage accountId={m[1]!} />;
  if ((m = /^\/console\/accounts\/([^/]+)\/contacts\/([^/]+)$/.exec(clean))) return <ContactPage accountId={m[1]!} contactId={m[2]!} />;
  if ((m = /^\/console\/accounts\/([^/]+)\/contacts\/([^/]+)\/aml$/.exec(clean))) return <AmlReportPage accountId={m[1]!} contactId={m[2]!} user={user} />;
  if ((m = /^\/console\/accounts\/([^/]+)\/contacts\/([^/]+)\/onboarding$/.exec(clean))) return <OnboardingPage accountId={m[1]!} contactId={m[2]!} user={user} />;
  if ((m = /^\/console\/settings(?:\/([a-z]+))?$/.exec(clean))) return <Settings tab={m[1] ?? 'webhooks'} user={user} onUserChanged={onUserChanged} />;
  if (clean === '/console/audit') return <AuditPage user={user} />;
  return <h1>Page not found</h1>;
}

/** Loads once per key; shows errors in an alert (a 404 names what was missing, never another client's data). */
export function useLoad<T>(url: string | null, deps: unknown[] = []) {
  const [data, setData] = useState<T | undefined>();
  const [error, setError] = useState<string | undefined>();
  const reload = useCallback(async () => {
    if (!url) return;
    try {
      setError(undefined);
      setData(await get<T>(url));
    } catch (e) {
      setError((e as Error).message);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, ...deps]);
  useEffect(() => void reload(), [reload]);
  return { data, error, reload };
}

export function Problem({ error }: { error?: string }) {
  return error ? <p className="error" role="alert">{error}</p> : null;
}

/** A page that fails to render shows the failure instead of a blank screen (the rest of the console keeps working). */
class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p className="error" role="alert">This page failed to show: {this.state.error.message}</p> : this.props.children;
  }
}
