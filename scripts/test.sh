#!/usr/bin/env bash
# The project's test command (npm test; npm builds the web bundles first): system packages the tests need, a type check, the module rules
# (`npm run check:deps`), then
# every test on the embedded database (PGlite) and the database-facing tests again on PostgreSQL
# (127.0.0.1:5432, started here if it is installed and down), then the browser tests. TEST_ONLY=pglite runs the
# PGlite pass alone.
set -euo pipefail
cd "$(dirname "$0")/.."

# chromium: browser tests (driven by playwright-core); fonts-ocr-b: synthetic MRZ images for the document tests.
bash scripts/install-system-deps.sh chromium fonts-ocr-b

if [ "${TEST_ONLY:-}" != "pglite" ] && command -v pg_isready >/dev/null && ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql)" main start || true
    for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
  fi
fi

npx tsc --noEmit -p .
# The module rules (docs/architecture.md): no cycles, modules through their index.ts, domain/ without I/O.
npm run check:deps
# A watchdog on each stage: a test stuck in a synchronous loop blocks vitest's own timeouts (they need the event
# loop), and would hold CI until its limit. Past the watchdog the stage fails with a message naming it.
# About 15 and 8 minutes are usual on 2 shared cores; TEST_STAGE_MINUTES raises the limit.
limit="${TEST_STAGE_MINUTES:-45}m"
stage() {
  local name="$1"; shift
  local rc=0
  timeout --kill-after=30s "$limit" "$@" || rc=$?
  if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    echo "test.sh: the $name stage did not finish within $limit; a test is stuck (the last files reported above were running)" >&2
  fi
  return "$rc"
}
if [ "${TEST_ONLY:-}" = "pglite" ]; then
  stage "PGlite" npx vitest run --project pglite "$@"
  exit
fi
stage "vitest (PGlite and PostgreSQL)" npx vitest run "$@"
# The pages in Debian's Chromium, one file at a time (the bundles were built by `npm run build`, npm's pretest).
if [ $# -eq 0 ]; then
  stage "browser" npx vitest run --config test/browser/vitest.config.ts
fi
