// Checks Taal as installed by deploy/README.md's "Try it on one machine" on the one-node cluster
// (issue 37; run by tools/k8s/install-check after the README's commands). Through the gateway's
// Service (its ClusterIP, which kube-proxy on this node routes to the pods):
//   1. every Deployment Ready, and Pod Security `restricted` refusing a privileged pod;
//   2. a signed-in page and a card checkout paid on the sandbox (its IPN goes pod to pod);
//   3. `kubectl rollout restart` of commerce, then a `helm upgrade` that changes only commerce's
//      image tag, each under a steady stream of reads and card checkouts: every request counted,
//      none may fail;
//   4. `helm rollback` to the revision before the upgrade: commerce's image is the old one again,
//      and `kubectl rollout history` shows it;
// and (2b) the chart's NetworkPolicy, enforced by the node's kube-router: a pod outside
// the release cannot open commerce's gRPC port, one with the release's labels can.
// Usage: node tools/k8s/install-check.mjs TAG (the image tag the README's install used).
import { execFile, execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const require = createRequire(import.meta.url);
const { api, login, paidCourses, cardCheckout, demoAccounts } = require('../lib/marketplace.cjs');

const TAG = process.argv[2];
if (!TAG) throw new Error('usage: node tools/k8s/install-check.mjs TAG');
const NS = 'taal';
const t0 = Date.now();
const at = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const say = (m) => console.log(`[install-check ${at()}] ${m}`);
const sh = (cmd, args, opts = {}) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts }).trim();
const kubectl = (...args) => sh('kubectl', ['-n', NS, ...args]);
const helm = (...args) => sh('helm', ['-n', NS, ...args], { timeout: 20 * 60_000 });
// The rollouts run beside the traffic they are checked under: execFileSync would stop this
// process's event loop, and with it every request, for as long as the rollout took.
const shAsync = async (cmd, args) => (await promisify(execFile)(cmd, args, { encoding: 'utf8', timeout: 20 * 60_000 })).stdout.trim();
const kubectlAsync = (...args) => shAsync('kubectl', ['-n', NS, ...args]);
const helmAsync = (...args) => shAsync('helm', ['-n', NS, ...args]);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const failures = [];
const check = (ok, what) => {
  say(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

// ------------------------------------------------------------------ 1. Ready, and restricted
const deployments = JSON.parse(kubectl('get', 'deployments', '-o', 'json')).items;
for (const d of deployments) kubectl('rollout', 'status', `deployment/${d.metadata.name}`, '--timeout=600s');
const pods = JSON.parse(kubectl('get', 'pods', '-o', 'json')).items;
const ready = pods.filter((p) => p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'));
check(ready.length === pods.length, `${deployments.length} Deployments, ${ready.length}/${pods.length} pods Ready`);
const label = sh('kubectl', ['get', 'namespace', NS, '-o', 'jsonpath={.metadata.labels.pod-security\\.kubernetes\\.io/enforce}']);
let refused = '';
try {
  // A pod with no securityContext (may run as root, keeps its capabilities): baseline, not restricted.
  sh('kubectl', ['-n', NS, 'run', 'stranger-unrestricted', '--image', 'localhost/taal-pause:3.10', '--image-pull-policy', 'Never', '--restart', 'Never']);
  kubectl('delete', 'pod', 'stranger-unrestricted', '--wait=false');
} catch (err) {
  refused = String(err.stderr ?? err.message);
}
check(label === 'restricted' && /violates PodSecurity "restricted/.test(refused), `namespace enforces ${label}: a pod without the restricted securityContext is refused (${refused.split('\n')[0].slice(0, 160)})`);

// ------------------------------------------------------------------ addresses
const clusterIp = (svc) => kubectl('get', 'service', svc, '-o', 'jsonpath={.spec.clusterIP}');
const edge = `http://${clusterIp('taal-gateway')}`;
const sandbox = `http://${clusterIp('taal-sslcommerz-sandbox')}`;
// The student's "browser" is this script on the node: it reaches the site's and the sandbox's
// cluster names (PUBLIC_URL, sandbox.publicUrl) at their Services' addresses, as cluster DNS would.
const browser = (url) =>
  url.replace(/^http:\/\/taal-gateway\.taal\.svc\.cluster\.local/, edge).replace(/^http:\/\/taal-sslcommerz-sandbox\.taal\.svc\.cluster\.local/, sandbox);
say(`gateway Service ${edge}, sandbox Service ${sandbox}`);

// ------------------------------------------------------------------ 2. signed in, paid
const { admin } = await demoAccounts(edge);
const student = await login(edge, 'student@taal.local', 'student123');
const cart = await api(edge).call('GET', `/cart/${student.id}`, undefined, student.token);
const orders = await api(edge).call('GET', `/order/${student.id}`, undefined, student.token);
check(cart.status === 200 && orders.status === 200, `signed-in pages of the API: the student's cart answers ${cart.status}, orders ${orders.status}`);
// The site itself: the chart's gateway serves the shell (SERVE_UI), on / and on a client-side route.
for (const path of ['/', '/studentpanel']) {
  const page = await fetch(`${edge}${path}`);
  const html = await page.text();
  check(page.status === 200 && html.includes('<div id="root"'), `the site's ${path} answers ${page.status} ${page.headers.get('content-type')} with the shell`);
}
const courses = await paidCourses(edge);
check(courses.length > 0, `${courses.length} paid courses listed`);
const paidOrder = async (who, course) => {
  const { orderId } = await cardCheckout(edge, who, course, { browser });
  for (let i = 0; i < 60; i++) {
    const orders = await api(edge).get(`/order/${who.id}`, who.token);
    if (orders.some((o) => o._id === orderId && o.paid)) return orderId;
    await sleep(500);
  }
  throw new Error(`order ${orderId} was not paid within 30 s`);
};
// New students, signed up through the API and verified by the admin. Sign-ups are limited per
// client address (10 per window, in Redis, so across runs): each arrives as its own client, as
// behind the ingress, in X-Forwarded-For (TRUST_PROXY trusts it from the node's private address;
// a documentation address, only a header).
async function signUpStudents(base, adminToken, n) {
  const tag = Math.random().toString(36).slice(2, 10);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  const made = [];
  for (let i = 0; i < n; i++) {
    const email = `${tag}-${i}@${tag}.example.com`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: `Buyer ${tag} ${i}`, email, password: 'secret1', confirmPassword: 'secret1', dob: '2000-01-01', phone: '01712345678', address: 'Dhaka' })) form.append(k, v);
    form.append('photo', new Blob([png], { type: 'image/png' }), 'me.png');
    const client = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
    const user = await api(base).post('/user/signup/', form, undefined, { 'x-forwarded-for': client });
    await api(base).get(`/user/verify/${user._id}`, adminToken);
    made.push(await login(base, email, 'secret1'));
  }
  return made;
}
// A buyer new to this run: a course owned is refused.
const [firstBuyer] = await signUpStudents(edge, admin.token, 1);
const first = await paidOrder(firstBuyer, courses[0]);
check(Boolean(first), `card checkout paid through the gateway's Service and the sandbox (order ${first})`);

// ------------------------------------------------------------------ 2b. the NetworkPolicy
// Two pods of our own, each trying commerce's gRPC port and the gateway's Service from inside the
// pod network: a stranger (no release labels) and an insider (the labels the chart's policies
// admit). The node's kube-router (tools/k8s/up) must drop the stranger's connection to
// commerce and let every other through; the gateway's port is open to anyone.
function probeFrom(name, labels) {
  const script = `const net = require('node:net');
const probe = (host, port) => new Promise((done) => {
  const s = net.connect({ host, port, timeout: 5000 });
  s.on('connect', () => { s.destroy(); done('open'); });
  s.on('timeout', () => { s.destroy(); done('timed out'); });
  s.on('error', (e) => done(e.code));
});
// kube-router admits a new pod's address into its policies' sets a moment after the pod starts:
// commerce is tried once a second, up to 15 times, until it opens.
(async () => {
  let commerce = '';
  let tries = 0;
  while (tries++ < 15 && (commerce = await probe('taal-commerce', 50053)) !== 'open') await new Promise((r) => setTimeout(r, 1000));
  // Commerce's own API port (issue 52): the gateway's pods alone may open it.
  console.log(JSON.stringify({ commerce, tries: Math.min(tries, 15), gateway: await probe('taal-gateway', 80), commerceApi: await probe('taal-commerce', 8053) }));
})();`;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: NS, labels },
    spec: {
      restartPolicy: 'Never',
      securityContext: { runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [{ name: 'probe', image: `localhost/taal:${TAG}`, imagePullPolicy: 'Never', command: ['node', '-e', script],
        securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } } }],
    },
  };
  kubectl('delete', 'pod', name, '--ignore-not-found', '--wait');
  sh('kubectl', ['apply', '-f', '-'], { input: JSON.stringify(pod), stdio: ['pipe', 'pipe', 'pipe'] });
  sh('kubectl', ['-n', NS, 'wait', `pod/${name}`, '--for=jsonpath={.status.phase}=Succeeded', '--timeout=240s']);
  const result = JSON.parse(kubectl('logs', name).split('\n').at(-1));
  kubectl('delete', 'pod', name, '--wait=false');
  return result;
}
const stranger = probeFrom('stranger-probe', { app: 'stranger' });
const insider = probeFrom('insider-probe', { 'app.kubernetes.io/part-of': 'taal', 'app.kubernetes.io/instance': 'taal' });
check(stranger.commerce !== 'open' && stranger.gateway === 'open', `NetworkPolicy: a pod outside the release reaches the gateway (${stranger.gateway}) but not commerce's gRPC port (${stranger.commerce} on each of ${stranger.tries} tries, a second apart)`);
check(insider.commerce === 'open' && insider.gateway === 'open', `NetworkPolicy: a pod with the release's labels reaches commerce's gRPC port (${insider.commerce} on try ${insider.tries}) and the gateway (${insider.gateway})`);
check(stranger.commerceApi !== 'open' && insider.commerceApi !== 'open', `NetworkPolicy: commerce's own API port is the gateway's alone: a stranger gets ${stranger.commerceApi}, a pod with the release's labels ${insider.commerceApi}`);

