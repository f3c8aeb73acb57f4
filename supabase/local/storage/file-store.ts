/**
 * Where object bytes live: one file per object version, under
 * {root}/{project ref}/{bucket}/{object id}/{version}. The database row is the
 * truth about an object; a file is written (atomically, by rename) before
 * its row commits and removed after the row is gone, so a crash can leave an
 * unreferenced file behind but never a row without its bytes.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SAFE = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$/;

function segment(s: string): string {
  if (!SAFE.test(s) || s === '.' || s === '..') throw new Error(`unsafe path segment: ${s}`);
  return s;
}

export class FileStore {
  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

  /** Files under `root`, or in a temporary folder removed on close (projects kept in memory). */
  static async open(root: string | null): Promise<FileStore> {
    if (root) {
      await mkdir(root, { recursive: true });
      return new FileStore(root, false);
    }
    return new FileStore(await mkdtemp(join(tmpdir(), 'lockstep-storage-')), true);
  }

  private dir(ref: string, bucket: string, id: string): string {
    return join(this.root, segment(ref), segment(bucket), segment(id));
  }

  async write(ref: string, bucket: string, id: string, version: string, bytes: Uint8Array): Promise<void> {
    const dir = this.dir(ref, bucket, id);
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `.${segment(version)}.${randomUUID()}.tmp`);
    await writeFile(temp, bytes);
    await rename(temp, join(dir, segment(version)));
  }

  read(ref: string, bucket: string, id: string, version: string): Promise<Buffer> {
    return readFile(join(this.dir(ref, bucket, id), segment(version)));
  }

  /** One version, or (without `version`) every version of the object. */
  async remove(ref: string, bucket: string, id: string, version?: string): Promise<void> {
    const dir = this.dir(ref, bucket, id);
    await rm(version ? join(dir, segment(version)) : dir, { recursive: true, force: true });
  }

  /** Everything a project stored (the tenant was deleted). */
  async removeProject(ref: string): Promise<void> {
    await rm(join(this.root, segment(ref)), { recursive: true, force: true });
  }

  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}
