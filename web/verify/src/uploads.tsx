import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, type DocumentKind, type Feedback, type UploadInfo } from './api.ts';
import type { StepProps } from './step.ts';
import { Camera, type Guide } from './capture/Camera.tsx';

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; feedback: Feedback } | { kind: 'refused'; code: string; message?: string };

function problemsText(t: StepProps['t'], codes: string[]): string[] {
  const known = codes.map((c) => t.problem[c]).filter((m): m is string => Boolean(m));
  return known.length ? [...new Set(known)] : codes.length ? [t.problemFallback] : [];
}

/**
 * One upload slot: camera capture (getUserMedia) with a file-upload fallback that is always there. The
 * server's feedback comes back at once; a poor photo is explained so the contact can take it again. `document`:
 * the document step's chosen kind, sent with the photo so the feedback can tell a card's front from its back.
 */
export function Capture({ props, slot, facing, accept, optional, guide, document }: { props: StepProps; slot: string; facing: 'user' | 'environment'; accept: string; optional?: boolean; guide?: Guide; document?: DocumentKind }) {
  const { t } = props;
  const id = useId();
  const existing = props.flow.uploads.find((u) => u.slot === slot);
  const [status, setStatus] = useState<Status>(existing?.feedback ? { kind: 'done', feedback: existing.feedback } : existing ? { kind: 'done', feedback: { usable: true, problems: [] } } : { kind: 'idle' });
  const [camera, setCamera] = useState(false);
  const [cameraFailed, setCameraFailed] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const label = t.slot[slot] ?? slot;
  // Stable, so the camera is opened once, not again on every render of this slot.
  const unavailable = useCallback(() => { setCameraFailed(true); setCamera(false); }, []);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const send = async (file: Blob) => {
    setCamera(false);
    setStatus({ kind: 'busy' });
    if (file.type.startsWith('image/')) setPreview(URL.createObjectURL(file));
    try {
      const result: UploadInfo & { feedback: Feedback } = await props.client.upload(slot, file, document);
      setStatus({ kind: 'done', feedback: result.feedback });
      await props.refresh();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 415 || error.status === 413 || error.status === 400)) {
        setStatus({ kind: 'refused', code: error.status === 413 ? 'TOO_LARGE' : error.reason ?? 'UNSUPPORTED_TYPE' });
      } else props.fail(error);
    }
  };
  const problems = status.kind === 'done' ? problemsText(t, status.feedback.problems) : status.kind === 'refused' ? [t.problem[status.code] ?? t.problemFallback] : [];
  const poor = problems.length > 0;

  return (
    <fieldset className={`capture ${poor ? 'poor' : ''}`}>
      <legend>{label} {optional && <span className="muted">{t.optional}</span>}</legend>
      {preview && <img className="preview" src={preview} alt={label} />}
      {status.kind === 'busy' && <p role="status">{t.uploading}</p>}
      {status.kind === 'done' && !poor && <p role="status" className="ok">{t.uploaded}</p>}
      {poor && (
        <div role="alert" className="problems">
          <ul>{problems.map((p) => <li key={p}>{p}</li>)}</ul>
        </div>
      )}
      {camera && !cameraFailed ? (
        <Camera facing={facing} label={label} t={t} guide={guide} onPhoto={send} onUnavailable={unavailable} />
      ) : (
        accept !== 'application/json' && <button type="button" className="secondary" onClick={() => setCamera(true)}>{status.kind === 'done' ? t.retake : t.useCamera}</button>
      )}
      {cameraFailed && <p className="notice">{t.cameraUnavailable}</p>}
      <div className="field file">
        {/* No `capture` attribute: on phones it would hide the gallery, and the camera button above covers capture.
            The browser's "Choose File / No file chosen" is hidden; its label is the styled button (issue 25). */}
        <input id={id} ref={fileInput} type="file" accept={accept} className="file-input" aria-label={label}
          onChange={(e) => { const f = e.target.files?.[0]; if (f) void send(f); e.target.value = ''; }} />
        <label htmlFor={id} className="file-button">{status.kind === 'done' ? t.chooseAnother : t.chooseFileShort}</label>
      </div>
    </fieldset>
  );
}


export function NextButton({ props, slots }: { props: StepProps; slots: string[] }) {
  const ready = slots.every((s) => props.flow.uploads.some((u) => u.slot === s));
  return <button type="button" disabled={!ready} onClick={props.next}>{props.t.next}</button>;
}

export function SelfieStep(props: StepProps) {
  return (
    <>
      <p className="help">{props.t.selfieHelp}</p>
      <Capture props={props} slot="selfie" facing="user" accept="image/*" guide="oval" />
      <NextButton props={props} slots={['selfie']} />
    </>
  );
}

export function ProofStep(props: StepProps & { slot: 'proof_of_identity' | 'proof_of_address' }) {
  return (
    <>
      {props.slot === 'proof_of_address' && <p className="help">{props.t.proofHelp}</p>}
      <Capture props={props} slot={props.slot} facing="environment" accept="image/*,application/pdf" />
      <NextButton props={props} slots={[props.slot]} />
    </>
  );
}