// ------------------------------------------------------------------ 3. traffic
// Each buyer buys each course once: new students (verified by the admin) for the checkouts.
// Each rollout has buyers of its own, each going through the courses once (a course owned is
// refused): a quiet node paid all 72 checkouts of six shared buyers around the first rollout,
// and none were left for the second.
async function steadyTraffic(during) {
  const buyers = (await signUpStudents(edge, admin.token, 6)).map((b, i) => ({ ...b, start: i * 2, next: i * 2 }));
  let running = true;
  let phase = 'steady';
  const counts = { reads: 0, checkouts: 0, checkoutsDuring: 0, requestsFailed: 0, failures: [] };
  const headers = { authorization: `Bearer ${student.token}` };
  const reads = [() => fetch(`${edge}/api/v1/cart/${student.id}`, { headers }), () => fetch(`${edge}/api/v1/course/`)];
  const readers = Array.from({ length: 3 }, async (_, i) => {
    while (running) {
      try {
        const res = await reads[i % reads.length]();
        await res.arrayBuffer();
        if (res.status === 200) counts.reads++;
        else {
          counts.requestsFailed++;
          counts.failures.push(`${phase}: ${res.status} ${res.url}`);
        }
      } catch (err) {
        counts.requestsFailed++;
        counts.failures.push(`${phase}: ${err.message} ${String(err.cause ?? '')}`);
      }
      await sleep(150);
    }
  });
  const payers = buyers.map(async (buyer) => {
    while (running) {
      if (buyer.next >= buyer.start + courses.length) break; // this buyer owns every course
      const course = courses[buyer.next++ % courses.length];
      try {
        const startedIn = phase;
        await paidOrder(buyer, course);
        counts.checkouts++;
        if (startedIn === during) counts.checkoutsDuring++;
      } catch (err) {
        counts.requestsFailed++;
        counts.failures.push(`${phase}: checkout of ${course.id}: ${err.message.slice(0, 160)}`);
      }
      // A buyer's 12 courses last about half a minute: the window before, the rollout, and after.
      await sleep(1000);
    }
  });
  return {
    counts,
    phase: (p) => (phase = p),
    stop: async () => {
      running = false;
      await Promise.all([...readers, ...payers]);
      return counts;
    },
  };
}
const commerceImage = () => kubectl('get', 'deployment', 'taal-commerce', '-o', 'jsonpath={.spec.template.spec.containers[0].image}');
const underTraffic = async (what, action) => {
  const traffic = await steadyTraffic(what);
  await sleep(5000);
  traffic.phase(what);
  const started = Date.now();
  await action();
  const took = Math.round((Date.now() - started) / 1000);
  traffic.phase(`after ${what}`);
  await sleep(5000);
  const c = await traffic.stop();
  check(
    c.requestsFailed === 0 && c.reads > 0 && c.checkoutsDuring > 0,
    `${what} (${took} s): ${c.reads} reads answered 200, ${c.checkouts} card checkouts paid (${c.checkoutsDuring} begun during it), ${c.requestsFailed} failed${c.failures.length ? `: ${c.failures.join('; ')}` : ''}`,
  );
};

