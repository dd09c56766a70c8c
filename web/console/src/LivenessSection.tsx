import { formatScore } from './format.tsx';
import { reasonSentence } from './reasons.ts';

/** The liveness capture session as the report's details hold it (src/modules/onboarding/checks/face.ts). */
export interface LiveCapture {
  session_id?: string;
  decision: string;
  reasons: string[];
  started_at?: string;
  finished_at?: string;
  camera?: { label?: string; virtual?: boolean; settings?: Record<string, unknown> } | null;
  challenges?: { type: string; step: number; met: boolean; value: number | null; threshold: number; measure: string; frame: number | null }[];
  scores?: { name: string; value: number | null; threshold: number; rule: '>=' | '<='; passed: boolean }[];
  frames?: { seq: number; step: number; at_ms: number; face: boolean; gesture: { yaw: number; pitch_ratio: number; ear: number; mouth_ratio: number } | null; similarity: number | null }[];
  selfie_frame?: number | null;
  uploaded_files_ignored?: string[];
}

const CHALLENGE_NAMES: Record<string, string> = { turn_left: 'Turn the head to their left', turn_right: 'Turn the head to their right', look_up: 'Look up', blink: 'Blink (close and open the eyes)', smile: 'Smile' };
const SCORE_NAMES: Record<string, string> = {
  faceless_share: 'Share of frames without a face', start_yaw_abs: 'Head turn at the start (degrees)', start_eye_aspect_ratio: 'Eyes open at the start (eye aspect ratio)',
  min_same_face_similarity: 'Lowest similarity of a frame to the reference frame', identical_pair_share: 'Share of consecutive frames that are identical',
  max_centre_jump: 'Largest jump of the face between frames (face widths)', max_scale_jump: 'Largest change of face size between frames (ratio)',
  replay_similarity: 'Highest similarity to a face seen in another session',
};
// Counts and whole-degree thresholds as they are (15, not 15.000).
const fmt = (v: number | null) => (v !== null && Number.isInteger(v) ? String(v) : formatScore(v));

/**
 * What the reviewer needs to judge a liveness result: the challenges asked and whether each was met (with the
 * measure against its threshold), every score against its threshold, and the frames themselves.
 */
export function LivenessSection({ liveness, frameUrl }: { liveness: LiveCapture; frameUrl: (sessionId: string, seq: number) => string }) {
  const frames = liveness.frames ?? [];
  return (
    <section className="card" aria-labelledby="onb-liveness">
      <h2 id="onb-liveness">Liveness (live capture)</h2>
      <dl className="facts">
        <dt>Decision</dt><dd><span className={`badge ${liveness.decision === 'PASSED' ? 'good' : 'bad'}`} data-testid="liveness-decision">{liveness.decision}</span></dd>
        <dt>Reasons</dt><dd>{liveness.reasons.length ? liveness.reasons.map((r) => reasonSentence(r)).join(' ') : 'None'}</dd>
        {liveness.camera && <><dt>Camera</dt><dd>{liveness.camera.label || 'unnamed'}{liveness.camera.virtual ? ' (the page judged it virtual)' : ''}</dd></>}
        {liveness.started_at && <><dt>Session</dt><dd>{liveness.started_at} to {liveness.finished_at}, {frames.length} frames</dd></>}
        {liveness.uploaded_files_ignored && liveness.uploaded_files_ignored.length > 0 && <><dt>Uploaded liveness files</dt><dd>{liveness.uploaded_files_ignored.join(', ')}: ignored, not a live capture</dd></>}
      </dl>
      {liveness.challenges && liveness.challenges.length > 0 && (
        <table>
          <caption>Challenges asked, in order</caption>
          <thead><tr><th scope="col">Step</th><th scope="col">Asked</th><th scope="col">Met</th><th scope="col">Measure</th><th scope="col">Value</th><th scope="col">Threshold</th><th scope="col">Frame</th></tr></thead>
          <tbody>
            {liveness.challenges.map((c) => (
              <tr key={c.step} data-testid="liveness-challenge">
                <td>{c.step}</td><td>{CHALLENGE_NAMES[c.type] ?? c.type}</td>
                <td><span className={`badge ${c.met ? 'good' : 'bad'}`}>{c.met ? 'met' : 'not met'}</span></td>
                <td>{c.measure}</td><td>{fmt(c.value)}</td><td>{fmt(c.threshold)}</td><td>{c.frame ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {liveness.scores && liveness.scores.length > 0 && (
        <table>
          <caption>Scores against their thresholds</caption>
          <thead><tr><th scope="col">Score</th><th scope="col">Value</th><th scope="col">Rule</th><th scope="col">Result</th></tr></thead>
          <tbody>
            {liveness.scores.map((s) => (
              <tr key={s.name} data-testid="liveness-score">
                <td>{SCORE_NAMES[s.name] ?? s.name}</td><td>{fmt(s.value)}</td><td>{s.rule} {fmt(s.threshold)}</td>
                <td>{s.value === null ? 'not measured' : <span className={`badge ${s.passed ? 'good' : 'bad'}`}>{s.passed ? 'pass' : 'fail'}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {liveness.session_id && frames.length > 0 && (
        <>
          <h3>Frames</h3>
          <div className="files frames">
            {frames.map((f) => (
              <figure key={f.seq}>
                <img src={frameUrl(liveness.session_id!, f.seq)} alt={`Liveness frame ${f.seq}, step ${f.step}`} loading="lazy" width={160} />
                <figcaption>
                  #{f.seq} · {f.step === 0 ? 'start' : CHALLENGE_NAMES[liveness.challenges?.[f.step - 1]?.type ?? ''] ?? `step ${f.step}`} · {(f.at_ms / 1000).toFixed(1)} s
                  {f.seq === liveness.selfie_frame ? ' · used as the selfie' : ''}
                  {f.gesture ? ` · yaw ${f.gesture.yaw}°, eyes ${f.gesture.ear}, mouth ${f.gesture.mouth_ratio}, nose ${f.gesture.pitch_ratio}` : ' · no face'}
                  {f.similarity !== null ? ` · similarity ${f.similarity.toFixed(3)}` : ''}
                </figcaption>
              </figure>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
