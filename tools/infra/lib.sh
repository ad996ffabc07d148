# Shared helpers for tools/infra/{up,down,status}. Sourced, not executed.
# Real servers on 127.0.0.1 for local development and the integration tests:
# PostgreSQL, Redis, Kafka (KRaft), an S3-compatible server (versitygw), an SMTP sink and
# FerretDB (the MongoDB wire protocol, on that PostgreSQL in a database of its own; decision 0041),
# plus podman's Docker-compatible socket and a FerretDB image built here for testcontainers.
#
# Downloads/builds are cached under $TAAL_CACHE_DIR (default ~/.cache/taal);
# server state (data, logs, pid files, env.sh) lives under $TAAL_INFRA_HOME
# (default ~/.cache/taal/infra). Nothing is written inside the repository.

INFRA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$INFRA_DIR/../.." && pwd)"

CACHE_DIR="${TAAL_CACHE_DIR:-$HOME/.cache/taal}"
INFRA_HOME="${TAAL_INFRA_HOME:-$HOME/.cache/taal/infra}"
ENV_FILE="$INFRA_HOME/env.sh"

# Ports (all bound to 127.0.0.1 only). The TAAL_*_PORT overrides exist to run a second,
# separate set of servers (with its own TAAL_INFRA_HOME) next to the usual one.
PG_PORT=${TAAL_PG_PORT:-55432}
REDIS_PORT=${TAAL_REDIS_PORT:-56379}
KAFKA_PORT=${TAAL_KAFKA_PORT:-59092}
KAFKA_CONTROLLER_PORT=${TAAL_KAFKA_CONTROLLER_PORT:-59093}
S3_PORT=${TAAL_S3_PORT:-59000}
SMTP_PORT=${TAAL_SMTP_PORT:-52525}
FERRETDB_PORT=${TAAL_FERRETDB_PORT:-57017}
SERVER_PORTS=("$PG_PORT" "$REDIS_PORT" "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT" "$S3_PORT" "$SMTP_PORT" "$FERRETDB_PORT")
# shellcheck source=tools/lib/ports.sh
source "$REPO_ROOT/tools/lib/ports.sh"

# Credentials / names handed to the code under test.
PG_USER=taal
PG_PASSWORD=taal
PG_DB=taal
S3_ACCESS_KEY=taal
S3_SECRET_KEY=taalsecret123
S3_BUCKET=taal
S3_REGION=us-east-1
FERRETDB_PG_DB=taal_ferretdb # FerretDB's own database on the Postgres above
MONGODB_DB=taal

# Pinned versions of what is downloaded/built.
KAFKA_VERSION=3.9.2 # keep in sync with tools/infra/kafka/pom.xml
VERSITYGW_VERSION=v1.8.0
FERRETDB_VERSION=v1.24.2-taal.3 # built by tools/infra/ferretdb-build (the kit's embedded store uses the same)

KAFKA_LIBS="$CACHE_DIR/kafka-$KAFKA_VERSION/libs"
VERSITYGW_BIN="$CACHE_DIR/versitygw-$VERSITYGW_VERSION/bin/versitygw"

SMTP_MAILDIR="$INFRA_HOME/smtp/maildir"
FERRETDB_BIN="$CACHE_DIR/ferretdb-$FERRETDB_VERSION/bin/ferretdb"
# The FerretDB image for testcontainers (built here FROM scratch, never pulled).
FERRETDB_IMAGE="localhost/taal-ferretdb:$FERRETDB_VERSION"

# Timeouts (seconds) for a server to become ready after being started.
READY_TIMEOUT="${TAAL_INFRA_READY_TIMEOUT:-90}"

log() { printf '[infra] %s\n' "$*" >&2; }
die() {
  printf '[infra] ERROR: %s\n' "$*" >&2
  exit 1
}

# port_open PORT: something accepts TCP connections on 127.0.0.1:PORT.
port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# pid_running PIDFILE PATTERN: the pid in PIDFILE is alive and its command line
# contains PATTERN (guards against a recycled pid).
pid_running() {
  local pidfile=$1 pattern=$2 pid
  [[ -s $pidfile ]] || return 1
  pid=$(<"$pidfile")
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  [[ -r /proc/$pid/cmdline ]] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$pattern"
}

# wait_until TIMEOUT DESCRIPTION CMD...: retry CMD every 0.5 s until it succeeds.
wait_until() {
  local timeout=$1 what=$2
  shift 2
  local deadline=$((SECONDS + timeout))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      log "timed out after ${timeout}s waiting for $what"
      return 1
    fi
    sleep 0.5
  done
}

