import { useEffect, useId, useRef, useState } from 'react';
import QRCode from 'qrcode';
import { tokenFromPath } from '../api.ts';
import { Capture } from '../uploads.tsx';
import { GuideOverlay } from '../capture/Camera.tsx';
import type { StepProps } from '../step.ts';
import { livenessApi, type LiveOutcome, type LiveSession } from './api.ts';
import { describeCamera, type CameraReport } from './camera.ts';
import { liveMessages, speechLang, type LiveMessages } from './messages.ts';

type State =
  | { kind: 'intro' }
  | { kind: 'starting' }
  | { kind: 'capturing'; prompt: string }
  | { kind: 'checking' }
  | { kind: 'result'; outcome: LiveOutcome }
  | { kind: 'no-camera' }
  | { kind: 'error' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long the neutral start lasts, and how long frames go on after the last prompt (a blink ends open). */
const NEUTRAL_MS = 2000;
const TAIL_MS = 700;
/** Frames are sent at this width at most: enough for the landmarks, small enough to stream. */
const FRAME_WIDTH = 640;

/** Says the prompt aloud where the browser can (speechSynthesis); the written prompt is always there too. */
function speak(text: string) {
  try {
    if (!('speechSynthesis' in window)) return;
    window.speechSynthesis.cancel();
    const u = new SpeechSynthesisUtterance(text);
    u.lang = speechLang();
    window.speechSynthesis.speak(u);
  } catch { /* no voice: the written prompt is enough */ }
}

function grab(video: HTMLVideoElement): Promise<Blob | null> {
  return new Promise((resolve) => {
    if (!video.videoWidth) return resolve(null);
    const scale = Math.min(1, FRAME_WIDTH / video.videoWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    // Unmirrored, as the camera sees: the server's turn directions assume it (the preview alone is mirrored).
    canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(resolve, 'image/jpeg', 0.85);
  });
}

/**
 * The liveness step (issue 21): the camera opens, then the server starts a capture session and only then tells
 * the challenges; each prompt is shown and spoken while frames stream to the session with its nonce; the server
 * decides. No file input: frames chosen from disk never count. No camera: the hand-over to a phone.
 */
export function LivenessStep(props: StepProps) {
  const m = liveMessages();
  const token = tokenFromPath(location.pathname);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<State>({ kind: 'intro' });
  const [camera, setCamera] = useState<CameraReport | null>(null);
  const chip = props.flow.steps.some((s) => s.uploads.some((u) => u.slot === 'chip'));
  const done = props.flow.steps.find((s) => s.id === 'liveness')?.complete ?? false;

  useEffect(() => () => stopCamera(), []);
  function stopCamera() {
    stream.current?.getTracks().forEach((tr) => tr.stop());
    stream.current = null;
  }

  async function run() {
    setState({ kind: 'starting' });
    let media: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
      media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
    } catch {
      return setState({ kind: 'no-camera' });
    }
    stream.current = media;
    const track = media.getVideoTracks()[0]!;
    const report = describeCamera(track);
    setCamera(report);
    try {
      const v = video.current!;
      v.srcObject = media;
      if (!v.videoWidth) await new Promise((r) => v.addEventListener('loadeddata', r, { once: true }));
      const api = livenessApi(token);
      // The session, its nonce and its challenges start now, with the camera already running.
      const session = await api.start({ label: report.label, virtual: report.virtual, settings: report.settings });
      await capture(api, session, v, m);
      setState({ kind: 'checking' });
      const outcome = await api.finish(session);
      stopCamera();
      await props.refresh();
      setState({ kind: 'result', outcome });
    } catch (error) {
      stopCamera();
      if (error instanceof Error && /expired|finished/i.test(error.message)) return setState({ kind: 'result', outcome: { session_id: '', decision: 'FAILED', reasons: ['LIVENESS_SESSION_EXPIRED'], challenges: [] } });
      setState({ kind: 'error' });
    }
  }

  /** Streams frames while the prompts follow each other; uploads queue in order behind the capture. */
  async function capture(api: ReturnType<typeof livenessApi>, s: LiveSession, v: HTMLVideoElement, words: LiveMessages) {
    let queue: Promise<unknown> = Promise.resolve();
    let sent = 0;
    let failure: unknown = null;
    const shoot = async (step: number, ms: number) => {
      const end = Date.now() + ms;
      while (Date.now() < end && sent < s.max_frames) {
        const frame = await grab(v);
        if (frame) {
          sent++;
          queue = queue.then(() => api.frame(s, step, frame)).catch((e) => { failure ??= e; });
        }
        await sleep(s.frame_interval_ms);
      }
    };
    const show = (prompt: string) => { setState({ kind: 'capturing', prompt }); speak(prompt); };
    show(words.look);
    await shoot(0, NEUTRAL_MS);
    for (const [i, challenge] of s.challenges.entries()) {
      show(words.prompt[challenge]);
      await shoot(i + 1, s.step_ms + (i === s.challenges.length - 1 ? TAIL_MS : 0));
    }
    show(words.back);
    await queue;
    if (failure) throw failure;
  }

  const problems = state.kind === 'result' ? [...new Set(state.outcome.reasons.map((r) => m.reason[r]).filter((x): x is string => Boolean(x)))] : [];
  return (
    <>
      <p className="help">{m.help}</p>
      {camera?.virtual && <p role="alert" className="notice">{m.virtual(camera.label || '?')}</p>}
      <div className="camera" hidden={state.kind !== 'starting' && state.kind !== 'capturing'}>
        {state.kind === 'capturing' && <p className="prompt" aria-live="assertive">{state.prompt}</p>}
        {state.kind === 'starting' && <p role="status">{m.starting}</p>}
        {/* Mirrored like a mirror, which people expect; the frames sent are not (see grab). */}
        <div className="viewfinder">
          <video ref={video} autoPlay playsInline muted aria-label={m.preview} style={{ transform: 'scaleX(-1)' }} />
          {/* Where the face goes (issue 25); symmetric, so the mirrored preview needs no mirrored oval. */}
          <GuideOverlay video={video} guide="oval" />
        </div>
      </div>
      {state.kind === 'checking' && <p role="status">{m.checking}</p>}
      {state.kind === 'result' && state.outcome.decision === 'PASSED' && <p role="status" className="ok">{m.passed}</p>}
      {state.kind === 'result' && state.outcome.decision === 'FAILED' && (
        <div role="alert" className="problems">
          <p>{m.failed}</p>
          <ul>{[...problems, m.failedHint].map((p) => <li key={p}>{p}</li>)}</ul>
        </div>
      )}
      {state.kind === 'error' && <p role="alert" className="notice">{props.t.error}</p>}
      {state.kind === 'no-camera' && <PhoneHandover m={m} url={props.flow.handover_url ?? location.href} onRetry={() => void run()} />}
      {(state.kind === 'intro' || state.kind === 'result' || state.kind === 'error') && (
        <button type="button" className={state.kind === 'result' && state.outcome.decision === 'PASSED' ? 'secondary' : ''} onClick={() => void run()}>{state.kind === 'intro' && !done ? m.start : m.again}</button>
      )}
      {chip && <Capture props={props} slot="chip" facing="environment" accept="application/json" optional />}
      <button type="button" disabled={!done} onClick={props.next}>{props.t.next}</button>
    </>
  );
}

/** No camera here: the project's hand-over (the same link on a phone continues the same flow), as a QR code and the link. */
function PhoneHandover({ m, url, onRetry }: { m: LiveMessages; url: string; onRetry: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const linkId = useId();
  useEffect(() => { QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 240 }).then(setQr, () => setQr(null)); }, [url]);
  return (
    <div role="alert" className="notice">
      <p>{m.noCamera}</p>
      {qr && <img className="qr" src={qr} alt={m.qr} width={240} height={240} />}
      <div className="field">
        <label htmlFor={linkId}>{m.link}</label>
        <input id={linkId} type="url" readOnly value={url} onFocus={(e) => e.target.select()} />
      </div>
      <button type="button" className="secondary" onClick={onRetry}>{m.retryCamera}</button>
    </div>
  );
}
