import { requireInfraEnv } from '../../packages/kit/src/config/infra-env-file';

/**
 * A setting of the real servers (DATABASE_URL, KAFKA_BROKERS, …) from the environment or the
 * file `tools/infra/up` writes. Missing → the test fails with how to start them; never a skip.
 */
export function requireEnv(name: string): string {
  return requireInfraEnv(name)[name] as string;
}
