#!/usr/bin/env bash
# Installs what the end-to-end tests need on an offline Debian machine (npm registry and Debian
# packages only): Debian's Chromium, Neovim and ripgrep, and code-server 4.100.3 (a real VS Code
# workbench + Node extension host) into .e2e-cache/, doing by hand the steps of code-server's
# postinstall that would download things. Idempotent: a stamp file records a finished install, so a
# rerun only checks and exits. BOARD_E2E_FORCE_INSTALL=1 redoes the code-server part.
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
root="$(cd "$(dirname "$0")/../.." && pwd)"
cache="${BOARD_E2E_CACHE:-$root/.e2e-cache}"
stamp="$cache/installed.stamp"
want="code-server@$CODE_SERVER_VERSION node@$(node --version) $(uname -m)"
start=$SECONDS

log() { printf '[e2e install %3ss] %s\n' "$((SECONDS - start))" "$*"; }

# --- Debian packages -------------------------------------------------------------------------
# libkrb5-dev + pkg-config: headers to rebuild VS Code's `kerberos` native module;
# ripgrep: replaces the rg binary @vscode/ripgrep would download (search in the workbench);
# chromium: the browser the UI tests and the extension-test launcher drive;
# neovim: the second LSP client (test/e2e/nvim). `make`/`g++` for node-gyp rebuilds.
packages=(libkrb5-dev pkg-config ripgrep chromium neovim make g++ python3)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  if [ "$(id -u)" -ne 0 ]; then
    echo "Need root to apt-get install: ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  log "Debian packages present: ${packages[*]}"
fi

# --- code-server -----------------------------------------------------------------------------
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -z "${BOARD_E2E_FORCE_INSTALL:-}" ]; then
  log "code-server already installed in $cache ($want)"
  exit 0
fi
rm -f "$stamp"
mkdir -p "$cache"
# A package.json of its own, so npm does not walk up into the project's.
[ -f "$cache/package.json" ] || echo '{ "name": "board-scenario-e2e-cache", "private": true }' >"$cache/package.json"

log "npm install code-server@$CODE_SERVER_VERSION (scripts off: its postinstall downloads ripgrep)"
npm install --prefix "$cache" --ignore-scripts --no-audit --no-fund --loglevel=error "code-server@$CODE_SERVER_VERSION"

cs="$cache/node_modules/code-server"
vscode="$cs/lib/vscode"

log "npm rebuild argon2"
(cd "$cache" && npm rebuild argon2 --loglevel=error)

log "lib/vscode: npm install --omit=dev --ignore-scripts"
(cd "$vscode" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error)

log "lib/vscode: rebuild native modules"
(cd "$vscode" && npm_config_yes=true npm rebuild kerberos @parcel/watcher @vscode/deviceid @vscode/spdlog native-watchdog node-pty --loglevel=error)

log "ripgrep from Debian"
mkdir -p "$vscode/node_modules/@vscode/ripgrep/bin"
ln -sf /usr/bin/rg "$vscode/node_modules/@vscode/ripgrep/bin/rg"

[ -e "$vscode/node_modules.asar" ] || ln -s node_modules "$vscode/node_modules.asar"

log "lib/vscode/extensions: npm install --omit=dev --ignore-scripts"
(cd "$vscode/extensions" && npm install --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error)

log "check: code-server --version"
"$cs/out/node/entry.js" --version >/dev/null 2>&1 || node "$cs/out/node/entry.js" --version
echo "$want" >"$stamp"
log "done: $cs"