# show_log NAME FILE...: print the tail of a server's log files (for failures).
show_log() {
  local name=$1 f
  shift
  for f in "$@"; do
    if [[ -f $f ]]; then
      printf '\n----- last lines of %s (%s) -----\n' "$name" "$f" >&2
      tail -n 60 "$f" >&2 || true
      printf -- '----- end of %s -----\n\n' "$f" >&2
    fi
  done
}

# stop_pid PIDFILE PATTERN NAME [GRACE_SECONDS]: SIGTERM, wait, then SIGKILL.
stop_pid() {
  local pidfile=$1 pattern=$2 name=$3 grace=${4:-20} pid deadline
  if ! pid_running "$pidfile" "$pattern"; then
    rm -f "$pidfile"
    return 0
  fi
  pid=$(<"$pidfile")
  log "stopping $name (pid $pid)"
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$((SECONDS + grace))
  while kill -0 "$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.3; done
  if kill -0 "$pid" 2>/dev/null; then
    log "$name did not stop within ${grace}s, killing it"
    kill -KILL "$pid" 2>/dev/null || true
    sleep 0.5
  fi
  rm -f "$pidfile"
}

# apt_install PKG...: install Debian packages (apt-get update first, once per run).
APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null || die "need Debian packages '$*' but apt-get is not available"
  if ((EUID != 0)); then die "need Debian packages '$*': run as root or install them yourself"; fi
  if ((APT_UPDATED == 0)); then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 || die "apt-get update failed"
    APT_UPDATED=1
  fi
  log "apt-get install $*"
  # Several sessions may share the machine: wait for dpkg's lock instead of failing.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 "$@" >&2 ||
    die "apt-get install $* failed"
}

# ---------------------------------------------------------------- PostgreSQL
pg_bin_dir() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

# The data dir must be reachable by the postgres OS user. When TAAL_INFRA_HOME
# is under a directory it cannot traverse (e.g. /root is 0700), the data lives
# in a postgres-owned directory under /var/lib/postgresql and
# $INFRA_HOME/postgres is a symlink to it.
PG_HOME_LINK="$INFRA_HOME/postgres"
pg_state_dir() {
  if [[ -L $PG_HOME_LINK || -d $PG_HOME_LINK ]]; then
    readlink -f "$PG_HOME_LINK"
  else
    echo "$PG_HOME_LINK"
  fi
}

