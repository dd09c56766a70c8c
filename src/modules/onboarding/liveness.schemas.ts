import { Type } from '@sinclair/typebox';

/** The liveness capture session's API (liveness.routes.ts), read by the page's liveness step (web/verify/src/liveness/). */
const Challenge = Type.Union(['turn_left', 'turn_right', 'look_up', 'blink', 'smile'].map((c) => Type.Literal(c)), { description: 'turn_left and turn_right are the person\'s own left and right' });

export const LivenessStartBody = Type.Object({
  camera: Type.Optional(Type.Object({
    label: Type.Optional(Type.String({ maxLength: 200, description: 'the camera\'s device label, as the browser gives it' })),
    virtual: Type.Optional(Type.Boolean({ description: 'the page judged the camera virtual (label such as OBS, ManyCam, "virtual")' })),
    settings: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]), { maxProperties: 30 })),
  }, { additionalProperties: false })),
}, { additionalProperties: false });

export const LivenessSession = Type.Object({
  session_id: Type.String(),
  nonce: Type.String({ description: 'sent back with every frame (header x-liveness-nonce) and with finish' }),
  challenges: Type.Array(Challenge, { description: 'the prompts, in the order to show them: step 1 is the first' }),
  started_at: Type.String({ format: 'date-time' }),
  expires_at: Type.String({ format: 'date-time', description: 'frames after this are refused' }),
  frame_interval_ms: Type.Integer({ description: 'how often to take a frame' }),
  step_ms: Type.Integer({ description: 'how long to show each prompt' }),
  max_frames: Type.Integer(),
}, { $id: 'LivenessSession', description: 'A capture session: its nonce and challenges exist only from the moment the camera starts' });

export const LivenessFrameResult = Type.Object({
  seq: Type.Integer({ description: 'order of arrival, counted by the server' }),
  step: Type.Integer(),
  received_at: Type.String({ format: 'date-time', description: 'stamped by the server' }),
}, { $id: 'LivenessFrameResult' });

export const LivenessOutcome = Type.Object({
  session_id: Type.String(),
  decision: Type.Union([Type.Literal('PASSED'), Type.Literal('FAILED')]),
  reasons: Type.Array(Type.String({ description: 'LIVENESS_CHALLENGE_NOT_MET, LIVENESS_STILL_IMAGE, LIVENESS_REPLAYED, ... (docs/biometrics.md)' })),
  challenges: Type.Array(Type.Object({ type: Challenge, met: Type.Boolean() })),
}, { $id: 'LivenessOutcome' });

export const LivenessFinishBody = Type.Object({ nonce: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });
