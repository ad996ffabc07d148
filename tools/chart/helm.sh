#!/usr/bin/env bash
# Prints the path of a helm binary, building it first when missing: `go install` of the pinned
# version into the cache outside the repo (like versitygw; a few minutes the first time).
set -euo pipefail
HELM_VERSION=v3.19.0
CACHE_DIR="${TAAL_CACHE_DIR:-$HOME/.cache/taal}"
BIN="$CACHE_DIR/tools/bin/helm"
# A `go install` build reports its version without the patch (v3.19), a release build with it.
if [[ ! -x $BIN ]] || ! "$BIN" version --short 2>/dev/null | grep -qxE "($HELM_VERSION|${HELM_VERSION%.*})(\+.*)?"; then
  command -v go >/dev/null || { echo "helm: 'go' is needed to build helm $HELM_VERSION" >&2; exit 1; }
  mkdir -p "$(dirname "$BIN")"
  echo "helm: building $HELM_VERSION with go install (a few minutes the first time)" >&2
  (cd "$CACHE_DIR" && GOBIN="$(dirname "$BIN")" GOFLAGS=-buildvcs=false CGO_ENABLED=0 go install "helm.sh/helm/v3/cmd/helm@$HELM_VERSION") >&2
fi
echo "$BIN"
