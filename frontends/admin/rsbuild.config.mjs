import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createConfig } from '@taal/web-shared/rsbuild-base.mjs';

export default createConfig({
  name: 'admin',
  root: path.dirname(fileURLToPath(import.meta.url)),
  port: 3103,
  exposes: { './lifecycles': './src/lifecycles.tsx' },
});
