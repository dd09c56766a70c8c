import { useId, useMemo, useState, type FormEvent } from 'react';
import type { DocumentKind } from '../api.ts';
import { countryOptions } from '../countries.ts';
import type { StepProps } from '../step.ts';
import { Capture, NextButton } from '../uploads.tsx';

/** The document the contact said they will photograph. */
interface Choice { kind: DocumentKind; country: string }

/** A server from before the flow named the documents offers the spec's two (idscan: passport or driving licence). */
const SPEC_KINDS: DocumentKind[] = ['passport', 'driving_licence'];
const KEY = 'verify.document';

/**
 * The choice guides the page (the frame's shape, which sides to photograph, the words) and the server's feedback
 * on each photo, which it is sent with (an identity card's front shows the portrait, its back the MRZ; ADR 0211);
 * the report reads the document's type from the images. Kept for this tab only, so a reload keeps it and nothing
 * outlives the session on a shared device.
 */
function remembered(kinds: DocumentKind[]): Choice | null {
  try {
    const c = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Choice | null;
    return c && kinds.includes(c.kind) && /^[A-Z]{2}$/.test(c.country) ? c : null;
  } catch { return null; }
}
function remember(choice: Choice | null) {
  try { if (choice) sessionStorage.setItem(KEY, JSON.stringify(choice)); else sessionStorage.removeItem(KEY); } catch { /* private mode */ }
}

/** The country first offered: the home address given earlier, else the browser's region (en-GB: GB), else none. */
function likelyCountry(props: StepProps): string {
  const given = props.flow.answers.personal_details?.address.country;
  if (given) return given;
  const region = /^[a-z]{2,3}-([A-Z]{2})$/i.exec(navigator.language ?? '')?.[1]?.toUpperCase();
  return region && countryOptions('en').some((c) => c.code === region) ? region : '';
}

/** First screen of the document step: the issuing country and the kind, among the kinds the request accepts. */
function DocumentChoice({ props, kinds, initial, onChoose }: { props: StepProps; kinds: DocumentKind[]; initial: Choice; onChoose: (c: Choice) => void }) {
  const { t } = props;
  const id = useId();
  const [country, setCountry] = useState(initial.country);
  const [kind, setKind] = useState<DocumentKind>(initial.kind);
  const [missing, setMissing] = useState(false);
  const options = useMemo(() => countryOptions(t.locale), [t.locale]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!country) return setMissing(true);
    onChoose({ kind, country });
  };
  return (
    <form onSubmit={submit} noValidate className="document-choice">
      <p className="help">{t.doc.which}</p>
      <div className="field">
        <label htmlFor={`${id}-country`}>{t.doc.country}</label>
        <select id={`${id}-country`} value={country} aria-invalid={missing && !country} aria-describedby={missing && !country ? `${id}-error` : undefined}
          onChange={(e) => { setCountry(e.target.value); setMissing(false); }}>
          <option value="">{t.field.chooseCountry}</option>
          {options.map((o) => <option key={o.code} value={o.code}>{o.name}</option>)}
        </select>
        {missing && !country && <p id={`${id}-error`} role="alert" className="error">{t.doc.countryMissing}</p>}
      </div>
      <fieldset className="kinds">
        <legend>{t.doc.kind}</legend>
        {kinds.map((k) => (
          <label key={k} className="kind">
            <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} />
            <span>{t.doc.kinds[k]} <span className="muted">{t.doc.kindHelp[k]}</span></span>
          </label>
        ))}
      </fieldset>
      <button type="submit">{t.doc.continue}</button>
    </form>
  );
}

/**
 * The document step: which document (country and kind, only the kinds this request accepts, from the flow's
 * `documents`), then its photos: the front with a frame of the document's shape, and the back for cards.
 */
export function DocumentStep(props: StepProps) {
  const { t } = props;
  const step = props.flow.steps.find((s) => s.id === 'id_document');
  const kinds = step?.documents?.length ? step.documents : SPEC_KINDS;
  const started = props.flow.uploads.some((u) => u.slot === 'document_front');
  // Reopened after a photo was sent in another tab or on the phone: straight to the photos, as the first kind.
  const [choice, setChoice] = useState<Choice | null>(() => remembered(kinds) ?? (started ? { kind: kinds[0]!, country: likelyCountry(props) } : null));
  const [last, setLast] = useState<Choice | null>(choice);
  const choose = (c: Choice | null) => { remember(c); setChoice(c); if (c) setLast(c); };
  if (!choice) return <DocumentChoice props={props} kinds={kinds} initial={last ?? { kind: kinds[0]!, country: likelyCountry(props) }} onChoose={choose} />;

  const passport = choice.kind === 'passport';
  const countryName = countryOptions(t.locale).find((c) => c.code === choice.country)?.name ?? choice.country;
  return (
    <>
      <p className="chosen">
        {/* One item, the dot bound to the kind: on a narrow phone the country wraps, never a line starting with "·". */}
        <span><strong>{t.doc.kinds[choice.kind]}</strong>{countryName && <>{'\u00a0· '}{countryName}</>}</span>{' '}
        <button type="button" className="link" onClick={() => choose(null)}>{t.doc.change}</button>
      </p>
      <p className="help">{passport ? t.doc.help.passport : t.doc.help.card}</p>
      <Capture props={props} slot="document_front" facing="environment" accept="image/*" guide={passport ? 'passport' : 'card'} document={choice.kind} />
      {/* A passport's data page has no back; a card's back carries more (a licence's categories, an ID card's MRZ). */}
      {!passport && <Capture props={props} slot="document_back" facing="environment" accept="image/*" guide="card" optional document={choice.kind} />}
      <NextButton props={props} slots={['document_front']} />
    </>
  );
}