await underTraffic('kubectl rollout restart deployment/taal-commerce', async () => {
  await kubectlAsync('rollout', 'restart', 'deployment/taal-commerce');
  await kubectlAsync('rollout', 'status', 'deployment/taal-commerce', '--timeout=600s');
});

// A second tag of the same image stands for commerce's new build (README "Shipping one service").
const revisionBefore = JSON.parse(helm('history', 'taal', '-o', 'json')).at(-1).revision;
const imageBefore = commerceImage();
const others = () => JSON.parse(kubectl('get', 'deployments', '-o', 'json')).items.filter((d) => d.metadata.name !== 'taal-commerce').map((d) => `${d.metadata.name}=${d.metadata.generation}`).join(',');
const othersBefore = others();
// Commerce's next build adds a route (tools/k8s/commerce-next): the gateway serves and documents it
// after commerce alone is upgraded (issue 52), its pods untouched.
const gatewayPods = () => JSON.parse(kubectl('get', 'pods', '-l', 'app.kubernetes.io/name=taal-gateway', '-o', 'json')).items.map((p) => `${p.metadata.uid}:${p.status.containerStatuses?.[0]?.restartCount}`).sort().join(',');
const NEW_ROUTE = '/commerce/release';
const newRoute = async () => {
  const answer = await api(edge).call('GET', NEW_ROUTE);
  const document = await (await fetch(`${edge}/api/v1/openapi.json`)).json();
  return { status: answer.status, build: answer.body?.data?.build, documented: Boolean(document.paths[`/api/v1${NEW_ROUTE}`]) };
};
/**
 * Reads the route until `settled` holds for 8 reads in a row, a second at most (60 tries): each of the
 * gateway's replicas reads commerce's table on its own every 5 s, and while a rollout has old and new
 * commerce pods both, a read of the table may reach either.
 */
