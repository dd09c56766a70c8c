import { useState, type FormEvent } from 'react';
import { Problem, useLoad } from './App.tsx';
import QRCode from 'qrcode';
import { useEffect } from 'react';
import { api, ApiError, post, type User } from './api.ts';
import { onLink } from './router.ts';
import { Badge, ConfirmButton, forgetPeople, formatDateTime, listName, personLabel, plural } from './format.tsx';

const TABS: [string, string][] = [['webhooks', 'Webhooks'], ['credentials', 'API credentials'], ['credits', 'Credits'], ['lists', 'Screening lists'], ['email', 'E-mail'], ['branding', 'Branding'], ['users', 'Users'], ['security', 'My sign-in']];

/** Settings: anyone may look (except users); only administrators change anything (the server enforces it). */
export function Settings({ tab, user, onUserChanged }: { tab: string; user: User; onUserChanged: (user: User) => void }) {
  const admin = user.permissions.includes('settings');
  return (
    <>
      <h1>Settings</h1>
      <nav className="tabs" aria-label="Settings">
        {TABS.filter(([id]) => id !== 'users' || admin).map(([id, label]) => (
          <a key={id} href={`/console/settings/${id}`} onClick={onLink} aria-current={tab === id ? 'page' : undefined}>{label}</a>
        ))}
      </nav>
      {!admin && tab !== 'security' && <p className="muted">Your role can view settings but not change them.</p>}
      {tab === 'webhooks' && <Webhooks admin={admin} />}
      {tab === 'credentials' && <Credentials admin={admin} />}
      {tab === 'credits' && <Credits />}
      {tab === 'lists' && <Lists />}
      {tab === 'email' && <Email admin={admin} />}
      {tab === 'branding' && <><Branding admin={admin} /><Embedding admin={admin} /></>}
      {tab === 'users' && admin && <Users me={user} />}
      {tab === 'security' && <Security user={user} onUserChanged={onUserChanged} />}
    </>
  );
}

