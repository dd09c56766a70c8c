import { ApiError } from '../api.ts';
import type { CameraReport } from './camera.ts';
import type { LiveChallenge } from './messages.ts';

/** The capture session's API (src/modules/onboarding/liveness.routes.ts). */
export interface LiveSession {
  session_id: string;
  nonce: string;
  challenges: LiveChallenge[];
  expires_at: string;
  frame_interval_ms: number;
  step_ms: number;
  max_frames: number;
}
export interface LiveOutcome { session_id: string; decision: 'PASSED' | 'FAILED'; reasons: string[]; challenges: { type: LiveChallenge; met: boolean }[] }

async function call<T>(url: string, body: BodyInit, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { method: 'POST', body, headers, credentials: 'omit', cache: 'no-store' });
  const text = await response.text();
  const json = text ? JSON.parse(text) : {};
  if (!response.ok) throw new ApiError(response.status, json.reason, json.detail ?? response.statusText, json.errors ?? [], json);
  return json as T;
}

export function livenessApi(token: string) {
  const base = `/verify/${token}/liveness/sessions`;
  return {
    start: (camera: Omit<CameraReport, 'why'>) => call<LiveSession>(base, JSON.stringify({ camera }), { 'content-type': 'application/json' }),
    frame: (s: LiveSession, step: number, jpeg: Blob) =>
      call<{ seq: number }>(`${base}/${s.session_id}/frames`, jpeg, { 'content-type': 'image/jpeg', 'x-liveness-nonce': s.nonce, 'x-liveness-step': String(step) }),
    finish: (s: LiveSession) => call<LiveOutcome>(`${base}/${s.session_id}/finish`, JSON.stringify({ nonce: s.nonce }), { 'content-type': 'application/json' }),
  };
}
