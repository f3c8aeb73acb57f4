/**
 * The built PWA as a static host should serve it: the build's precompressed
 * .br/.gz siblings chosen by Accept-Encoding (compressed here once, and kept
 * in a bounded memory cache, when a build has none), hashed /assets/ cached
 * for a year, everything else revalidated by ETag. Client routes get the app
 * shell; a missing file with an extension is a 404; nothing outside the build.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, posix, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { brotliMax, gzipMax, isCompressible, MIN_COMPRESS_BYTES } from '../../../scripts/precompress-plugin';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';

function mimeOf(path: string): string {
  return MIME[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream';
}

export type Coding = 'br' | 'gzip' | 'identity';

/** The best coding the client accepts (q > 0), br before gzip; `*` counts for both. */
export function chooseCoding(acceptEncoding: string | undefined): Coding {
  if (!acceptEncoding) return 'identity';
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip') || accepts('x-gzip')) return 'gzip';
  return 'identity';
}

/** Bodies compressed at request time for builds without siblings, least recently used evicted past the byte budget. */
class CompressedCache {
  private entries = new Map<string, Promise<Buffer>>();
  private sizes = new Map<string, number>();
  private bytes = 0;

  constructor(private readonly budget: number) {}

  get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const made = make();
    this.entries.set(key, made);
    made.then(
      (buf) => {
        if (this.entries.get(key) !== made) return;
        this.sizes.set(key, buf.length);
        this.bytes += buf.length;
        this.evict();
      },
      () => this.entries.delete(key),
    );
    return made;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.budget) return;
      const size = this.sizes.get(key);
      if (size === undefined) continue;
      this.entries.delete(key);
      this.sizes.delete(key);
      this.bytes -= size;
    }
  }
}

interface FileFacts {
  path: string;
  size: number;
  mtimeMs: number;
}

async function fileFacts(path: string): Promise<FileFacts | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? { path, size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** Where the request points inside `dir`, or null when it cannot be a file of the build. */
function resolveInside(dir: string, pathname: string): { rel: string; file: string } | null {
  const rel = posix.normalize(pathname).replace(/^(\.\.[/\\])+/, '');
  const file = join(dir, rel);
  if (file !== dir && !file.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return null;
  return { rel, file };
}

export interface StaticFilesOptions {
  /** Bytes of compressed bodies kept for files the build did not precompress (default 32 MB). */
  cacheBytes?: number;
}

export function staticFiles(root: string, opts: StaticFilesOptions = {}): (c: Context) => Promise<Response> {
  const dir = resolve(root);
  const cache = new CompressedCache(opts.cacheBytes ?? 32 * 1024 * 1024);
  // Keyed by path, size and mtime, so a rebuilt file gets a new tag without a restart.
  const etags = new Map<string, Promise<string>>();

  const etagOf = (f: FileFacts): Promise<string> => {
    const key = `${f.path}:${f.size}:${f.mtimeMs}`;
    let tag = etags.get(key);
    if (!tag) {
      if (etags.size > 1000) etags.clear();
      // Weak: one tag covers every coding of the same bytes.
      tag = readFile(f.path).then((b) => `W/"${createHash('sha256').update(b).digest('base64url').slice(0, 27)}"`);
      tag.catch(() => etags.delete(key));
      etags.set(key, tag);
    }
    return tag;
  };

  /** The body in the chosen coding: the build's sibling, else compressed here, else the raw bytes. */
  const bodyFor = async (f: FileFacts, coding: Coding): Promise<{ body: Buffer; coding: Coding }> => {
    if (coding === 'identity' || !isCompressible(f.path) || f.size < MIN_COMPRESS_BYTES) {
      return { body: await readFile(f.path), coding: 'identity' };
    }
    const suffix = coding === 'br' ? '.br' : '.gz';
    const sibling = await fileFacts(f.path + suffix);
    // A sibling older than its file is left over from an earlier build.
    if (sibling && sibling.mtimeMs >= f.mtimeMs) return { body: await readFile(sibling.path), coding };
    const body = await cache.get(`${f.path}:${f.size}:${f.mtimeMs}:${coding}`, async () => {
      const raw = await readFile(f.path);
      return coding === 'br' ? brotliMax(raw) : gzipMax(raw);
    });
    if (body.length >= f.size) return { body: await readFile(f.path), coding: 'identity' };
    return { body, coding };
  };

  return async (c) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad request', 400);
    }
    if (pathname.includes('\0')) return c.text('Bad request', 400);
    // Dotfiles (the build stamp) are the build's bookkeeping, not the app.
    if (/\/\.[^./]/.test(pathname)) return c.text('Not found', 404);
    const target = resolveInside(dir, pathname);
    const isAsset = /\.[a-z0-9]+$/i.test(pathname);
    let facts = target && !target.rel.endsWith('/') ? await fileFacts(target.file) : null;
    if (!facts) {
      // Client-side routes fall back to the app shell; missing assets are 404s.
      if (isAsset) return c.text('Not found', 404);
      facts = await fileFacts(join(dir, 'index.html'));
      if (!facts) return c.text('Not found', 404);
    }
    // Hashed build assets never change; the shell, the worker and the manifest must revalidate.
    const immutable = target !== null && facts.path === target.file && target.rel.startsWith('/assets/');
    const etag = await etagOf(facts);
    const headers: Record<string, string> = {
      'content-type': mimeOf(facts.path),
      'cache-control': immutable ? IMMUTABLE : 'no-cache',
      etag,
      vary: 'accept-encoding',
    };
    const inm = c.req.header('if-none-match');
    if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === etag.slice(2) || t.trim() === '*')) {
      return new Response(null, { status: 304, headers });
    }
    const { body, coding } = await bodyFor(facts, chooseCoding(c.req.header('accept-encoding')));
    if (coding !== 'identity') headers['content-encoding'] = coding;
    headers['content-length'] = String(body.length);
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { headers });
  };
}
