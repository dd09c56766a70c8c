-- Where a client may embed its hosted verification flow (issue 25, ADR 0145): the https origins (scheme, host,
-- port; no path) whose pages may frame /verify/{token}. They become the page's CSP frame-ancestors and the only
-- targets of its postMessage events. Empty: the flow cannot be framed (frame-ancestors 'none').
ALTER TABLE console_settings ADD COLUMN embed_origins text[] NOT NULL DEFAULT '{}';
