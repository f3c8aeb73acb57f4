/**
 * Bucket ids and object names as Supabase Storage accepts them: S3-safe
 * characters only, and (as its file backend insists) no "." or ".." path
 * segment, no empty segment and no leading slash. On disk a file is named by
 * its object's id and version, never by this name, so a name cannot reach
 * outside the project's folder whatever it says; refusing bad names here
 * keeps them out of the database too.
 */
import { ERRORS } from './errors';

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$/;
const VALID_BUCKET_ID = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]{1,100}$/;

export function checkBucketId(id: string): string {
  if (!VALID_BUCKET_ID.test(id)) throw ERRORS.invalidRequest(`Invalid bucket name: ${id}`);
  return id;
}

export function checkObjectName(name: string): string {
  const segments = name.split('/');
  const bad = !VALID_OBJECT_KEY.test(name) || name.length > 1024 || segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw ERRORS.invalidKey(name);
  return name;
}

/** The object name in a request path (after `{bucket}/`), percent-decoded. */
export function decodeObjectName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw ERRORS.invalidKey(raw);
  }
}
