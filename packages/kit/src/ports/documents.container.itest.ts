import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { requireEnv } from '../../../../tools/testing/env';
import { createDocumentStore } from '../documents';
import { describeDocumentStoreContract } from './documents.contract';

/**
 * The same contract against a FerretDB started through testcontainers (decision 0041): podman's
 * Docker-compatible socket (tools/infra/up serves it, runc, host-sized rlimits), an image built here
 * FROM scratch around the FerretDB binary (TAAL_FERRETDB_IMAGE; nothing is ever pulled) and no Ryuk
 * (its image cannot be fetched here; the container is stopped by afterAll and removed by the runtime).
 */
let container: StartedTestContainer | undefined;
afterAll(async () => {
  await container?.stop({ timeout: 5_000 });
}, 60_000);

describeDocumentStoreContract('FerretDB (SQLite) in a container started by testcontainers', async () => {
  process.env.DOCKER_HOST = requireEnv('TAAL_CONTAINER_SOCKET');
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  const image = requireEnv('TAAL_FERRETDB_IMAGE');
  container = await new GenericContainer(image)
    .withPullPolicy({ shouldPull: () => false })
    .withExposedPorts(27017)
    // No shell in a FROM scratch image for testcontainers' port check from inside: wait for the log line.
    .withWaitStrategy(Wait.forLogMessage(/Listening on TCP/))
    .withStartupTimeout(60_000)
    .start();
  return createDocumentStore(`mongodb://${container.getHost()}:${container.getMappedPort(27017)}/taal`);
});
