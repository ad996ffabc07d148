export { loadConfig, ConfigError, type Env } from './load';
export { fields, envField } from './fields';
export {
  infraConfigFromEnv,
  DEFAULT_MAIL_FROM,
  type InfraConfig,
  type EmbeddedInfraConfig,
  type ClusterInfraConfig,
  type S3Config,
  type TaalMode,
} from './infra';
export { readEnvFile, requireInfraEnv, INFRA_ENV_FILE } from './infra-env-file';
