#!/usr/bin/env bash
# What `npm test` runs: start the real local servers, then build, lint and run every
# jest project (unit + integration + ...), stopping at the first failure.
# Integration tests talk to the servers started here; they never skip when one is
# missing, they fail.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n==== %s ====\n' "$*"; }

step "infrastructure (tools/infra/up)"
bash tools/infra/up
# shellcheck disable=SC1091
source "${TAAL_INFRA_HOME:-$HOME/.cache/taal/infra}/env.sh"

step "typecheck/build (tsc -b)"
npx tsc -b tsconfig.json

step "lint (eslint)"
npx eslint .

step "jest (all projects)"
npx jest --ci --maxWorkers=2

# ---- more steps go here (each one fails the run on error), e.g. ----
# step "browser tests"
# npx jest --ci --selectProjects e2e
# --------------------------------------------------------------------

step "all test steps passed"
