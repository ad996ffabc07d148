# Shared by tools/k8s/{up,status,down} (issue 37). Sourced, not executed.
# A one-node Kubernetes cluster made of processes started by hand and stopped by their pids.
# Every file of the cluster (certificates, tokens, etcd's data, containerd's root and state, the
# kubelet's root, logs, pid files, kubeconfigs) is under $K8S_HOME (default
# ~/.cache/taal/k8s/cluster); delete that folder (after `npm run k8s:down`) to start from nothing.
# Builds are cached beside it: ~/.cache/taal/k8s/v<version>/bin (tools/k8s/build.sh),
# ~/.cache/taal/k8s/coredns-<version> (tools/k8s/coredns-build),
# ~/.cache/taal/k8s/kube-router-<version> (tools/k8s/netpol-build), ~/.cache/taal/k8s/pause.

K8S_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$K8S_DIR/../.." && pwd)"
K8S_VERSION="${TAAL_K8S_VERSION:-1.37.2}"
K8S_CACHE="${TAAL_K8S_CACHE:-$HOME/.cache/taal/k8s}"
K8S_BIN="${TAAL_K8S_BIN:-$K8S_CACHE/v$K8S_VERSION/bin}"
K8S_HOME="${TAAL_K8S_HOME:-$K8S_CACHE/cluster}"

NODE_NAME=node1
# The pod network: a bridge made here, with no route out of the machine (not 10.88.0.0/16:
# podman's own network, used by tools/infra, has it). The node's own address
# on it (BRIDGE_IP) is where the API server, the kubelet, CoreDNS and the infrastructure relay
# listen, so pods reach them; nothing is bound to eth0.
BRIDGE=taalk8s0
POD_CIDR=10.244.0.0/16
BRIDGE_IP=10.244.0.1
SERVICE_CIDR=10.96.0.0/16
KUBERNETES_SVC_IP=10.96.0.1
CLUSTER_DNS=$BRIDGE_IP
CLUSTER_DOMAIN=cluster.local
API_PORT=6443
ETCD_PORT=23790
ETCD_PEER_PORT=23800
API_URL="https://$BRIDGE_IP:$API_PORT"

PAUSE_IMAGE=localhost/taal-pause:3.10
CONTAINERD_SOCK="$K8S_HOME/containerd/containerd.sock"
KUBECONFIG_ADMIN="$K8S_HOME/admin.kubeconfig"
export PATH="$K8S_BIN:$PATH"

# tools/infra's servers, relayed to the pods on BRIDGE_IP (same ports): Postgres, Redis, S3, SMTP,
# FerretDB (messaging's documents, decision 0043).
INFRA_ENV="${TAAL_INFRA_HOME:-$HOME/.cache/taal/infra}/env.sh"
RELAY_PORTS=(55432 56379 59000 52525 57017)
# The cluster's own Kafka broker, on BRIDGE_IP (tools/infra's advertises 127.0.0.1).
KAFKA_PORT=59192
KAFKA_CONTROLLER_PORT=59193
# shellcheck source=tools/lib/ports.sh
source "$REPO_ROOT/tools/lib/ports.sh"

# The order they start in; `down` stops them in reverse.
COMPONENTS=(etcd kube-apiserver kube-controller-manager kube-scheduler containerd kubelet kube-proxy coredns infra-relay kafka kube-router)

log() { printf '[k8s] %s\n' "$*" >&2; }
die() {
  printf '[k8s] ERROR: %s\n' "$*" >&2
  exit 1
}

pidfile() { echo "$K8S_HOME/run/$1.pid"; }
logfile() { echo "$K8S_HOME/logs/$1.log"; }

# running NAME: its pid file names a live process whose command line is that component's binary.
running() {
  local f pid
  f=$(pidfile "$1")
  [[ -f $f ]] || return 1
  pid=$(<"$f")
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null || return 1
  local cmdline
  cmdline=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)
  # While a component is being exec'd (setsid, then nohup, then its binary), its cmdline reads
  # empty for a moment: a live process that is not a zombie is still starting. (Taken for an exit,
  # that moment stopped a CI run's node with empty logs.)
  [[ -n $cmdline ]] || { [[ $(sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null | cut -d' ' -f1) != Z ]]; return; }
  [[ $cmdline == *"$1"* ]]
}

# write_file FILE < content: replaces FILE only when the content differs, so a second `up` leaves
# a running component's files alone (kube-proxy exits when its configuration file changes).
write_file() {
  local tmp
  tmp=$(mktemp "$1.XXXXXX")
  cat >"$tmp"
  if cmp -s "$tmp" "$1"; then rm -f "$tmp"; else mv "$tmp" "$1"; fi
}

kctl() { "$K8S_BIN/kubectl" --kubeconfig "$KUBECONFIG_ADMIN" "$@"; }

# release_pod_networks: deletes the pods' network namespaces (an address in POD_CIDR) and frees
# their addresses in host-local's store. Only while containerd is stopped: its tasks are killed
# by `down` without the CNI being asked to tear their networks down, so each stop left every
# pod's namespace (and its veth on the bridge) behind, still answering for its address; once
# the address store was gone (install-check --fresh) new pods were given those addresses again,
# and a probe's connection could reach the dead namespace (refused) instead of the pod.
release_pod_networks() {
  local ns addresses freed=0 prefix="${POD_CIDR%.*.*}."
  running containerd && die "release_pod_networks: containerd is running; its pods use those networks"
  for ns in $(ip netns list 2>/dev/null | awk '{ print $1 }'); do
    # Matched in bash, not by `| grep -q` (under pipefail, grep's early exit can fail the pipe).
    addresses=$(ip -n "$ns" -4 -o addr show 2>/dev/null || true)
    if [[ $addresses == *" inet $prefix"* ]]; then
      ip netns delete "$ns" 2>/dev/null && freed=$((freed + 1))
    fi
  done
  find "$K8S_HOME/cni/ipam" -type f -name "${prefix}*" -delete 2>/dev/null || true
  ((freed == 0)) || log "pod networks: $freed network namespaces of stopped pods deleted"
}
