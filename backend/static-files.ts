/**
 * Serves the built renderer (dist/renderer) as web-standard Responses, with the single-page-app fallback:
 * a path without a file extension that isn't a file gets index.html. Paths can't escape the root, neither
 * by `..` nor through a symlink: what is served is the real path, and it must lie inside the real root.
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { RequestHandler } from './gateway';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export interface StaticOptions {
  /** Absolute directory of the built renderer. */
  readonly root: string;
}

export function createStaticHandler(options: StaticOptions): RequestHandler {
  const root = path.resolve(options.root);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(405, 'Method not allowed', { allow: 'GET, HEAD' });
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url).pathname);
    } catch {
      return plain(400, 'Bad path');
    }
    if (pathname.includes('\0')) return plain(400, 'Bad path');
    const relative = path.posix
      .normalize(pathname)
      .replace(/^(\.\.(\/|$))+/, '')
      .replace(/^\/+/, '');
    const candidate = path.resolve(root, relative || 'index.html');
    if (candidate !== root && !candidate.startsWith(root + path.sep)) return plain(404, 'Not found');

    const file = (await isFile(candidate))
      ? candidate
      : path.extname(relative) === '' // an app route (/settings), not a missing asset
        ? path.join(root, 'index.html')
        : null;
    if (!file || !(await isFile(file))) return plain(404, 'Not found');
    const real = await realPathInside(root, file);
    if (!real) return plain(404, 'Not found');
    return fileResponse(real, request.method === 'HEAD', relative.startsWith('assets/'));
  };
}

/**
 * The file's real path when it is inside the root's real path, else null. Resolved per request (two cheap
 * syscalls) because the build folder can be replaced while the host runs.
 */
async function realPathInside(root: string, file: string): Promise<string | null> {
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
    return realFile.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep) ? realFile : null;
  } catch {
    return null;
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function fileResponse(file: string, headOnly: boolean, hashedAsset: boolean): Promise<Response> {
  const info = await stat(file);
  const headers = new Headers({
    'content-type': CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': String(info.size),
    // Vite content-hashes everything under assets/; index.html must be revalidated to pick up new hashes.
    'cache-control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (headOnly) return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

function plain(status: number, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...extra } });
}
