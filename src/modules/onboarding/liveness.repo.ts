import { one, type Sql } from '../../platform/db/db.ts';

export interface LivenessSessionRow {
  id: string;
  client_id: string;
  contact_id: string;
  run_id: string;
  nonce_hash: string;
  challenges: string[];
  virtual_camera: boolean;
  camera_enc: Uint8Array | null;
  state: 'OPEN' | 'FINISHED';
  frame_count: number;
  last_step: number;
  started_at: Date;
  expires_at: Date;
  finished_at: Date | null;
  decision: 'PASSED' | 'FAILED' | null;
  result_enc: Uint8Array | null;
}

export interface LivenessFrameRow {
  id: string;
  session_id: string;
  client_id: string;
  contact_id: string;
  seq: number;
  step: number;
  received_at: Date;
  storage_key: string;
  sha256: string;
  size_bytes: number;
}

/** SQL of the liveness capture sessions and their frames; every query takes the client. */
export const livenessRepo = {
  create: (sql: Sql, s: Omit<LivenessSessionRow, 'state' | 'frame_count' | 'last_step' | 'finished_at' | 'decision' | 'result_enc'>) =>
    one<LivenessSessionRow>(sql,
      `INSERT INTO liveness_sessions (id, client_id, contact_id, run_id, nonce_hash, challenges, virtual_camera, camera_enc, state, started_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'OPEN', $9, $10) RETURNING *`,
      [s.id, s.client_id, s.contact_id, s.run_id, s.nonce_hash, JSON.stringify(s.challenges), s.virtual_camera, s.camera_enc, s.started_at, s.expires_at]) as Promise<LivenessSessionRow>,

  get: (sql: Sql, clientId: string, contactId: string, id: string, forUpdate = false) =>
    one<LivenessSessionRow>(sql, `SELECT * FROM liveness_sessions WHERE client_id = $1 AND contact_id = $2 AND id = $3${forUpdate ? ' FOR UPDATE' : ''}`, [clientId, contactId, id]),

  /** The request's last finished session: the one the report is decided on. */
  lastFinished: (sql: Sql, clientId: string, contactId: string, runId: string) =>
    one<LivenessSessionRow>(sql,
      `SELECT * FROM liveness_sessions WHERE client_id = $1 AND contact_id = $2 AND run_id = $3 AND state = 'FINISHED' ORDER BY finished_at DESC LIMIT 1`, [clientId, contactId, runId]),

  /** Counts the frame in its session (seq and step), only while the session is open and not full. */
  nextFrame: (sql: Sql, clientId: string, id: string, step: number, maxFrames: number) =>
    one<{ frame_count: number }>(sql,
      `UPDATE liveness_sessions SET frame_count = frame_count + 1, last_step = $3
        WHERE client_id = $1 AND id = $2 AND state = 'OPEN' AND frame_count < $4 AND $3 >= last_step RETURNING frame_count`, [clientId, id, step, maxFrames]),

  addFrame: (sql: Sql, f: LivenessFrameRow) =>
    sql.query(
      `INSERT INTO liveness_frames (id, session_id, client_id, contact_id, seq, step, received_at, storage_key, sha256, size_bytes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [f.id, f.session_id, f.client_id, f.contact_id, f.seq, f.step, f.received_at, f.storage_key, f.sha256, f.size_bytes]),

  frames: (sql: Sql, clientId: string, sessionId: string) =>
    sql.query<LivenessFrameRow>('SELECT * FROM liveness_frames WHERE client_id = $1 AND session_id = $2 ORDER BY seq', [clientId, sessionId]),

  finish: (sql: Sql, clientId: string, id: string, r: { finishedAt: Date; decision: 'PASSED' | 'FAILED'; resultEnc: Buffer }) =>
    one<LivenessSessionRow>(sql,
      `UPDATE liveness_sessions SET state = 'FINISHED', finished_at = $3, decision = $4, result_enc = $5 WHERE client_id = $1 AND id = $2 AND state = 'OPEN' RETURNING *`,
      [clientId, id, r.finishedAt, r.decision, r.resultEnc]),

  /** Which of these hashes frames of the client's other sessions already had. */
  seenHashes: async (sql: Sql, clientId: string, sessionId: string, hashes: string[]) =>
    new Set((await sql.query<{ sha256: string }>(
      'SELECT DISTINCT sha256 FROM liveness_frames WHERE client_id = $1 AND session_id <> $2 AND sha256 = ANY($3::text[])', [clientId, sessionId, hashes])).map((r) => r.sha256)),

  /** The client's most recent other finished sessions (their sealed results hold the key descriptors). */
  recentResults: (sql: Sql, clientId: string, sessionId: string, limit: number) =>
    sql.query<{ contact_id: string; result_enc: Uint8Array }>(
      `SELECT contact_id, result_enc FROM liveness_sessions WHERE client_id = $1 AND id <> $2 AND result_enc IS NOT NULL ORDER BY finished_at DESC LIMIT $3`, [clientId, sessionId, limit]),
};
