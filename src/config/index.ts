import { readConfig, type AppConfig } from './read-config.ts';

export type { AppConfig, MapasConfig } from './read-config.ts';
export { mergeConfig, readConfig } from './read-config.ts';

/**
 * The demo's configuration, from Vite build-time variables: the one read of `import.meta.env`. Only the app
 * imports this; widgets get their configuration from MapasProvider.
 */
export const config: AppConfig = readConfig(import.meta.env);