# One role per service with a database (issue 22; deploy/service-database.sql): taal_<service>,
# owning the schema <service>, with its name as its password (a local test server only). A
# service has a database when it has migrations.
pg_services() {
  local d
  for d in "$REPO_ROOT"/services/*/migrations; do [[ -d $d ]] && basename "$(dirname "$d")"; done
}
pg_service_roles() {
  local bin=$1 db=$2 service out
  for service in $(pg_services); do
    out=$(PGPASSWORD=$PG_PASSWORD PGOPTIONS='-c client_min_messages=warning' "$bin/psql" -X -q -h 127.0.0.1 -p "$PG_PORT" \
      -U "$PG_USER" -d "$db" -v service="$service" -v password="taal_$service" -f "$REPO_ROOT/deploy/service-database.sql" 2>&1) || {
      printf '%s\n' "$out" >&2
      return 1
    }
    # The SQL keeps an existing role's password; here it is always the local one.
    PGPASSWORD=$PG_PASSWORD "$bin/psql" -X -q -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" -d "$db" \
      -c "ALTER ROLE taal_$service PASSWORD 'taal_$service'" >/dev/null || return 1
  done
}

pg_ready() {
  local bin
  bin=$(pg_bin_dir)
  [[ -n $bin ]] || return 1
  PGPASSWORD=$PG_PASSWORD PGCONNECT_TIMEOUT=3 "$bin/psql" -X -q -t -A \
    -h 127.0.0.1 -p "$PG_PORT" -U "$PG_USER" -d "$PG_DB" -c 'select 1' 2>/dev/null | grep -qx 1
}

# ---------------------------------------------------------------- Redis
REDIS_DIR="$INFRA_HOME/redis"
redis_ready() {
  [[ $(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]]
}

# ---------------------------------------------------------------- Kafka
KAFKA_DIR="$INFRA_HOME/kafka"
KAFKA_PATTERN="kafka.Kafka $KAFKA_DIR/server.properties"
kafka_java() {
  java -Xmx256m -XX:TieredStopAtLevel=1 -Dlog4j.configuration="file:$INFRA_DIR/kafka/tools-log4j.properties" \
    -cp "$KAFKA_LIBS/*" "$@"
}
kafka_running() {
  pid_running "$KAFKA_DIR/kafka.pid" "$KAFKA_PATTERN" && port_open "$KAFKA_PORT"
}

# ---------------------------------------------------------------- S3 (versitygw)
S3_DIR="$INFRA_HOME/s3"
S3_PATTERN="versitygw"
s3_answers() {
  # Any HTTP answer (an unsigned request gets 403 AccessDenied) means it is serving.
  local code
  code=$(curl -s -o /dev/null -m 3 -w '%{http_code}' "http://127.0.0.1:$S3_PORT/" 2>/dev/null) || return 1
  [[ $code =~ ^[1-5][0-9][0-9]$ ]]
}

# ---------------------------------------------------------------- SMTP sink
SMTP_DIR="$INFRA_HOME/smtp"
# No repo path in the pattern: a sink started from another clone is still ours.
SMTP_PATTERN="smtp-sink.mjs --port $SMTP_PORT"
smtp_banner() (
  # Subshell: the fd and any failed redirection stay local.
  exec 3<>"/dev/tcp/127.0.0.1/$SMTP_PORT" || exit 1
  IFS= read -r -t 3 line <&3 || exit 1
  printf 'QUIT\r\n' >&3 2>/dev/null || true
  [[ $line == 220* ]]
)

# ---------------------------------------------------------------- FerretDB (on the Postgres above)
FERRETDB_DIR="$INFRA_HOME/ferretdb"
FERRETDB_PATTERN="ferretdb --listen-addr=127.0.0.1:$FERRETDB_PORT"
# A MongoDB wire-protocol round trip would need a client; FerretDB answers TCP only once its
# listener is up, and it checks its backend at start (see up), so the open port is the readiness.
ferretdb_ready() {
  pid_running "$FERRETDB_DIR/ferretdb.pid" "$FERRETDB_PATTERN" && port_open "$FERRETDB_PORT"
}

# ---------------------------------------------------------------- podman (containers for testcontainers)
PODMAN_DIR="$INFRA_HOME/podman"
PODMAN_CONF="$PODMAN_DIR/containers.conf"
PODMAN_SOCKET="$PODMAN_DIR/podman.sock"
PODMAN_PATTERN="system service --time=0 unix://$PODMAN_SOCKET"
podman_answers() {
  curl -s -m 3 --unix-socket "$PODMAN_SOCKET" http://d/_ping 2>/dev/null | grep -qx OK
}

# Serialise up/down so that concurrent callers do not start servers twice.
# The lock is fd 9: every server started while holding it gets `9>&-`, or the
# daemon would keep the lock for its whole life.
take_lock() {
  mkdir -p "$INFRA_HOME"
  exec 9>"$INFRA_HOME/.lock"
  if ! flock -w 600 9; then die "could not take $INFRA_HOME/.lock within 600s"; fi
}

write_env() {
  local tmp="$ENV_FILE.tmp.$$"
  cat >"$tmp" <<EOF
export DATABASE_URL=postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$PG_PORT/$PG_DB
export REDIS_URL=redis://127.0.0.1:$REDIS_PORT
export KAFKA_BROKERS=127.0.0.1:$KAFKA_PORT
export S3_ENDPOINT=http://127.0.0.1:$S3_PORT
export S3_ACCESS_KEY=$S3_ACCESS_KEY
export S3_SECRET_KEY=$S3_SECRET_KEY
export S3_BUCKET=$S3_BUCKET
export S3_REGION=$S3_REGION
export SMTP_URL=smtp://127.0.0.1:$SMTP_PORT
export SMTP_MAILDIR=$SMTP_MAILDIR
export MONGODB_URL=mongodb://127.0.0.1:$FERRETDB_PORT/$MONGODB_DB
export FERRETDB_DATABASE_URL=postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$PG_PORT/$FERRETDB_PG_DB
export FERRETDB_BIN=$FERRETDB_BIN
export TAAL_CONTAINER_SOCKET=unix://$PODMAN_SOCKET
export TAAL_FERRETDB_IMAGE=$FERRETDB_IMAGE
EOF
  mv -f "$tmp" "$ENV_FILE"
}
