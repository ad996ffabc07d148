// Every test run (and each all-in-one or cluster a test starts) refuses a pool query inside its own
// open transaction at once (packages/kit/src/sql/pool.ts: off in production, where it costs time).
process.env.TAAL_CHECK_NESTED_TRANSACTIONS ??= '1';

// Two projects: `unit` needs nothing running; `integration` talks to the real servers
// that tools/infra starts (and to the embedded adapters), so it runs after `infra up`.
const transform = {
  '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }],
};
// Workspace packages are resolved to their TypeScript sources, so tests never need a build.
// Any other @taal/<name> (but the frontends' @taal/web*) is the service in services/<name>.
const moduleNameMapper = {
  // A compiled path (the launcher's first import, `@taal/kit/dist/telemetry/register`) is its source under jest.
  '^@taal/(kit|contracts|launcher|payments|edge)/dist/(.*)$': '<rootDir>/packages/$1/src/$2',
  '^@taal/(kit|contracts|launcher|payments|edge)$': '<rootDir>/packages/$1/src',
  '^@taal/(kit|contracts|launcher|payments|edge)/(.*)$': '<rootDir>/packages/$1/src/$2',
  '^@taal/(?!web)([a-z][a-z0-9-]*)$': '<rootDir>/services/$1/src',
  '^@taal/(?!web)([a-z][a-z0-9-]*)/(.*)$': '<rootDir>/services/$1/src/$2',
};
const common = {
  transform,
  moduleNameMapper,
  testEnvironment: 'node',
  // ESM-only dependencies are compiled to CommonJS for jest.
  transformIgnorePatterns: ['/node_modules/(?!(@electric-sql|jose|htmlparser2|domhandler|domutils|dom-serializer|entities|domelementtype)/)'],
  modulePathIgnorePatterns: ['<rootDir>/.*/dist/'],
};
module.exports = {
  // Per-project testTimeout is ignored by jest; integration suites start real servers.
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{packages,services,tools}/**/*.test.ts', '<rootDir>/frontends/shared/src/**/*.test.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{packages,services,tools}/**/*.itest.ts'],
      testTimeout: 60000,
    },
    {
      // Browser tests (headless Chromium via playwright-core) against the real all-in-one;
      // they need `npm run build` (the global setup brings the frontend build up to date).
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/frontends/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/frontends/e2e/global-setup.js',
      testTimeout: 120000,
    },
  ],
};
