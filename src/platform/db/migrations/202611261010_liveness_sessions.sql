-- Liveness capture sessions (issue 21, ADR 0110): the server starts a session when the page starts the camera,
-- with a nonce (stored as its hash) and random challenges issued only then; frames are posted to it and stamped
-- on arrival. The frames' bytes live in the file store, sealed under the contact's key like every upload; the
-- decision and what the engine measured are sealed in result_enc. The clear columns are what the flow, the
-- replay lookup (frame hashes of the client's other sessions) and the expiry need.
CREATE TABLE liveness_sessions (
  id             text PRIMARY KEY,
  client_id      text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  contact_id     text NOT NULL REFERENCES onboarding_reports(contact_id) ON DELETE CASCADE,
  run_id         text NOT NULL,
  nonce_hash     text NOT NULL,
  challenges     jsonb NOT NULL,            -- ["turn_left","blink","smile"]: the prompts, in order
  virtual_camera boolean NOT NULL DEFAULT false,
  camera_enc     bytea,                     -- the camera label and track settings the page reported
  state          text NOT NULL CHECK (state IN ('OPEN', 'FINISHED')),
  frame_count    integer NOT NULL DEFAULT 0,
  last_step      integer NOT NULL DEFAULT 0,
  started_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  finished_at    timestamptz,
  decision       text CHECK (decision IN ('PASSED', 'FAILED')),
  result_enc     bytea
);
CREATE INDEX liveness_sessions_contact ON liveness_sessions (client_id, contact_id, run_id, started_at);
CREATE INDEX liveness_sessions_finished ON liveness_sessions (client_id, finished_at) WHERE result_enc IS NOT NULL;

CREATE TABLE liveness_frames (
  id           text PRIMARY KEY,
  session_id   text NOT NULL REFERENCES liveness_sessions(id) ON DELETE CASCADE,
  client_id    text NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  contact_id   text NOT NULL REFERENCES onboarding_reports(contact_id) ON DELETE CASCADE,
  seq          integer NOT NULL,            -- order of arrival, counted by the server
  step         integer NOT NULL,            -- 0 the neutral start, k the k-th challenge (the prompt the page showed)
  received_at  timestamptz NOT NULL,        -- stamped by the server on arrival
  storage_key  text NOT NULL,
  sha256       text NOT NULL,               -- of the bytes as sent: the same picture sent to another session is a replay
  size_bytes   integer NOT NULL,
  UNIQUE (session_id, seq)
);
CREATE INDEX liveness_frames_hash ON liveness_frames (client_id, sha256);
CREATE INDEX liveness_frames_contact ON liveness_frames (client_id, contact_id);
