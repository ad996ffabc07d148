import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from '@taal/launcher';

const root = path.resolve(__dirname, '../../..');

describe('the frontends’ API types', () => {
  it('are what openapi-typescript makes of the document the gateway serves today (npm run generate:api-types)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'taal-api-types-'));
    try {
      writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(openApiDocument));
      const fresh = path.join(dir, 'api-types.ts');
      execFileSync('node', [path.join(root, 'tools/generate-api-types.mjs'), '--document', path.join(dir, 'openapi.json'), '--out', fresh], { cwd: root });
      const committed = readFileSync(path.join(root, 'frontends/shared/src/api-types.ts'), 'utf8');
      const drifted = committed !== readFileSync(fresh, 'utf8');
      expect({ file: 'frontends/shared/src/api-types.ts', drifted }).toEqual({ file: 'frontends/shared/src/api-types.ts', drifted: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60000);
});
