#!/usr/bin/env bash
# Contract fuzzing of the public API (step of `npm test`): schemathesis generates requests
# from the OpenAPI document served at /api/v1/openapi.json and sends them to a fresh
# all-in-one (its own free port, a throwaway DATA_DIR, generous rate limits): without a token,
# then as each seeded demo role (student, instructor, content, admin). Any finding fails the run:
#   not_a_server_error            no 5xx
#   status_code_conformance       every status is documented for its operation
#   content_type_conformance      every content type is documented
#   response_schema_conformance   every body matches its documented schema
#   positive_data_acceptance      a request valid per the document is never refused (400)
#   negative_data_rejection       a request the document calls invalid is refused (4xx)
#   allow_header_conformance, unsupported_method: OPTIONS and 405 list exactly the documented methods
#   ignored_auth, missing_required_header, response_headers_conformance
#   (+ positive_data_refused_only_as_documented, hooks.py: the few routes whose 400 is semantic)
# Every route is covered: the document is generated from the gateway's route declarations
# (packages/edge/src/route-table.ts, in each service's src/api/), so a new route joins the run by itself.
# Fixed seed and bounded examples keep it repeatable and within a few minutes on 2 cores.
#
# Usage: bash tools/contract/schemathesis.sh [extra `st run` options, e.g. --include-path-regex user]
# Env: ST_MAX_EXAMPLES (default 25: the no-token and student passes), ST_ROLE_MAX_EXAMPLES
#      (default 10: the instructor, content and admin passes), ST_SEED (default 20240601), ST_WORKERS (default 1),
#      ST_PASSES (default "none student instructor content admin logout": which passes, in order),
#      TAAL_CACHE (default ~/.cache/taal: the virtualenv with the pinned schemathesis lives there).
set -euo pipefail
# One block: bash reads it whole before running it, so editing this file during a run is safe.
{
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
here=$root/tools/contract

ST_VERSION=4.32.5
cache=${TAAL_CACHE:-$HOME/.cache/taal}
venv=$cache/schemathesis-$ST_VERSION
max_examples=${ST_MAX_EXAMPLES:-25}
# The instructor, content and admin passes fuzz the same operations again, most of them refused
# with 403 for two of those roles: fewer examples each keep the whole step within about 8 minutes.
role_max_examples=${ST_ROLE_MAX_EXAMPLES:-10}
seed=${ST_SEED:-20240601}
workers=${ST_WORKERS:-1}
passes=${ST_PASSES:-none student instructor content admin logout}

# ---- schemathesis in a virtualenv outside the repo (pinned, installed once) ----
if [[ ! -x $venv/bin/st ]]; then
  echo "installing schemathesis $ST_VERSION into $venv"
  rm -rf "$venv.partial"
  mkdir -p "$cache"
  python3 -m venv "$venv.partial" || {
    echo "python3 -m venv failed: install python3-venv (apt-get install python3-venv)" >&2
    exit 1
  }
  "$venv.partial/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$ST_VERSION"
  rm -rf "$venv"
  mv "$venv.partial" "$venv"
fi
# The venv was moved after install: run its tools through its python, not their shebangs.
st() { "$venv/bin/python" -m schemathesis.cli "$@"; }

# ---- a fresh all-in-one ----
[[ -f $root/packages/launcher/dist/all-in-one.js ]] || { echo "build first (npx tsc -b tsconfig.json)" >&2; exit 1; }
data_dir=$(mktemp -d -t taal-contract-XXXXXX)
log=$data_dir/all-in-one.log
# Below the ephemeral range, so none of the all-in-one's own port-0 listeners can take it first.
port=$(node "$here/../lib/free-port.mjs")
base=http://127.0.0.1:$port
pid=
cleanup() {
  if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -rf "$data_dir"
}
trap cleanup EXIT

# Fuzzing sends hundreds of logins, sign-ups and mail requests from one address: the limits
# are raised for this run only (the throttling itself is tested by the jest suites).
PORT=$port HOST=127.0.0.1 DATA_DIR=$data_dir/data LOG_LEVEL=${LOG_LEVEL:-warn} \
  LOGIN_MAX_FAILURES_PER_ACCOUNT=1000 LOGIN_MAX_FAILURES_PER_ADDRESS=100000 \
  MAIL_MAX_PER_TARGET=100000 MAIL_MAX_PER_ADDRESS=100000 \
  CHECKEMAIL_MAX_PER_EMAIL=100000 CHECKEMAIL_MAX_PER_ADDRESS=100000 \
  SIGNUP_MAX_PER_ADDRESS=100000 SIGNUP_MAX_PER_DOMAIN=100000 \
  CONTACT_MAX_PER_ADDRESS=100000 CONTACT_MAX_PER_EMAIL=100000 \
  VOUCHER_GUESS_MAX_PER_USER=100000 VOUCHER_GUESS_MAX_PER_ADDRESS=100000 \
  SEARCH_MAX_PER_ADDRESS=100000 PUBLIC_READS_MAX_PER_ADDRESS=100000 DOCUMENTS_MAX_PER_USER=100000 \
  QUESTION_MAX_PER_USER=100000 QUESTION_MAX_PER_TARGET=100000 ANSWER_MAX_PER_USER=100000 ANSWER_MAX_PER_TARGET=100000 \
  INSTRUCTOR_MESSAGE_MAX_PER_USER=100000 INSTRUCTOR_MESSAGE_MAX_PER_TARGET=100000 MESSAGE_REPLY_MAX_PER_USER=100000 MESSAGE_REPLY_MAX_PER_TARGET=100000 \
  REVIEW_MAX_PER_USER=100000 REVIEW_MAX_PER_TARGET=100000 REVIEW_REPLY_MAX_PER_USER=100000 REVIEW_REPLY_MAX_PER_TARGET=100000 \
  node "$root/packages/launcher/dist/all-in-one.js" >"$log" 2>&1 &
pid=$!

up=
for _ in $(seq 1 240); do
  if curl -fsS "$base/healthz" >/dev/null 2>&1; then up=1; break; fi
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
if [[ -z $up ]]; then
  echo "the all-in-one did not become healthy on $base; its log:" >&2
  tail -n 50 "$log" >&2
  exit 1
fi

# Signs a seeded demo account in and prints its access token.
login() {
  curl -fsS -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"$2\"}" "$base/api/v1/user/login/" |
    node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).data.token))'
}
student=$(login student@taal.local student123)
instructor=$(login instructor@taal.local instructor123)
content=$(login content@taal.local content123)
admin=$(login admin@taal.local admin123)