function useAction() {
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const run = async (fn: () => Promise<string | void>) => {
    setError(undefined);
    setMessage(undefined);
    try {
      const m = await fn();
      if (m) setMessage(m);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const view = <>{error && <p className="error" role="alert">{error}</p>}{message && <p className="ok" role="status">{message}</p>}</>;
  return { run, view };
}

interface Sub { id: string; callback_url: string; enabled: boolean; config: { entities: { entity: string; report_types: string[]; events: string[] }[] } }
interface Delivery { id: string; event: string; status: string; attempts: number; last_status_code: number | null; last_error: string | null; delivered_at: string | null; created_at: string; attempt_log: { started_at: string; status_code: number | null; error: string | null; latency_ms: number | null }[] }

function Webhooks({ admin }: { admin: boolean }) {
  const { data, error, reload } = useLoad<{ data: Sub[] }>('/settings/webhooks');
  const [open, setOpen] = useState<string>();
  const action = useAction();
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await action.run(async () => {
      const created = await post<{ config: { api_secret?: string } }>('/settings/webhooks', {
        callback_url: form.get('callback_url'), type: 'WEBHOOK',
        config: { entities: [{ entity: 'CONTACT', report_types: ['AML', 'ONBOARDING'], events: ['REPORT_READY', 'REPORT_IN_REVIEW', 'REPORT_REVIEW_COMPLETED', 'REPORT_ERROR'] }] },
      });
      await reload();
      return created.config.api_secret ? `Subscription created. Signing secret (shown once): ${created.config.api_secret}` : 'Subscription created.';
    });
  }
  return (
    <section aria-labelledby="wh-h">
      <h2 id="wh-h">Webhook subscriptions</h2>
      <Problem error={error} />
      {action.view}
      {data && data.data.length === 0 && <p className="empty">No webhook subscription yet. Add your endpoint's URL below to receive signed events when reports are ready or need a review.</p>}
      {data && data.data.length > 0 && (
        <table>
          <caption>{plural(data.data.length, 'subscription')}</caption>
          <thead><tr><th scope="col">Callback URL</th><th scope="col">Events</th><th scope="col">Enabled</th><th scope="col">Actions</th></tr></thead>
          <tbody>
            {data.data.map((s) => (
              <tr key={s.id}>
                <td>{s.callback_url}</td>
                <td>{s.config.entities.flatMap((e) => e.events).join(', ')}</td>
                <td>{s.enabled ? 'Yes' : 'No'}</td>
                <td>
                  <button type="button" onClick={() => setOpen(open === s.id ? undefined : s.id)}>Deliveries</button>
                  {admin && <ConfirmButton label="Delete" confirm={`Delete the subscription to ${s.callback_url}?`} onConfirm={() => void action.run(async () => { await api('DELETE', `/settings/webhooks/${s.id}`); await reload(); return 'Subscription deleted.'; })} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open && <Deliveries subscriptionId={open} admin={admin} />}
      {admin && (
        <form className="inline" onSubmit={(e) => void create(e)}>
          <label htmlFor="callback_url">New subscription: callback URL</label>
          <input id="callback_url" name="callback_url" type="url" required placeholder="https://example.com/kyc-events" />
          <button type="submit">Add subscription</button>
        </form>
      )}
    </section>
  );
}

function Deliveries({ subscriptionId, admin }: { subscriptionId: string; admin: boolean }) {
  const { data, error, reload } = useLoad<{ data: Delivery[] }>(`/settings/webhooks/${subscriptionId}/deliveries`);
  const action = useAction();
  return (
    <section aria-labelledby="dl-h" className="card">
      <h3 id="dl-h">Delivery log</h3>
      <Problem error={error} />
      {action.view}
      {data && (data.data.length === 0 ? <p className="empty">No deliveries yet. Events are delivered as reports change; use “Send test” in the API (POST …/subscriptions/&#123;id&#125;/test) to try the endpoint now.</p> : (
        <table>
          <caption>Deliveries, newest last</caption>
          <thead><tr><th scope="col">Created</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Attempts (HTTP status or error)</th><th scope="col">Actions</th></tr></thead>
          <tbody>
            {data.data.map((d) => (
              <tr key={d.id}>
                <td>{formatDateTime(d.created_at)}</td><td>{d.event}</td><td><Badge value={d.status} /></td>
                <td>{d.attempts}: {d.attempt_log.map((a) => a.status_code ?? a.error ?? '?').join(', ') || '—'}</td>
                <td>{admin && <button type="button" onClick={() => void action.run(async () => { await post(`/settings/webhooks/${subscriptionId}/deliveries/${d.id}/redeliver`); await reload(); return 'Queued again.'; })}>Redeliver</button>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </section>
  );
}

interface Credential { client_id: string; name: string; scopes: string; created_at: string; revoked_at: string | null; last_used_at: string | null }

function Credentials({ admin }: { admin: boolean }) {
  const { data, error, reload } = useLoad<{ data: Credential[] }>('/settings/credentials');
  const action = useAction();
  const issued = (r: { client_id: string; client_secret: string }) => `Client id ${r.client_id}; secret (shown once, copy it now): ${r.client_secret}`;
  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name'));
    await action.run(async () => {
      const r = await post<{ client_id: string; client_secret: string }>('/settings/credentials', { name });
      await reload();
      return issued(r);
    });
  }
  return (
    <section aria-labelledby="cr-h">
      <h2 id="cr-h">API credentials</h2>
      <Problem error={error} />
      {action.view}
      {data && (
        <table>
          <caption>Credentials of this client</caption>
          <thead><tr><th scope="col">Client id</th><th scope="col">Name</th><th scope="col">Scopes</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead>
          <tbody>
            {data.data.map((c) => (
              <tr key={c.client_id}>
                <td>{c.client_id}</td><td>{c.name}</td><td>{c.scopes}</td><td>{c.last_used_at ? formatDateTime(c.last_used_at) : 'never'}</td>
                <td>{c.revoked_at ? 'Revoked' : 'Active'}</td>
                <td>{admin && !c.revoked_at && (
                  <>
                    <button type="button" onClick={() => void action.run(async () => { const r = await post<{ client_id: string; client_secret: string }>(`/settings/credentials/${c.client_id}/rotate`); await reload(); return issued(r); })}>Rotate</button>
                    <ConfirmButton label="Revoke" confirm={`Revoke “${c.name}”? Calls with it stop at once.`} onConfirm={() => void action.run(async () => { await post(`/settings/credentials/${c.client_id}/revoke`); await reload(); return `Revoked ${c.client_id}.`; })} />
                  </>
                )}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {admin && (
        <form className="inline" onSubmit={(e) => void create(e)}>
          <label htmlFor="cred-name">New credential name</label>
          <input id="cred-name" name="name" required maxLength={100} />
          <button type="submit">Create credential</button>
        </form>
      )}
    </section>
  );
}

function Credits() {
  const { data, error } = useLoad<{ balance: number; history: { amount: number; reason: string; balance_after?: number; created_at: string; [k: string]: unknown }[] }>('/settings/credits');
  return (
    <section aria-labelledby="cd-h">
      <h2 id="cd-h">Credits</h2>
      <Problem error={error} />
      {data && (
        <>
          <p>Balance: <strong data-testid="settings-balance">{data.balance}</strong></p>
          <table>
            <caption>History</caption>
            <thead><tr><th scope="col">When</th><th scope="col">Change</th><th scope="col">Reason</th></tr></thead>
            <tbody>{data.history.map((h, i) => <tr key={i}><td>{formatDateTime(h.created_at)}</td><td>{h.amount > 0 ? `+${h.amount}` : h.amount}</td><td>{h.reason}</td></tr>)}</tbody>
          </table>
        </>
      )}
    </section>
  );
}

interface ListRow { list: string; format: string; content_hash: string; entries: number; loaded_at: string; last_success_at: string | null; age_hours: number | null; stale: boolean }

function Lists() {
  const { data, error } = useLoad<{ loaded: boolean; threshold: number; max_list_age_hours: number; warnings: { list: string; message: string }[]; data: ListRow[] }>('/settings/lists');
  return (
    <section aria-labelledby="ls-h">
      <h2 id="ls-h">Screening lists</h2>
      <Problem error={error} />
      {data && (
        <>
          <p>{data.loaded ? `Screening against ${plural(data.data.length, 'list')}; match threshold ${data.threshold}.` : 'No list is loaded yet: AML checks wait for one, then end in an error (SCREENING_LISTS_UNAVAILABLE).'}</p>
          {data.warnings.length > 0 && (
            <div role="alert" aria-label="List warnings"><ul>{data.warnings.map((w) => <li key={w.list}><span className="badge warn">Stale</span> {w.message}</li>)}</ul></div>
          )}
          <table>
            <caption>{`Lists with their age (a list not updated for more than ${data.max_list_age_hours} hours is stale)`}</caption>
            <thead><tr><th scope="col">List</th><th scope="col">Id</th><th scope="col">Format</th><th scope="col">Entries</th><th scope="col">Last success</th><th scope="col">Age</th><th scope="col">Last loaded</th><th scope="col">Content hash</th></tr></thead>
            <tbody>{data.data.map((l) => (
              <tr key={l.list}>
                <td>{listName(l.list, l.last_success_at ?? l.loaded_at)}</td><td><code>{l.list}</code></td><td>{l.format}</td><td>{l.entries.toLocaleString('en-GB')}</td>
                <td>{l.last_success_at ? formatDateTime(l.last_success_at) : 'unknown'}</td>
                <td>{l.age_hours === null ? 'unknown' : `${l.age_hours} h`} {l.stale ? <span className="badge warn">Stale</span> : <span className="badge good">Current</span>}</td>
                <td>{formatDateTime(l.loaded_at)}</td><td><code>{l.content_hash.slice(0, 16)}</code></td>
              </tr>
            ))}</tbody>
          </table>
        </>
      )}
    </section>
  );
}

function Email({ admin }: { admin: boolean }) {
  const { data, error, reload } = useLoad<{ connection: { host: string; port: number; tls: string; username: string | null; password_set: boolean; sender_email: string; sender_name: string | null } | null }>('/settings/email');
  const action = useAction();
  const c = data?.connection;
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const body: Record<string, unknown> = { host: f.get('host'), port: Number(f.get('port')), tls: f.get('tls'), sender_email: f.get('sender_email') };
    for (const k of ['username', 'password', 'sender_name']) if (f.get(k)) body[k] = f.get(k);
    await action.run(async () => { await api('PUT', '/settings/email', body); await reload(); return 'Saved.'; });
  }
  async function test(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const to = new FormData(event.currentTarget).get('to');
    await action.run(async () => {
      const r = await post<{ sent: boolean; error?: string }>('/settings/email/test', { to });
      return r.sent ? 'Test message sent.' : `Sending failed: ${r.error}`;
    });
  }
  return (
    <section aria-labelledby="em-h">
      <h2 id="em-h">E-mail connection</h2>
      <Problem error={error} />
      {action.view}
      {data && (
        <form className="grid" onSubmit={(e) => void save(e)} key={c ? `${c.host}${c.port}` : 'none'}>
          <label htmlFor="host">SMTP host</label><input id="host" name="host" required defaultValue={c?.host} disabled={!admin} />
          <label htmlFor="port">Port</label><input id="port" name="port" type="number" required defaultValue={c?.port ?? 587} disabled={!admin} />
          <label htmlFor="tls">TLS</label>
          <select id="tls" name="tls" defaultValue={c?.tls ?? 'starttls'} disabled={!admin}><option value="starttls">STARTTLS</option><option value="implicit">Implicit TLS</option><option value="none">None (local relay)</option></select>
          <label htmlFor="username">User name</label><input id="username" name="username" defaultValue={c?.username ?? ''} disabled={!admin} />
          <label htmlFor="smtp-password">Password {c?.password_set ? '(set; leave empty to keep)' : ''}</label><input id="smtp-password" name="password" type="password" autoComplete="off" disabled={!admin} />
          <label htmlFor="sender_email">Sender e-mail</label><input id="sender_email" name="sender_email" type="email" required defaultValue={c?.sender_email} disabled={!admin} />
          <label htmlFor="sender_name">Sender name</label><input id="sender_name" name="sender_name" defaultValue={c?.sender_name ?? ''} disabled={!admin} />
          {admin && <button type="submit">Save connection</button>}
        </form>
      )}
      {admin && c && (
        <form className="inline" onSubmit={(e) => void test(e)}>
          <label htmlFor="to">Send a test message to</label><input id="to" name="to" type="email" required />
          <button type="submit">Send test</button>
        </form>
      )}
    </section>
  );
}

function Branding({ admin }: { admin: boolean }) {
  const { data, error, reload } = useLoad<{ firm_name: string | null; brand_colour: string | null; logo_url: string | null; second_review_for_alert: boolean; revision: string }>('/settings/branding');
  const action = useAction();
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (k: string) => (String(f.get(k) ?? '').trim() || null);
    await action.run(async () => {
      await api('PUT', '/settings/branding', { firm_name: text('firm_name'), brand_colour: text('brand_colour'), logo_url: text('logo_url'), second_review_for_alert: f.get('second_review') === 'on' });
      await reload();
      return 'Saved.';
    });
  }
  return (
    <section aria-labelledby="br-h">
      <h2 id="br-h">Branding of the hosted pages</h2>
      <Problem error={error} />
      {action.view}
      {data && (
        <form className="grid" onSubmit={(e) => void save(e)} key={data.revision}>
          <label htmlFor="firm_name">Firm name</label><input id="firm_name" name="firm_name" maxLength={200} defaultValue={data.firm_name ?? ''} disabled={!admin} />
          <label htmlFor="brand_colour">Colour (#rrggbb)</label><input id="brand_colour" name="brand_colour" pattern="#[0-9A-Fa-f]{6}" defaultValue={data.brand_colour ?? ''} disabled={!admin} />
          <label htmlFor="logo_url">Logo URL (https)</label><input id="logo_url" name="logo_url" type="url" pattern="https://.*" defaultValue={data.logo_url ?? ''} disabled={!admin} />
          <label htmlFor="second_review">Require a second reviewer for ALERT results</label><input id="second_review" name="second_review" type="checkbox" defaultChecked={data.second_review_for_alert} disabled={!admin} />
          {admin && <button type="submit">Save branding</button>}
        </form>
      )}
    </section>
  );
}

/** The sites that may embed the hosted flow with the web SDK (ADR 0145); the same setting as PUT /clients/{id}/embedding. */
function Embedding({ admin }: { admin: boolean }) {
  const { data, error, reload } = useLoad<{ allowed_origins: string[]; revision: string }>('/settings/embedding');
  const [fieldErrors, setFieldErrors] = useState<string[]>([]);
  const action = useAction();
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const lines = String(new FormData(event.currentTarget).get('origins') ?? '').split(/\s+/).filter(Boolean);
    setFieldErrors([]);
    await action.run(async () => {
      try {
        await api('PUT', '/settings/embedding', { allowed_origins: lines });
      } catch (e) {
        // One message per bad line, naming the line as typed.
        if (e instanceof ApiError && e.errors.length) setFieldErrors(e.errors.map((f) => `${lines[Number(f.pointer.split('/').pop())] ?? f.pointer}: ${f.message}`));
        throw e;
      }
      await reload();
      return lines.length ? 'Saved. Those sites can now embed the verification flow.' : 'Saved. No site can embed the verification flow.';
    });
  }
  return (
    <section aria-labelledby="emb-h">
      <h2 id="emb-h">Sites that may embed the verification flow</h2>
      <p className="muted">One origin per line, such as <code>https://www.example.com</code>: https, no path. Your pages on these sites can open the flow with the web SDK; every other site is refused by the browser.</p>
      <Problem error={error} />
      {action.view}
      {fieldErrors.length > 0 && <ul className="error" aria-label="Origins to correct">{fieldErrors.map((m) => <li key={m}>{m}</li>)}</ul>}
      {data && (
        <form className="grid" onSubmit={(e) => void save(e)} key={data.revision}>
          <label htmlFor="embed-origins">Allowed origins</label>
          <textarea id="embed-origins" name="origins" rows={4} defaultValue={data.allowed_origins.join('\n')} disabled={!admin} aria-describedby="emb-h" />
          {admin && <button type="submit">Save sites</button>}
        </form>
      )}
      {data && data.allowed_origins.length === 0 && <p>No site may embed the flow yet: add your web site's origin above to use the web SDK.</p>}
    </section>
  );
}

function Users({ me }: { me: User }) {
  const { data, error, reload } = useLoad<{ data: User[] }>('/settings/users');
  const action = useAction();
  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    await action.run(async () => {
      const r = await post<{ invitation_url: string }>('/settings/users', { name: f.get('name'), email: f.get('email'), role: f.get('role') });
      form.reset();
      forgetPeople();
      await reload();
      return `Invitation link (send it to the person; shown once): ${r.invitation_url}`;
    });
  }
  async function rename(u: User, name: string) {
    let done = false;
    await action.run(async () => {
      const renamed = await api<User>('PATCH', `/settings/users/${u.id}`, { name });
      forgetPeople();
      await reload();
      done = true;
      return `${u.email} is now named ${renamed.name}.`;
    });
    return done;
  }
  return (
    <section aria-labelledby="us-h">
      <h2 id="us-h">Users</h2>
      <Problem error={error} />
      {action.view}
      {data && (
        <table>
          <caption>Staff users of this client</caption>
          <thead><tr><th scope="col">Name</th><th scope="col">E-mail</th><th scope="col">Role</th><th scope="col">State</th><th scope="col">Second factor</th><th scope="col">Last sign-in</th><th scope="col">Actions</th></tr></thead>
          <tbody>{data.data.map((u) => (
            <tr key={u.id}>
              <td><NameCell user={u} onRename={(name) => rename(u, name)} /></td>
              <td>{u.email}</td>
              <td>
                {u.id === me.id ? u.role : (
                  <select aria-label={`Role of ${u.email}`} defaultValue={u.role} onChange={(e) => { const role = e.currentTarget.value; void action.run(async () => { await api('PATCH', `/settings/users/${u.id}`, { role }); forgetPeople(); await reload(); return `${personLabel(u)} is now ${role}.`; }); }}>
                    <option value="administrator">administrator</option><option value="reviewer">reviewer</option><option value="read-only">read-only</option>
                  </select>
                )}
              </td>
              <td>{u.status}</td><td>{u.totp_enabled ? 'TOTP' : '—'}</td><td>{u.last_login_at ? formatDateTime(u.last_login_at) : 'never'}</td>
              <td>{u.id !== me.id && (
                <button type="button" onClick={() => void action.run(async () => { await api('PATCH', `/settings/users/${u.id}`, { disabled: u.status !== 'disabled' }); await reload(); return u.status === 'disabled' ? `${personLabel(u)} enabled.` : `${personLabel(u)} disabled; their sessions ended.`; })}>
                  {u.status === 'disabled' ? 'Enable' : 'Disable'}
                </button>
              )}</td>
            </tr>
          ))}</tbody>
        </table>
      )}
      <form className="inline" onSubmit={(e) => void invite(e)}>
        <label htmlFor="invite-name">Name</label><input id="invite-name" name="name" maxLength={100} autoComplete="off" required />
        <label htmlFor="invite-email">Invite by e-mail</label><input id="invite-email" name="email" type="email" required />
        <label htmlFor="invite-role">Role</label>
        <select id="invite-role" name="role"><option value="reviewer">Reviewer</option><option value="read-only">Read-only</option><option value="administrator">Administrator</option></select>
        <button type="submit">Invite</button>
      </form>
    </section>
  );
}

/** A user's name, or "none" for one without (the pages show their e-mail alone); an administrator changes it in place. */
function NameCell({ user, onRename }: { user: User; onRename: (name: string) => Promise<boolean> }) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <>
        {user.name ?? <span className="muted">none</span>}{' '}
        <button type="button" className="secondary" aria-label={`Change the name of ${user.email}`} onClick={() => setEditing(true)}>Change</button>
      </>
    );
  }
  return (
    <form className="inline" onSubmit={(e) => { e.preventDefault(); const name = String(new FormData(e.currentTarget).get('name') ?? ''); void onRename(name).then((ok) => ok && setEditing(false)); }}>
      <input name="name" aria-label={`Name of ${user.email}`} defaultValue={user.name ?? ''} maxLength={100} autoComplete="off" required />
      <button type="submit">Save name</button>
      <button type="button" className="secondary" onClick={() => setEditing(false)}>Cancel</button>
    </form>
  );
}

function Security({ user, onUserChanged }: { user: User; onUserChanged: (user: User) => void }) {
  const [pending, setPending] = useState<{ secret: string; otpauth_url: string }>();
  const [qr, setQr] = useState<string>();
  const action = useAction();
  // The name and password forms each show their own message beside them, not under "Two-factor sign-in".
  const naming = useAction();
  const password = useAction();
  useEffect(() => {
    if (pending) QRCode.toDataURL(pending.otpauth_url, { errorCorrectionLevel: 'M', margin: 2, width: 220 }).then(setQr, () => setQr(undefined));
  }, [pending]);
  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    if (f.get('new_password') !== f.get('repeat_password')) return password.run(async () => { throw new Error('The new passwords differ'); });
    await password.run(async () => {
      await post('/me/password', { current_password: f.get('current_password'), new_password: f.get('new_password') });
      form.reset();
      return 'Password changed; your other sessions have ended.';
    });
  }
  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name'));
    await naming.run(async () => {
      const saved = await api<User>('PATCH', '/me', { name });
      forgetPeople();
      onUserChanged(saved);
      return `Colleagues now see you as ${personLabel(saved)}.`;
    });
  }
  return (
    <section aria-labelledby="sec-h">
      <h2 id="name-h">Your name</h2>
      <form className="inline" onSubmit={(e) => void rename(e)} aria-labelledby="name-h">
        <label htmlFor="my-name">Name colleagues see beside {user.email}</label>
        <input id="my-name" name="name" autoComplete="name" maxLength={100} required defaultValue={user.name ?? ''} />
        <button type="submit">Save name</button>
      </form>
      {naming.view}
      <h2 id="pw-h">Password</h2>
      <form className="grid" onSubmit={(e) => void changePassword(e)} aria-labelledby="pw-h">
        <label htmlFor="current_password">Current password</label><input id="current_password" name="current_password" type="password" autoComplete="current-password" required />
        <label htmlFor="new_password">New password (at least 12 characters)</label><input id="new_password" name="new_password" type="password" autoComplete="new-password" minLength={12} required />
        <label htmlFor="repeat_password">Repeat the new password</label><input id="repeat_password" name="repeat_password" type="password" autoComplete="new-password" minLength={12} required />
        <button type="submit">Change password</button>
      </form>
      {password.view}
      <h2 id="sec-h">Two-factor sign-in</h2>
      {action.view}
      {user.totp_enabled ? <p>An authenticator app is set up for {user.email}.</p> : (
        <>
          {!pending && <button type="button" onClick={() => void action.run(async () => setPending(await post('/me/totp')))}>Set up an authenticator app</button>}
          {pending && (
            <form className="inline" onSubmit={(e) => { e.preventDefault(); const code = String(new FormData(e.currentTarget).get('code')); void action.run(async () => { await post('/me/totp/confirm', { code }); return 'Two-factor sign-in is on from your next sign-in.'; }); }}>
              {qr && <img src={qr} alt="QR code to scan with your authenticator app" width={220} height={220} />}
              <p>Scan the code, or enter this key in your authenticator app: <code data-testid="totp-secret">{pending.secret}</code></p>
              <label htmlFor="totp-code">Code from the app</label><input id="totp-code" name="code" inputMode="numeric" required />
              <button type="submit">Turn on</button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
