#!/usr/bin/env bash
# The project's test command (npm test): type check, then every test on the embedded database (PGlite) and the
# database-facing tests again on PostgreSQL. TEST_ONLY=pglite skips the PostgreSQL pass.
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc --noEmit -p .
if [ "${TEST_ONLY:-}" = "pglite" ]; then
  exec npx vitest run --project pglite "$@"
fi
exec npx vitest run "$@"
