#!/usr/bin/env bash
# `buf breaking` for the protos (proto/: every service's gRPC contract and its event payloads)
# against an earlier version from git, with the rules of buf.yaml's `breaking` section, run in the
# repository of the current directory. buf is the npm package @bufbuild/buf the contracts are
# generated with (pinned in package.json), so nothing is built:
#   bash tools/buf/breaking.sh            # against the base chosen below
#   bash tools/buf/breaking.sh <git-ref>  # against that commit, branch or tag
# The base, when no ref is given (what is already deployed, so callers and consumers run it):
#   1. on a branch (HEAD not in origin/main): the merge base with origin/main, so a change is
#      judged by what it changes, whatever landed on main meanwhile;
#   2. otherwise (main itself, or a clone with no origin): the last release tag (v*), what the
#      running services were built from;
#   3. with no tag: HEAD~1, the commit before, which is what main had before this push.
# A shallow clone is deepened first (CI clones often have depth 1). With no earlier commit at all
# there is nothing to compare and it says so. Exits with buf's status: 100 when a change breaks.
set -euo pipefail
BUF="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/node_modules/.bin/buf"
cd "$(git rev-parse --show-toplevel)"

if [[ $(git rev-parse --is-shallow-repository) == true ]]; then
  git fetch --quiet --unshallow --tags origin >&2
fi

if [[ $# -gt 0 ]]; then
  against="$(git rev-parse --verify "$1^{commit}")"; why="$1"
elif git rev-parse --verify --quiet origin/main >/dev/null && ! git merge-base --is-ancestor HEAD origin/main; then
  against="$(git merge-base HEAD origin/main)"; why="merge base with origin/main"
elif tag="$(git describe --tags --abbrev=0 --match 'v*' HEAD 2>/dev/null)"; then
  against="$(git rev-parse "$tag^{commit}")"; why="last release tag $tag"
elif git rev-parse --verify --quiet HEAD~1 >/dev/null; then
  against="$(git rev-parse HEAD~1)"; why="previous commit"
else
  echo "buf breaking: no earlier commit to compare with" >&2
  exit 0
fi
echo "buf breaking: proto/ against $against ($why)" >&2
# buf clones the repository to read the base; deep enough that any commit of it is there.
exec "$BUF" breaking --against ".git#ref=$against,depth=$(git rev-list --all --count)"