export SCHEMATHESIS_HOOKS=$here/hooks.py
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance
checks+=,negative_data_rejection,positive_data_acceptance,missing_required_header,unsupported_method,allow_header_conformance
checks+=,ignored_auth,positive_data_refused_only_as_documented
run() {
  local name=$1 examples=$2
  shift 2
  printf '\n---- schemathesis: %s ----\n' "$name"
  # From the throwaway dir: schemathesis keeps its crash cache (.schemathesis/) in the working directory.
  (cd "$data_dir" && st --config-file "$here/schemathesis.toml" run "$base/api/v1/openapi.json" \
    --url "$base" \
    --checks "$checks" \
    --mode all \
    --phases examples,coverage,fuzzing \
    --max-examples "$examples" \
    --seed "$seed" \
    --workers "$workers" \
    --generation-database none \
    --request-timeout 20 \
    --suppress-health-check too_slow \
    --output-sanitize false \
    --no-color \
    "$@")
}

status=0
# Order matters: the admin may delete accounts, courses and other data the earlier passes read,
# so it runs after the other roles; logging out ends a session, so each role's logout runs alone
# at the end. The notification stream (server-sent events) stays open by design: its answer
# never ends, so it is left out of the signed-in passes (its 401 is checked in the no-token pass).
signed_in=(--exclude-path /api/v1/user/logout --exclude-path /api/v1/notification/stream)
for pass in $passes; do
  case $pass in
    none) run "no token" "$max_examples" "$@" || status=1 ;;
    student) run student "$max_examples" -H "Authorization: Bearer $student" "${signed_in[@]}" "$@" || status=1 ;;
    instructor | content | admin)
      run "$pass" "$role_max_examples" -H "Authorization: Bearer ${!pass}" "${signed_in[@]}" "$@" || status=1 ;;
    logout)
      for role in student instructor content admin; do
        run "$role, logout" "$max_examples" -H "Authorization: Bearer ${!role}" --include-path /api/v1/user/logout "$@" || status=1
      done ;;
    *) echo "unknown pass $pass (ST_PASSES)" >&2; exit 2 ;;
  esac
done

if grep -q '"level":[56]0' "$log"; then
  echo "the all-in-one logged errors during the run:" >&2
  grep '"level":[56]0' "$log" | tail -n 20 >&2
  status=1
fi
if [[ $status -ne 0 ]]; then
  # The gateway logs each 5xx it answered with its cause ("request failed").
  if grep -q '"msg":"request failed"' "$log"; then
    echo "answers that failed on the server, with their causes:" >&2
    grep '"msg":"request failed"' "$log" | tail -n 20 | cut -c1-2000 >&2
  fi
  echo "schemathesis found problems (see above); all-in-one log tail:" >&2
  tail -n 20 "$log" >&2
fi
exit "$status"
}
