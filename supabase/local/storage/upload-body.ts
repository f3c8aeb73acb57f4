/**
 * An upload's file and its options, read as Supabase Storage reads them: a
 * multipart form (what storage-js sends for a Blob or File: the file part,
 * `cacheControl`, optional `metadata` JSON) or a raw body with its
 * Content-Type, Cache-Control and base64 JSON `x-metadata` headers.
 */
import type { Context } from 'hono';
import { ERRORS } from './errors';

export interface UploadFile {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

function parseMetadata(json: string | undefined | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const v: unknown = JSON.parse(json);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // falls through to the refusal below
  }
  throw ERRORS.invalidRequest('Invalid metadata: expected a JSON object');
}

const cacheControlOf = (seconds: string | undefined | null): string =>
  seconds && /^\d+$/.test(seconds) ? `max-age=${seconds}` : 'no-cache';

export async function readUpload(c: Context): Promise<UploadFile> {
  const type = c.req.header('content-type') ?? '';
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw ERRORS.invalidRequest('The multipart body could not be read');
    }
    let file: File | null = null;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw ERRORS.invalidRequest('No file found in request');
    const cache = form.get('cacheControl');
    const metadata = form.get('metadata');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      mimetype: file.type || 'application/octet-stream',
      cacheControl: cacheControlOf(typeof cache === 'string' ? cache : null),
      userMetadata: parseMetadata(typeof metadata === 'string' ? metadata : null),
    };
  }
  const header = c.req.header('x-metadata');
  let metadata: string | null = null;
  if (header) {
    try {
      metadata = Buffer.from(header, 'base64').toString('utf8');
    } catch {
      throw ERRORS.invalidRequest('Invalid x-metadata header');
    }
  }
  const cache = /max-age=(\d+)/.exec(c.req.header('cache-control') ?? '')?.[1];
  return {
    bytes: new Uint8Array(await c.req.arrayBuffer()),
    mimetype: type.split(';')[0]?.trim() || 'application/octet-stream',
    cacheControl: cacheControlOf(cache),
    userMetadata: parseMetadata(metadata),
  };
}

/** Storage's rule: `image/*` allows any image type; otherwise type and subtype must match. */
export function mimeAllowed(mimetype: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [type, sub] = mimetype.toLowerCase().split('/');
  if (!type || !sub) return false;
  return allowed.some((a) => {
    const [t, s] = a.toLowerCase().split('/');
    return t === type && (s === '*' || s === sub);
  });
}
