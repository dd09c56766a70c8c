import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, type Address, type StepId } from './api.ts';
import { countryOptions } from './countries.ts';
import type { StepProps } from './step.ts';

// No country chosen for the contact: a default would be wrong for everyone outside it, and easy to miss.
const EMPTY: Address = { street: '', city: '', postcode: '', country: '' };

function Field(props: { label: string; value: string; onChange: (v: string) => void; type?: string; autoComplete?: string; required?: boolean; pattern?: string; maxLength?: number }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input id={id} type={props.type ?? 'text'} value={props.value} onChange={(e) => props.onChange(e.target.value)} autoComplete={props.autoComplete}
        required={props.required ?? true} pattern={props.pattern} maxLength={props.maxLength ?? 200} />
    </div>
  );
}

/** The country as a list of names in the page's language; the answer is the ISO 3166-1 alpha-2 code the server checks. */
function CountryField({ t, value, onChange, autoComplete }: { t: StepProps['t']; value: string; onChange: (code: string) => void; autoComplete?: string }) {
  const id = useId();
  const options = useMemo(() => countryOptions(t.locale), [t.locale]);
  return (
    <div className="field">
      <label htmlFor={id}>{t.field.country}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} autoComplete={autoComplete} required>
        <option value="" disabled>{t.field.chooseCountry}</option>
        {options.map((o) => <option key={o.code} value={o.code}>{o.name}</option>)}
      </select>
    </div>
  );
}

function AddressFields({ t, value, onChange, prefix }: { t: StepProps['t']; value: Address; onChange: (a: Address) => void; prefix?: string }) {
  const set = (k: keyof Address) => (v: string) => onChange({ ...value, [k]: v });
  const ac = (s: string) => (prefix ? 'off' : s);
  return (
    <>
      <Field label={t.field.street} value={value.street} onChange={set('street')} autoComplete={ac('street-address')} />
      <Field label={t.field.city} value={value.city} onChange={set('city')} autoComplete={ac('address-level2')} maxLength={100} />
      <Field label={t.field.postcode} value={value.postcode} onChange={set('postcode')} autoComplete={ac('postal-code')} maxLength={20} />
      <CountryField t={t} value={value.country} onChange={set('country')} autoComplete={ac('country')} />
    </>
  );
}

/** A form that saves one step and shows the server's field errors next to the button. */
function StepForm({ props, step, data, children }: { props: StepProps; step: StepId; data: () => unknown; children: ReactNode }) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    try {
      props.update(await props.client.saveStep(step, data()));
      props.next();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors.length ? error.errors.map((e) => e.message) : [error.message]);
      else props.fail(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate={false}>
      {children}
      {errors.length > 0 && <div role="alert" className="problems"><ul>{errors.map((e) => <li key={e}>{e}</li>)}</ul></div>}
      <button type="submit" disabled={busy}>{busy ? props.t.saving : props.t.next}</button>
    </form>
  );
}

export function PersonalDetails(props: StepProps) {
  const [address, setAddress] = useState<Address>(props.flow.answers.personal_details?.address ?? EMPTY);
  return <StepForm props={props} step="personal_details" data={() => ({ address })}><AddressFields t={props.t} value={address} onChange={setAddress} /></StepForm>;
}

export function UniqueEmail(props: StepProps) {
  const [email, setEmail] = useState(props.flow.answers.unique_email?.email ?? '');
  return <StepForm props={props} step="unique_email" data={() => ({ email })}><Field label={props.t.field.email} type="email" value={email} onChange={setEmail} autoComplete="email" maxLength={254} /></StepForm>;
}

type Name = { first_name: string; last_name: string; from?: string; to?: string };

export function NamesHistory(props: StepProps) {
  const { t } = props;
  const [names, setNames] = useState<Name[]>(props.flow.answers.legal_names_history?.names ?? [{ first_name: '', last_name: '' }]);
  const set = (i: number, k: keyof Name) => (v: string) => setNames(names.map((n, j) => (j === i ? { ...n, [k]: v || undefined } : n)));
  return (
    <StepForm props={props} step="legal_names_history" data={() => ({ names: names.map((n) => Object.fromEntries(Object.entries(n).filter(([, v]) => v))) })}>
      {names.map((n, i) => (
        <fieldset key={i}>
          <legend>{t.field.name(i + 1)}</legend>
          <Field label={t.field.first_name} value={n.first_name ?? ''} onChange={set(i, 'first_name')} autoComplete={i ? 'off' : 'given-name'} maxLength={100} />
          <Field label={t.field.last_name} value={n.last_name ?? ''} onChange={set(i, 'last_name')} autoComplete={i ? 'off' : 'family-name'} maxLength={100} />
          {i > 0 && <Field label={t.field.to} type="date" value={n.to ?? ''} onChange={set(i, 'to')} required={false} />}
          {i > 0 && <button type="button" className="secondary" onClick={() => setNames(names.filter((_, j) => j !== i))}>{t.remove}: {t.field.name(i + 1)}</button>}
        </fieldset>
      ))}
      {names.length < 10 && <button type="button" className="secondary" onClick={() => setNames([...names, { first_name: '', last_name: '' }])}>{t.addName}</button>}
    </StepForm>
  );
}

type Dated = Address & { from: string; to?: string };

export function AddressHistory(props: StepProps) {
  const { t } = props;
  const [list, setList] = useState<Dated[]>(props.flow.answers.home_address_history?.addresses
    ?? [{ ...(props.flow.answers.personal_details?.address ?? EMPTY), from: '' }]);
  const set = (i: number) => (a: Address) => setList(list.map((x, j) => (j === i ? { ...x, ...a } : x)));
  const setDate = (i: number, k: 'from' | 'to') => (v: string) => setList(list.map((x, j) => (j === i ? { ...x, [k]: v || undefined } : x)));
  return (
    <StepForm props={props} step="home_address_history" data={() => ({ addresses: list.map((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v))) })}>
      {list.map((a, i) => (
        <fieldset key={i}>
          <legend>{i === 0 ? t.field.current : t.field.previous(i)}</legend>
          <AddressFields t={t} value={a} onChange={set(i)} prefix={i ? 'prev' : undefined} />
          <Field label={t.field.from} type="date" value={a.from} onChange={setDate(i, 'from')} />
          {i > 0 && <Field label={t.field.to} type="date" value={a.to ?? ''} onChange={setDate(i, 'to')} />}
          {i > 0 && <button type="button" className="secondary" onClick={() => setList(list.filter((_, j) => j !== i))}>{t.remove}: {t.field.previous(i)}</button>}
        </fieldset>
      ))}
      {list.length < 20 && <button type="button" className="secondary" onClick={() => setList([...list, { ...EMPTY, from: '', to: '' }])}>{t.addAddress}</button>}
    </StepForm>
  );
}
