/**
 * The demo with deck's frame loop left as luma.gl runs it (60 frames a second for as long as a map lives),
 * for the idle benchmark's side-by-side with the paced loop (src/map/frame-pacing.ts).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type UserConfig } from 'vite';
import base from '../../vite.config.ts';

export default defineConfig((env) => {
  const resolved = typeof base === 'function' ? base(env) : base;
  return mergeConfig(resolved, {
    resolve: {
      alias: [
        {
          find: /^\.\/frame-pacing\.ts$/,
          replacement: fileURLToPath(new URL('./unpaced-frames.ts', import.meta.url)),
        },
      ],
    },
  } satisfies UserConfig);
});
