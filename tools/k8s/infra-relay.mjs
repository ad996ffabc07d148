// Lets the cluster's pods reach tools/infra's servers (issue 37). Those listen on 127.0.0.1 only,
// which a pod cannot reach (its 127.0.0.1 is its own), so this relays TCP from the node's address
// on the pod bridge to the same port on 127.0.0.1. Nothing else is opened: no port on eth0.
// Usage: node infra-relay.mjs BIND_ADDRESS PORT... (e.g. 10.244.0.1 55432 56379 59000 52525).
// Kafka is not relayed: its broker advertises 127.0.0.1, so the cluster has a broker of its own
// (tools/k8s/up).
import net from 'node:net';

const [bindAddress, ...ports] = process.argv.slice(2);
if (!bindAddress || ports.length === 0) {
  console.error('usage: node infra-relay.mjs BIND_ADDRESS PORT...');
  process.exit(2);
}
for (const port of ports.map(Number)) {
  const server = net.createServer((inbound) => {
    const outbound = net.connect({ host: '127.0.0.1', port });
    inbound.pipe(outbound).pipe(inbound);
    const close = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on('error', close).on('close', close);
    outbound.on('error', close).on('close', close);
  });
  server.listen(port, bindAddress, () => console.log(`relay ${bindAddress}:${port} -> 127.0.0.1:${port}`));
  server.on('error', (err) => {
    console.error(`relay ${bindAddress}:${port}: ${err.message}`);
    process.exit(1);
  });
}
process.on('SIGTERM', () => process.exit(0));
