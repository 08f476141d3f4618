import type { PaydocsUserConfig } from './config-schema.ts';

/** Typed identity helper for `docs.config.ts`: gives editor completion; validation happens when paydocs loads it. */
export function defineConfig(config: PaydocsUserConfig): PaydocsUserConfig {
  return config;
}
