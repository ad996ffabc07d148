/**
 * `buf breaking` in CI (issue 22): services deploy on their own, so a proto change (a gRPC
 * contract or an event payload) must not break the callers and consumers still running the
 * previous version. tools/buf/breaking.sh compares proto/ with the merge base of the branch (or
 * the last release tag, or the previous commit) using buf.yaml's rules; here it runs on this
 * checkout as CI does, and on fresh clones: one on main, one with a release tag and one on a
 * branch that removes a field from an event payload, which it must refuse.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const script = path.join(root, 'tools/buf/breaking.sh');
const breaking = (cwd: string) => spawnSync('bash', [script], { cwd, encoding: 'utf8', timeout: 120_000 });
const git = (cwd: string, args: string[]) =>
  execFileSync('git', ['-c', 'user.name=CI', '-c', 'user.email=ci@example.com', ...args], { cwd, encoding: 'utf8' }).trim();

let clone = '';
beforeEach(() => {
  // A fresh clone of this repository's main, as CI makes one: origin/main is its HEAD.
  clone = mkdtempSync(path.join(tmpdir(), 'taal-buf-'));
  git(root, ['clone', '--quiet', '--branch', git(root, ['rev-parse', '--abbrev-ref', 'HEAD']), root, clone]);
});
afterEach(() => rmSync(clone, { recursive: true, force: true }));

it('this checkout: proto/ breaks nothing against its base', () => {
  const out = breaking(root);
  expect({ status: out.status, problems: out.stdout }).toEqual({ status: 0, problems: '' });
  expect(out.stderr).toMatch(/buf breaking: proto\/ against [0-9a-f]{40} \((merge base with origin\/main|last release tag v\S+|previous commit)\)/);
});

it('a fresh clone of main is compared with the previous commit, or with the last release tag once there is one', () => {
  const first = breaking(clone);
  expect({ status: first.status, problems: first.stdout }).toEqual({ status: 0, problems: '' });
  expect(first.stderr).toContain(`against ${git(clone, ['rev-parse', 'HEAD~1'])} (previous commit)`);
  git(clone, ['tag', 'v1.0.0', 'HEAD~2']);
  const tagged = breaking(clone);
  expect(tagged.status).toBe(0);
  expect(tagged.stderr).toContain(`against ${git(clone, ['rev-parse', 'HEAD~2'])} (last release tag v1.0.0)`);
  // As a service team runs it: against the release the other services run.
  const given = spawnSync('bash', [script, 'v1.0.0'], { cwd: clone, encoding: 'utf8', timeout: 120_000 });
  expect({ status: given.status, problems: given.stdout }).toEqual({ status: 0, problems: '' });
  expect(given.stderr).toContain(`against ${git(clone, ['rev-parse', 'HEAD~2'])} (v1.0.0)`);
});

it('a branch that removes a field from an event payload fails, naming the field, against the merge base', () => {
  const base = git(clone, ['rev-parse', 'HEAD']);
  git(clone, ['checkout', '--quiet', '-b', 'drop-user-id']);
  // commerce.order.paid's OrderPaid without its user_id (field 2): a consumer on the previous version would read no buyer.
  const file = path.join(clone, 'proto/commerce/v1/events.proto');
  const proto = readFileSync(file, 'utf8');
  expect(proto).toMatch(/^message OrderPaid \{\n {2}string order_id = 1;\n {2}string user_id = 2;\n/m);
  writeFileSync(file, proto.replace(/^(message OrderPaid \{\n {2}string order_id = 1;\n) {2}string user_id = 2;\n/m, '$1'));
  git(clone, ['commit', '--quiet', '-am', 'OrderPaid without user_id']);
  // A later commit on the branch: the previous commit alone would no longer show the removal.
  writeFileSync(path.join(clone, 'NOTES.md'), 'later\n');
  git(clone, ['add', 'NOTES.md']);
  git(clone, ['commit', '--quiet', '-m', 'a later commit on the branch']);
  // main moves on meanwhile: the branch is still judged against where it left main.
  git(clone, ['update-ref', 'refs/remotes/origin/main', git(clone, ['commit-tree', '-p', base, '-m', 'later on main', `${base}^{tree}`])]);

  const out = breaking(clone);
  expect(out.stderr).toContain(`against ${base} (merge base with origin/main)`);
  expect(out.status).toBe(100);
  expect(out.stdout).toMatch(/commerce\/v1\/events\.proto:\d+:\d+:Previously present field "2" with name "user_id" on message "OrderPaid" was deleted\./);
});
