# Fixed server ports inside the kernel's ephemeral range (Linux hands out 32768-60999 as the
# source ports of outgoing connections). Sourced by tools/infra/lib.sh and tools/k8s/lib.sh.
#
# Why: a client connection on 127.0.0.1 that happened to be given, say, 59092 as its source port
# holds that port (for 60 s more in TIME_WAIT once closed), and Kafka's bind then fails with
# "Address already in use" although nothing listens there (a CI run failed so, decision 0062).

# reserve_ports PORT...: ask the kernel never to give these ports to outgoing connections
# (net.ipv4.ip_local_reserved_ports, kept with whatever was reserved before). Needs root; without
# it the ports stay as they were and wait_port_bindable's wait is what remains. A port inside a
# listed range is listed again: harmless, the kernel merges the list.
reserve_ports() {
  local file=/proc/sys/net/ipv4/ip_local_reserved_ports listed wanted port
  [[ -w $file ]] || return 0
  listed=$(<"$file")
  wanted=$listed
  for port in "$@"; do
    [[ ",$wanted," == *",$port,"* ]] || wanted+="${wanted:+,}$port"
  done
  [[ $wanted == "$listed" ]] || echo "$wanted" 2>/dev/null >"$file" || true
}

# wait_port_bindable ADDRESS PORT NAME: wait (up to 75 s: TIME_WAIT lasts 60) until a listener
# could bind the port, so the server's own bind does not fail on a connection holding it.
wait_port_bindable() {
  local address=$1 port=$2 name=$3 deadline=$((SECONDS + 75)) said=
  # A probe listener (SO_REUSEADDR, as the servers set it): a TIME_WAIT a server's own connections
  # left behind does not block it, a connection that was given the port as its source does.
  until node "$(dirname "${BASH_SOURCE[0]}")/free-port.mjs" --can-listen "$address" "$port"; do
    if [[ -z $said ]]; then
      printf '[ports] %s: %s:%s cannot be bound yet (a connection holds it as its source port?); waiting\n' "$name" "$address" "$port" >&2
      said=1
    fi
    ((SECONDS < deadline)) || return 1
    sleep 1
  done
}
