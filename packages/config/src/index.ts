export { loadConfig, ConfigError, type Config } from "./load-config.ts";
export { envSchema, ENV_DOCS, type Env } from "./env-schema.ts";
export { resolveSecrets, type Secrets } from "./secrets.ts";
