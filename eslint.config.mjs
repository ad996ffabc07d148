import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'packages/contracts/src/gen/**', 'data/**', 'frontends/**/build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // A service's domain holds its rules and nothing that talks to the world (decision 0011):
    // no database, broker, cache, object store, mail, network, file system or gRPC; the use
    // cases in src/app and the adapters in src/store, src/grpc, src/events do that.
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['pg', '@grpc/grpc-js', 'kafkajs', 'ioredis', 'minio', 'nodemailer', 'express', 'sharp', 'jose', 'grpc-health-check']
              .map((name) => ({ name, message: 'src/domain is free of I/O: do this in src/app, src/store, src/grpc or src/events.' })),
            ...['fs', 'fs/promises', 'net', 'http', 'https', 'http2', 'dgram', 'dns', 'child_process', 'worker_threads']
              .flatMap((name) => [name, `node:${name}`])
              .map((name) => ({ name, message: 'src/domain is free of I/O: do this in src/app or an adapter.' })),
            {
              name: '@taal/kit',
              importNames: [
                'createSql', 'startEmbeddedPostgres', 'migrate', 'createKafkaEventBus', 'createSqlLogEventBus', 'startOutboxRelay',
                'consumeEvents', 'createDiskFileStore', 'createS3FileStore', 'createMemoryCache', 'createRedisCache',
                'createSmtpMailer', 'createOutboxMailer', 'startGrpcServer', 'createClient', 'callUnary', 'embeddedPorts', 'clusterPorts',
                'reencodeImage',
              ],
              message: "The kit's adapters belong in src/app or src/store, not src/domain.",
            },
          ],
          patterns: [
            { group: ['@taal/kit/*', '**/store/**', '**/grpc/**', '**/events/**', '**/app/**'], message: 'src/domain depends on nothing but itself, @taal/contracts and pure kit helpers.' },
          ],
        },
      ],
    },
  },
  {
    files: ['frontends/*/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
