#!/usr/bin/env bash
# Builds the Kubernetes node's own commands from the Go module proxy (issue 37), once, cached:
# kube-apiserver, kube-controller-manager, kube-scheduler, kubelet, kube-proxy and kubectl, in ONE
# `go build` so their shared packages compile once. k8s.io/kubernetes cannot be required as is: its
# go.mod replaces its 33 staging modules with folders of its own repository, so this wrapper module
# replaces each with the same module at the matching v0.x from the proxy.
# Output: $TAAL_K8S_BIN (default ~/.cache/taal/k8s/v<version>/bin, 531 MB). Measured here on
# 2026-11-25: a first build took 25.4 min of user CPU (67 min wall at nice 19 beside test suites, so
# about 15-30 min on 2 quiet cores); the Go build cache (~/.cache/go-build) makes later ones minutes.
# Groundwork for issue 37: nothing calls this script yet (no k8s:up, no CI step).
set -euo pipefail

VERSION="${TAAL_K8S_VERSION:-1.37.2}"
STAGING_VERSION="v0.${VERSION#1.}"
ROOT="${TAAL_K8S_CACHE:-$HOME/.cache/taal/k8s}/v$VERSION"
BIN="${TAAL_K8S_BIN:-$ROOT/bin}"
COMMANDS=(kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy kubectl)

missing=()
for c in "${COMMANDS[@]}"; do [[ -x "$BIN/$c" ]] || missing+=("$c"); done
if ((${#missing[@]} == 0)); then
  echo "[k8s] v$VERSION commands are built: $BIN"
  exit 0
fi

mkdir -p "$ROOT/module" "$BIN"
cd "$ROOT/module"
export GOFLAGS=-mod=mod GOTOOLCHAIN=local
go mod download "k8s.io/kubernetes@v$VERSION"
upstream_mod="$(go env GOMODCACHE)/cache/download/k8s.io/kubernetes/@v/v$VERSION.mod"
{
  echo "module taal.local/k8s-build"
  echo
  echo "go $(sed -n 's/^go //p' "$upstream_mod" | head -1)"
  echo
  echo "require k8s.io/kubernetes v$VERSION"
  echo
  echo "replace ("
  # Every staging module the upstream go.mod points at a folder of its own: the proxy's copy instead.
  sed -n '/^replace (/,/^)/p' "$upstream_mod" | awk '$2 == "=>" && $3 ~ /^\.\/staging\// { printf "\t%s => %s %s\n", $1, $1, v }' v="$STAGING_VERSION"
  echo ")"
} >go.mod
echo "[k8s] building ${missing[*]} v$VERSION (a first build takes 15-30 minutes of 2 cores here)"
stamp="k8s.io/component-base/version"
ldflags="-s -w -X $stamp.gitVersion=v$VERSION -X $stamp.gitMajor=${VERSION%%.*} -X $stamp.gitMinor=$(echo "$VERSION" | cut -d. -f2) -X $stamp.gitTreeState=clean -X $stamp.buildDate=1970-01-01T00:00:00Z"
ldflags+=" -X k8s.io/client-go/pkg/version.gitVersion=v$VERSION"
pkgs=()
for c in "${COMMANDS[@]}"; do pkgs+=("k8s.io/kubernetes/cmd/$c"); done
go build -trimpath -ldflags "$ldflags" -o "$BIN/" "${pkgs[@]}"
echo "[k8s] built: $(ls "$BIN" | tr '\n' ' ')"
