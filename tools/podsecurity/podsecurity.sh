#!/usr/bin/env bash
# Prints the path of the podsecurity checker (main.go: the Pod Security Standards checks of
# k8s.io/pod-security-admission, pinned in go.mod), building it first when missing or changed:
# `go build` into the cache outside the repo, like helm (tools/chart/helm.sh). kube-linter was the
# first choice, but the Go module proxy here refuses golang.stackrox.io/kube-linter (403).
set -euo pipefail
DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE_DIR="${TAAL_CACHE_DIR:-$HOME/.cache/taal}"
HASH=$(cat "$DIR/go.mod" "$DIR/go.sum" "$DIR/main.go" | sha1sum | cut -c1-12)
BIN="$CACHE_DIR/tools/bin/podsecurity-$HASH"
if [[ ! -x $BIN ]]; then
  command -v go >/dev/null || { echo "podsecurity: 'go' is needed to build it" >&2; exit 1; }
  mkdir -p "$(dirname "$BIN")"
  echo "podsecurity: building $BIN with go build" >&2
  (cd "$DIR" && GOFLAGS=-buildvcs=false CGO_ENABLED=0 go build -o "$BIN.tmp.$$" . && mv -f "$BIN.tmp.$$" "$BIN") >&2
fi
echo "$BIN"
