import { useState, type FormEvent } from 'react';
import { post } from './api.ts';
import { navigate } from './router.ts';

/** Sign-in: e-mail and password, then the authenticator code when the user has TOTP. */
export function Login({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [step, setStep] = useState<'password' | 'totp'>('password');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      if (step === 'password') {
        const r = await post<{ totp_required: boolean }>('/login', { email: form.get('email'), password: form.get('password') });
        if (r.totp_required) {
          setStep('totp');
          return;
        }
      } else {
        await post('/login/totp', { code: String(form.get('code') ?? '') });
      }
      await onSignedIn();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="login" id="main">
      <h1>Sign in to the KYC console</h1>
      <form onSubmit={(e) => void submit(e)} aria-describedby={error ? 'login-error' : undefined}>
        {step === 'password' ? (
          <>
            <label htmlFor="email">E-mail address</label>
            <input id="email" name="email" type="email" autoComplete="username" required />
            <label htmlFor="password">Password</label>
            <input id="password" name="password" type="password" autoComplete="current-password" required />
          </>
        ) : (
          <>
            <label htmlFor="code">Authenticator code</label>
            <input id="code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required />
          </>
        )}
        {error && <p className="error" role="alert" id="login-error">{error}</p>}
        <button type="submit" disabled={busy}>{step === 'password' ? 'Sign in' : 'Verify code'}</button>
      </form>
    </main>
  );
}

/** Accepting an invitation: the user gives the name colleagues will see and chooses a password, then signs in. */
export function Invite({ token }: { token: string }) {
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('password') !== form.get('confirm')) return setError('The passwords differ');
    try {
      const r = await post<{ email: string }>('/invitations/accept', { token, password: form.get('password'), name: form.get('name') });
      setDone(r.email);
    } catch (e) {
      setError((e as Error).message);
    }
  }
  if (done) {
    return (
      <main className="login" id="main">
        <h1>Password set</h1>
        <p>Sign in as {done}.</p>
        <button type="button" onClick={() => navigate('/console')}>Go to sign-in</button>
      </main>
    );
  }
  return (
    <main className="login" id="main">
      <h1>Your name and password</h1>
      <form onSubmit={(e) => void submit(e)}>
        <label htmlFor="name">Your name, as colleagues will see it beside your e-mail address</label>
        <input id="name" name="name" autoComplete="name" maxLength={100} required />
        <label htmlFor="password">New password (at least 12 characters)</label>
        <input id="password" name="password" type="password" autoComplete="new-password" minLength={12} required />
        <label htmlFor="confirm">Repeat the password</label>
        <input id="confirm" name="confirm" type="password" autoComplete="new-password" minLength={12} required />
        {error && <p className="error" role="alert">{error}</p>}
        <button type="submit">Save and continue</button>
      </form>
    </main>
  );
}
