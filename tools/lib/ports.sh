# Fixed server ports inside the kernel's ephemeral range (Linux hands out 32768-60999 as the
# source ports of outgoing connections). Sourced by tools/infra/lib.sh and tools/k8s/lib.sh.
#
# Why: a client connection on 127.0.0.1 that happened to be given, say, 59092 as its source port
# holds that port (for 60 s more in TIME_WAIT once closed), and Kafka's bind then fails with
# "Address already in use" although nothing listens there (a CI run failed so, decision 0062).

# reserve_ports PORT...: ask the kernel never to give these ports to outgoing connections
# (net.ipv4.ip_local_reserved_ports, kept with whatever was reserved before). Needs root; without
# it the ports stay as they were and hold_free_port's wait is what remains.
reserve_ports() {
  local file=/proc/sys/net/ipv4/ip_local_reserved_ports listed port
  [[ -w $file ]] || return 0
  listed=$(<"$file")
  for port in "$@"; do
    [[ ",$listed," == *",$port,"* ]] || listed+="${listed:+,}$port"
  done
  [[ $listed == "$(<"$file")" ]] || echo "$listed" 2>/dev/null >"$file" || true
}

# port_held_by_a_connection ADDRESS PORT: some socket that is not a listener (an outgoing
# connection, or one in TIME_WAIT) has ADDRESS:PORT as its local address.
port_held_by_a_connection() {
  local address=$1 port=$2
  [[ -n $(ss -tanH state all "( sport = :$port )" 2>/dev/null | awk -v a="$address:$port" '$1 != "LISTEN" && $4 == a') ]]
}

# wait_port_unheld ADDRESS PORT NAME: wait (up to 75 s: TIME_WAIT lasts 60) until no connection
# holds the port, so the server's bind cannot fail on it.
wait_port_unheld() {
  local address=$1 port=$2 name=$3 deadline=$((SECONDS + 75)) said=
  while port_held_by_a_connection "$address" "$port"; do
    if [[ -z $said ]]; then
      printf '[ports] %s: %s:%s is the source port of a connection; waiting for it to close\n' "$name" "$address" "$port" >&2
      said=1
    fi
    ((SECONDS < deadline)) || return 1
    sleep 1
  done
}
