import { describe, expect, it } from 'vitest';
import { actedAnalysis, actedFrames } from './acted-capture.ts';
import { CAPTURE_POLICY, decideLiveCapture, drawChallenges, LIVE_CHALLENGES, type CaptureSession, type LiveChallenge } from './live-capture.ts';

const session = (challenges: LiveChallenge[], over: Partial<CaptureSession> = {}): CaptureSession => ({
  started_ms: 0, expires_ms: CAPTURE_POLICY.sessionSeconds * 1000, finished_ms: 10_000, challenges, virtual_camera: false, ...over,
});
const nothingSeen = { sha256: new Set<string>(), descriptors: [] };

describe('live capture session decision', () => {
  it.each(LIVE_CHALLENGES.map((c) => [c]))('%s acted in its step passes', (c) => {
    const challenges: LiveChallenge[] = [c, ...LIVE_CHALLENGES.filter((x) => x !== c).slice(0, 2)];
    const r = decideLiveCapture(session(challenges), actedFrames(challenges), nothingSeen);
    expect(r.reasons).toEqual([]);
    expect(r.decision).toBe('PASSED');
    expect(r.challenges.map((x) => x.met)).toEqual([true, true, true]);
    expect(r.selfie_frame).not.toBeNull();
    expect(r.key_descriptors.length).toBeGreaterThanOrEqual(2);
  });

  it('a still fed as the camera: identical frames, no challenge met', () => {
    const challenges: LiveChallenge[] = ['turn_left', 'blink', 'smile'];
    const still = actedAnalysis(null);
    const frames = actedFrames(challenges).map((f) => ({ ...f, sha256: 'same-bytes', analysis: still }));
    const r = decideLiveCapture(session(challenges), frames, nothingSeen);
    expect(r.decision).toBe('FAILED');
    expect(r.reasons).toEqual(expect.arrayContaining(['LIVENESS_STILL_IMAGE', 'LIVENESS_CHALLENGE_NOT_MET']));
  });

  it('a recording made for other prompts: its actions come in the wrong steps', () => {
    const recorded: LiveChallenge[] = ['turn_right', 'look_up', 'turn_left'];
    const asked: LiveChallenge[] = ['turn_left', 'smile', 'turn_right'];
    const r = decideLiveCapture(session(asked), actedFrames(asked, { perStep: 6, act: (step) => (step === 0 ? null : recorded[step - 1]!) }), nothingSeen);
    expect(r.reasons).toEqual(expect.arrayContaining(['LIVENESS_CHALLENGE_NOT_MET', 'LIVENESS_WRONG_ACTION']));
    expect(r.challenges.map((c) => c.met)).toEqual([false, false, false]);
  });

  it('frames seen in another session (same bytes, or a near-identical face) are a replay', () => {
    const challenges: LiveChallenge[] = ['turn_left', 'turn_right', 'blink'];
    const first = decideLiveCapture(session(challenges), actedFrames(challenges, { salt: 1 }), nothingSeen);
    expect(first.decision).toBe('PASSED');
    const again = actedFrames(challenges, { salt: 1 });
    expect(decideLiveCapture(session(challenges), again, { sha256: new Set([again[3]!.sha256]), descriptors: [] }).reasons).toEqual(['LIVENESS_REPLAYED']);
    expect(decideLiveCapture(session(challenges), again.map((f) => ({ ...f, sha256: `re-encoded-${f.seq}` })), { sha256: new Set(), descriptors: first.key_descriptors }).reasons).toEqual(['LIVENESS_REPLAYED']);
    // The same person in a new live session (other frames, other descriptors' noise) is not a replay.
    expect(decideLiveCapture(session(challenges), actedFrames(challenges, { salt: 2 }), { sha256: new Set(), descriptors: first.key_descriptors }).decision).toBe('PASSED');
  });

  it('timing: frames after the window, out of order, with a long pause; too few frames', () => {
    const challenges: LiveChallenge[] = ['smile', 'look_up', 'turn_right'];
    const frames = actedFrames(challenges);
    expect(decideLiveCapture(session(challenges, { expires_ms: 3000 }), frames, nothingSeen).reasons).toContain('LIVENESS_SESSION_EXPIRED');
    const swapped = [...frames];
    [swapped[5], swapped[6]] = [swapped[6]!, swapped[5]!];
    expect(decideLiveCapture(session(challenges), swapped, nothingSeen).reasons).toContain('LIVENESS_FRAMES_OUT_OF_ORDER');
    const paused = frames.map((f) => (f.seq > 8 ? { ...f, received_ms: f.received_ms + 6000 } : f));
    expect(decideLiveCapture(session(challenges), paused, nothingSeen).reasons).toContain('LIVENESS_FRAME_GAP');
    expect(decideLiveCapture(session(challenges), actedFrames(challenges, { perStep: 1 }), nothingSeen).reasons).toContain('LIVENESS_TOO_FEW_FRAMES');
  });

  it('a face swapped mid-session, spliced pictures, a virtual camera', () => {
    const challenges: LiveChallenge[] = ['turn_left', 'smile', 'blink'];
    const swapped = actedFrames(challenges).map((f) => (f.step === 3 ? { ...f, analysis: actedAnalysis('blink', { identity: 7, salt: f.seq }) } : f));
    expect(decideLiveCapture(session(challenges), swapped, nothingSeen).reasons).toContain('LIVENESS_FACE_CHANGED');
    const spliced = actedFrames(challenges).map((f) => (f.seq === 6 ? { ...f, analysis: actedAnalysis('turn_left', { salt: 6, drift: 200 }) } : f));
    expect(decideLiveCapture(session(challenges), spliced, nothingSeen).reasons).toContain('LIVENESS_DISCONTINUOUS');
    expect(decideLiveCapture(session(challenges, { virtual_camera: true }), actedFrames(challenges), nothingSeen).reasons).toEqual(['LIVENESS_VIRTUAL_CAMERA']);
  });

  it('each score is reported against its threshold', () => {
    const challenges: LiveChallenge[] = ['look_up', 'turn_left', 'smile'];
    const r = decideLiveCapture(session(challenges), actedFrames(challenges), nothingSeen);
    expect(r.scores.map((s) => s.name)).toEqual(expect.arrayContaining(['min_same_face_similarity', 'identical_pair_share', 'replay_similarity', 'start_yaw_abs']));
    expect(r.scores.every((s) => s.passed || s.value === null)).toBe(true);
    expect(r.challenges[0]).toMatchObject({ type: 'look_up', met: true, threshold: CAPTURE_POLICY.minPitchDrop });
  });

  it('draws distinct challenges in an order given by the random bytes', () => {
    expect(drawChallenges(new Uint8Array([0, 0, 0]))).toEqual(['turn_left', 'turn_right', 'look_up']);
    expect(drawChallenges(new Uint8Array([4, 3, 2]))).toEqual(['smile', 'blink', 'look_up']);
    expect(new Set(drawChallenges(new Uint8Array([7, 9, 11]))).size).toBe(3);
  });
});
