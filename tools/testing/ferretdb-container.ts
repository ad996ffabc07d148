/**
 * A FerretDB of a test's own, started through testcontainers (decision 0041): podman's
 * Docker-compatible socket (tools/infra/up serves it; runc, host-sized rlimits), the image built
 * here FROM scratch around the FerretDB binary (TAAL_FERRETDB_IMAGE; nothing is ever pulled), its
 * SQLite backend inside the container, and no Ryuk (its image cannot be fetched here: `stop` ends the
 * container and the runtime removes it).
 */
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { requireEnv } from './env';

export interface FerretDbContainer {
  /** `mongodb://host:port/<database>` of this container. */
  url(database: string): string;
  stop(): Promise<void>;
}

export async function startFerretDbContainer(): Promise<FerretDbContainer> {
  process.env.DOCKER_HOST = requireEnv('TAAL_CONTAINER_SOCKET');
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
  const container: StartedTestContainer = await new GenericContainer(requireEnv('TAAL_FERRETDB_IMAGE'))
    .withPullPolicy({ shouldPull: () => false })
    .withExposedPorts(27017)
    // No shell in a FROM scratch image for testcontainers' port check from inside: wait for the log line.
    .withWaitStrategy(Wait.forLogMessage(/Listening on TCP/))
    .withStartupTimeout(60_000)
    .start();
  return {
    url: (database) => `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/${database}`,
    stop: async () => void (await container.stop({ timeout: 5_000 })),
  };
}
