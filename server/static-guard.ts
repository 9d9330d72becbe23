import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, normalize, sep } from 'node:path';

/** Where Vite keeps its pre-bundled dependencies in dev: the one dot-folder the app itself requests. */
const VITE_DEPS = '/node_modules/.vite/';

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end('No encontrado.');
}

/**
 * Answers 404 where Vite's SPA fallback would hand out index.html instead: any dotfile or dot-folder
 * (`/.env`, `/.git/config`), source maps (a 'hidden' build must not serve them), and anything missing under
 * /assets/ (a missing chunk must fail loudly, not parse HTML as JavaScript). `root` is the built folder
 * (preview) or null in dev, where /assets/ is not a build output.
 */
export function staticGuard(root: string | null) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    } catch {
      notFound(res);
      return;
    }
    const dotted = path.split('/').some((segment) => segment.startsWith('.'));
    if ((dotted && !(root === null && path.startsWith(VITE_DEPS))) || path.endsWith('.map')) {
      notFound(res);
      return;
    }
    if (root !== null && path.startsWith('/assets/')) {
      const file = normalize(join(root, path));
      if (!file.startsWith(root + sep) || !existsSync(file)) {
        notFound(res);
        return;
      }
    }
    next();
  };
}
