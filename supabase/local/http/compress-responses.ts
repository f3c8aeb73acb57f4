/**
 * Compresses the projects' and the product API's answers of 1 KB or more, as
 * Supabase's gateway does in front of PostgREST and GoTrue: Brotli at a
 * request-time quality, else gzip. Bodies are built in memory (JSON, CSV) and
 * bounded by the response size limit, so buffering them costs nothing extra.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { chooseCoding } from './static-files';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /^(application\/(json|vnd\.pgrst\.[a-z.+]*json|javascript|xml|[a-z.+-]*\+json)|text\/)/i;

export interface CompressOptions {
  /** Smallest body worth compressing (default 1024 bytes). */
  threshold?: number;
}

export function compressResponses(opts: CompressOptions = {}): MiddlewareHandler {
  const threshold = opts.threshold ?? 1024;
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    const length = Number(res.headers.get('content-length') ?? NaN);
    if (
      !res.body ||
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has('content-encoding') ||
      !COMPRESSIBLE.test(type) ||
      /(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('cache-control') ?? '') ||
      length < threshold
    ) {
      return;
    }
    const vary = res.headers.get('vary');
    const varies = vary === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary ?? '');
    const coding = chooseCoding(c.req.header('accept-encoding'));
    if (varies && coding === 'identity') return;
    // A new response with a copy of the headers: a response's own may be immutable (fetched) or rebuilt on each read.
    const headers = new Headers(res.headers);
    if (!varies) headers.set('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    let body: BodyInit | null = res.body;
    if (coding !== 'identity') {
      const raw = Buffer.from(await res.arrayBuffer());
      const packed =
        raw.length < threshold
          ? raw
          : coding === 'br'
            ? await brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } })
            : await gz(raw, { level: 6 });
      if (packed.length < raw.length) headers.set('content-encoding', coding);
      const bytes = new Uint8Array(packed.length < raw.length ? packed : raw);
      headers.set('content-length', String(bytes.length));
      body = bytes;
    }
    // Cleared first: Hono otherwise copies the old response's headers (its length among them) over the new one's.
    c.res = undefined;
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
