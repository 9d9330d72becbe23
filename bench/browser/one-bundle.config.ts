/**
 * The demo built as one bundle (codeSplitting off), for the weight benchmark's comparison with the
 * route-split build: the same app as before issue 19 §6 split it.
 */
import { defineConfig, mergeConfig, type UserConfig } from 'vite';
import base from '../../vite.config.ts';

export default defineConfig((env) => {
  const resolved = typeof base === 'function' ? base(env) : base;
  return mergeConfig(resolved, {
    build: { rolldownOptions: { output: { codeSplitting: false } } },
  } satisfies UserConfig);
});
