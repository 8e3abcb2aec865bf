#!/usr/bin/env bash
# Runs the end-to-end tests, after `npm run package` (dist/ and board-scenario.vsix) and `tsc -p .`
# (the tests, in out/): installs what they need if it is missing (install.sh), then
#   1. Neovim: the standalone server under Neovim's LSP client (test/e2e/nvim.test.ts);
#   2. the extension tests in code-server's extension host, through @vscode/test-cli and the
#      launcher (.vscode-test.mjs with BOARD_E2E_LOCAL=1; test/e2e/suite);
#   3. the UI tests: the packaged .vsix in code-server, driven in Chromium (test/e2e/ui).
# Every stage runs; the exit status is non-zero if any failed. Screenshots: test-output/e2e/.
set -uo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/node_modules/.bin:$PATH"
start=$SECONDS
failed=()
timings=()

stage() {
  local name=$1
  shift
  local t=$SECONDS
  echo
  echo "=== e2e: $name"
  if "$@"; then
    timings+=("$(printf '%-10s %4ss  ok' "$name" $((SECONDS - t)))")
  else
    failed+=("$name")
    timings+=("$(printf '%-10s %4ss  FAILED' "$name" $((SECONDS - t)))")
  fi
}

for f in dist/server.js dist/extension.js board-scenario.vsix out/test/e2e/nvim.test.js; do
  [ -f "$f" ] || { echo "e2e: $f is missing; run npm run package && tsc -p . first (npm run test:e2e does)" >&2; exit 2; }
done

stage install bash scripts/e2e/install.sh || exit 1
[ ${#failed[@]} -eq 0 ] || { echo "e2e: install failed" >&2; exit 1; }
rm -rf test-output/e2e
stage neovim mocha --no-config --timeout 180000 out/test/e2e/nvim.test.js
stage vscode env BOARD_E2E_LOCAL=1 vscode-test
stage ui mocha --no-config --timeout 600000 'out/test/e2e/ui/*.test.js'

echo
echo "=== e2e: $((SECONDS - start))s in all"
printf '  %s\n' "${timings[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "e2e: FAILED: ${failed[*]}"
  exit 1
fi