const settles = async (settled) => {
  let last = await newRoute();
  for (let n = 0, inARow = 0; n < 60 && inARow < 8; n++) {
    inARow = settled(last) ? inARow + 1 : 0;
    if (inARow < 8) await sleep(1000);
    last = await newRoute();
  }
  return last;
};
const gatewayBefore = gatewayPods();
const before = await newRoute();
check(before.status === 404 && !before.documented, `before commerce's upgrade, GET ${NEW_ROUTE} answers ${before.status} and the document ${before.documented ? 'has' : 'lacks'} it`);
await underTraffic('helm upgrade of commerce image only', async () => {
  await helmAsync('upgrade', 'taal', 'charts/taal', '--reset-then-reuse-values', '--set', 'services.commerce.image.repository=localhost/taal', '--set-string', `services.commerce.image.tag=${TAG}-commerce`, '--wait', '--timeout', '10m');
});
check(commerceImage() === `localhost/taal:${TAG}-commerce` && others() === othersBefore, `the upgrade changed commerce's image only (${imageBefore} -> ${commerceImage()}; other Deployments' generations unchanged)`);
const served = await settles((r) => r.status === 200 && r.documented);
check(served.status === 200 && served.build === 'next' && served.documented, `after commerce's upgrade alone, the gateway serves GET ${NEW_ROUTE} (${served.status}, build ${served.build}) and documents it (${served.documented})`);
check(gatewayPods() === gatewayBefore, `the gateway's pods kept their UIDs and restart counts through commerce's upgrade (${gatewayBefore} -> ${gatewayPods()})`);

// ------------------------------------------------------------------ 4. rollback
helm('rollback', 'taal', String(revisionBefore), '--wait', '--timeout', '10m');
kubectl('rollout', 'status', 'deployment/taal-commerce', '--timeout=600s');
const history = kubectl('rollout', 'history', 'deployment/taal-commerce');
const latest = history.split('\n').filter((l) => /^\d+/.test(l)).map((l) => Number(l.split(/\s+/)[0])).sort((a, b) => a - b).at(-1);
const latestTemplate = kubectl('rollout', 'history', 'deployment/taal-commerce', `--revision=${latest}`);
check(latestTemplate.includes(`Image:\t${imageBefore}`) || latestTemplate.includes(imageBefore), `kubectl rollout history: revision ${latest} of taal-commerce runs ${imageBefore}`);
check(commerceImage() === imageBefore, `helm rollback taal ${revisionBefore}: commerce runs ${commerceImage()} again`);
console.log(history);
console.log(helm('history', 'taal'));
const after = await api(edge).call('GET', `/cart/${student.id}`, undefined, student.token);
check(after.status === 200, `signed-in read after the rollback answers ${after.status}`);
const rolledBack = await settles((r) => r.status === 404 && !r.documented);
check(rolledBack.status === 404 && !rolledBack.documented, `after the rollback, GET ${NEW_ROUTE} is gone again (${rolledBack.status}, documented: ${rolledBack.documented})`);

say(failures.length ? `${failures.length} check(s) failed` : 'every check passed');
process.exit(failures.length ? 1 : 0);
