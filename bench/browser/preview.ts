/**
 * A built demo served by `vite preview` on 127.0.0.1 for a browser benchmark, and the build itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const VITE_BIN = fileURLToPath(new URL('../../node_modules/vite/bin/vite.js', import.meta.url));

/** Builds the demo with `config` (and `extra` vite options) into `outDir`; exits the benchmark on failure. */
export function buildDemo(config: string, outDir: string, extra: readonly string[] = []): void {
  const built = spawnSync(
    process.execPath,
    [
      VITE_BIN,
      'build',
      '--config',
      config,
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
      ...extra,
    ],
    { stdio: 'inherit' },
  );
  if (built.status !== 0) process.exit(1);
}

/** Serves `outDir` on `port` until the answer's stop is called; resolves once the server answers. */
export async function servePreview(outDir: string, port: number): Promise<() => void> {
  const child = spawn(
    process.execPath,
    [VITE_BIN, 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--logLevel', 'silent'],
    { stdio: 'ignore', detached: true },
  );
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  };
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${String(port)}/`)).ok) return stop;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error('preview did not start');
}
