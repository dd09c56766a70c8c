import { useEffect, useRef, useState, type ReactElement, type RefObject } from 'react';
import type { Messages } from '../i18n.ts';
import { ANALYSIS_WIDTH, assess, greyFromRgba, guideRect, ID1_ASPECT, ID3_ASPECT, shutter, type Grey, type Hint } from './framing.ts';

/** What is drawn over the live video: a document's shape (ID-1 card, ID-3 passport page) or an oval for a face. */
export type Guide = 'card' | 'passport' | 'oval';
const isDocument = (g: Guide | undefined): g is 'card' | 'passport' => g === 'card' || g === 'passport';

/** How often a document frame is analysed: often enough to feel live, rare enough for a slow phone. */
const ANALYSE_MS = 150;

/** The video's own size once it plays (the guide is drawn in the video's pixels, so it sits where the analysis looks). */
function useVideoSize(video: RefObject<HTMLVideoElement | null>) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const read = () => { if (v.videoWidth) setSize({ w: v.videoWidth, h: v.videoHeight }); };
    read();
    v.addEventListener('loadedmetadata', read);
    v.addEventListener('resize', read);
    return () => { v.removeEventListener('loadedmetadata', read); v.removeEventListener('resize', read); };
  }, [video]);
  return size;
}

/**
 * Watches the video for a document guide: every ANALYSE_MS a small grey copy of the frame is judged (framing.ts)
 * and the hint shown; after a few "ready" frames in a row the photo is taken without a tap.
 */
function useDocumentWatch(video: RefObject<HTMLVideoElement | null>, guide: Guide | undefined, active: boolean, onReady: () => void) {
  const [hint, setHint] = useState<Hint | null>(null);
  const ready = useRef(onReady);
  ready.current = onReady;
  useEffect(() => {
    if (!active || !isDocument(guide)) return;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    let previous: Grey | null = null;
    let count = 0;
    let fired = false;
    const timer = setInterval(() => {
      const v = video.current;
      if (!v || !v.videoWidth || !context || fired) return;
      canvas.width = ANALYSIS_WIDTH;
      canvas.height = Math.round((v.videoHeight * ANALYSIS_WIDTH) / v.videoWidth);
      context.drawImage(v, 0, 0, canvas.width, canvas.height);
      const grey = greyFromRgba(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
      const frame = guideRect(canvas.width, canvas.height, guide === 'passport' ? ID3_ASPECT : ID1_ASPECT);
      const a = assess(grey, frame, previous);
      previous = grey;
      setHint(a.hint);
      const s = shutter(count, a.hint);
      count = s.count;
      if (s.fire) {
        fired = true;
        ready.current();
      }
    }, ANALYSE_MS);
    return () => clearInterval(timer);
  }, [video, guide, active]);
  return hint;
}

/** The guide over a video element (the liveness step's own video uses it too), once the video has a size. */
export function GuideOverlay({ video, guide, ready = false }: { video: RefObject<HTMLVideoElement | null>; guide: Guide; ready?: boolean }) {
  const size = useVideoSize(video);
  return size ? <Overlay guide={guide} size={size} ready={ready} /> : null;
}

/** The dimmed surround and the outline, in the video's own pixels; decorative (the words say the same). */
function Overlay({ guide, size, ready }: { guide: Guide; size: { w: number; h: number }; ready: boolean }) {
  const { w, h } = size;
  let hole: string;
  let outline: ReactElement;
  if (guide === 'oval') {
    const ry = h * 0.4;
    const rx = Math.min(ry / 1.3, w * 0.4);
    const [cx, cy] = [w / 2, h / 2];
    hole = `M${cx - rx},${cy} a${rx},${ry} 0 1,0 ${2 * rx},0 a${rx},${ry} 0 1,0 ${-2 * rx},0 Z`;
    outline = <ellipse className="guide-line" cx={cx} cy={cy} rx={rx} ry={ry} />;
  } else {
    const r = guideRect(w, h, guide === 'passport' ? ID3_ASPECT : ID1_ASPECT);
    const radius = Math.round(r.height * 0.06);
    hole = `M${r.x},${r.y} h${r.width} v${r.height} h${-r.width} Z`;
    outline = <rect className="guide-line" x={r.x} y={r.y} width={r.width} height={r.height} rx={radius} ry={radius} />;
  }
  return (
    <svg className={`guide ${ready ? 'ready' : ''}`} viewBox={`0 0 ${w} ${h}`} preserveAspectRatio="xMidYMid meet" aria-hidden="true" data-guide={guide}>
      <path className="guide-shade" fillRule="evenodd" d={`M0,0 H${w} V${h} H0 Z ${hole}`} />
      {outline}
    </svg>
  );
}

/**
 * The camera, while open: the live video under its guide, the live hint for documents (aria-live), and the
 * shutter button, which always works. A document is also taken by itself once it sits in the frame, sharp.
 */
export function Camera({ facing, label, t, guide, onPhoto, onUnavailable }: {
  facing: 'user' | 'environment'; label: string; t: Messages; guide?: Guide; onPhoto: (b: Blob) => void; onUnavailable: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const taking = useRef(false);
  useEffect(() => {
    let active: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices?.getUserMedia({ video: { facingMode: facing, width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false }).then((s) => {
      if (cancelled) return s.getTracks().forEach((tr) => tr.stop());
      active = s;
      setStream(s);
      if (video.current) video.current.srcObject = s;
    }, onUnavailable) ?? onUnavailable();
    return () => { cancelled = true; active?.getTracks().forEach((tr) => tr.stop()); };
  }, [facing, onUnavailable]);
  const take = () => {
    const v = video.current;
    if (!v || !v.videoWidth || taking.current) return;
    taking.current = true;
    // The whole frame at full size: the server finds the document in it and judges it again.
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')!.drawImage(v, 0, 0);
    canvas.toBlob((b) => { taking.current = false; if (b) onPhoto(b); }, 'image/jpeg', 0.92);
  };
  const hint = useDocumentWatch(video, guide, Boolean(stream), take);
  return (
    <div className="camera">
      <div className="viewfinder">
        <video ref={video} autoPlay playsInline muted aria-label={label} />
        {guide && <GuideOverlay video={video} guide={guide} ready={hint === 'ready'} />}
      </div>
      {guide === 'oval' && <p className="help">{t.doc.oval}</p>}
      {isDocument(guide) && <>
          {/* Polite and only on change: a hint that flickers between two states must not flood a screen reader. */}
          <p className={`hint ${hint === 'ready' ? 'ready' : ''}`} role="status" aria-live="polite">{hint ? t.doc.hint[hint] : ''}</p>
          <p className="help">{t.doc.auto}</p>
        </>}
      <button type="button" onClick={take} disabled={!stream}>{t.takePhoto}</button>
    </div>
  );
}
