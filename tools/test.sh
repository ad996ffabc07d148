#!/usr/bin/env bash
# What `npm test` runs: start the real local servers, then build, lint and run every
# jest project (unit + integration + ...), stopping at the first failure.
# Integration tests talk to the servers started here; they never skip when one is
# missing, they fail.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Everything this run starts refuses a pool query inside that pool's open transaction at once
# (packages/kit/src/sql/pool.ts; off by default because of its cost per promise on Node 20).
export TAAL_CHECK_NESTED_TRANSACTIONS=1

step() { printf '\n==== %s ====\n' "$*"; }

step "infrastructure (tools/infra/up)"
bash tools/infra/up
# shellcheck disable=SC1091
source "${TAAL_INFRA_HOME:-$HOME/.cache/taal/infra}/env.sh"

step "Kubernetes: preparing the one-node cluster in the background (packages and Go builds; tools/k8s/ci prepare)"
bash tools/k8s/ci prepare
trap 'bash tools/k8s/ci cancel' EXIT

step "typecheck/build (tsc -b, then the tests' types)"
npx tsc -b tsconfig.json
npx tsc -p tsconfig.tests.json

step "lint (eslint)"
npx eslint .

step "jest (all projects: unit, integration, e2e)"
report=$(mktemp -t taal-jest-XXXXXX.json)
status=0
npx jest --ci --maxWorkers=2 --json --outputFile="$report" || status=$?
# One plain closing line that any CI reader understands: "N passed, N failed".
node -e 'const r = require(process.argv[1]); console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`)' "$report" || true
rm -f "$report"
[[ $status -eq 0 ]] || exit "$status"

# ---- more steps go here (each one fails the run on error) ----

step "API contract (schemathesis against a fresh all-in-one: no 5xx, answers as documented, valid data accepted; tools/contract/schemathesis.sh)"
bash tools/contract/schemathesis.sh

step "Node 24 smoke run (the image's Node: the all-in-one starts, /healthz, courses, a login; tools/node24/smoke.sh)"
bash tools/node24/smoke.sh

step "bundle budget (gzipped JavaScript of each route's first visit at most 200 KB, /allcourses 170 KB; tools/bench/bundle-size.mjs)"
node tools/bench/bundle-size.mjs

step "memory budget (all-in-one RSS after browsing every public screen, tools/bench/memory.mjs)"
node tools/bench/memory.mjs --rounds 1

step "soak (the all-in-one under a fixed mix of visitor, student, instructor and admin requests for 2 minutes: RSS flat, no failure; tools/bench/soak.mjs)"
node tools/bench/soak.mjs --minutes 2

step "fault suite (cluster on its own servers: kill -9, Kafka and Postgres restarts, the gateway stopped, while money moves; then the invariants; tools/faults/faults.mjs)"
node tools/faults/faults.mjs --rounds 10 --minutes 5

step "Kubernetes: deploy/README.md's install on a one-node cluster built here, then every pod Ready under Pod Security restricted, a paid checkout through the gateway's Service, the NetworkPolicy, rollouts under traffic with no failed request, helm rollback (tools/k8s/ci install)"
bash tools/k8s/ci install

step "all test steps passed"
