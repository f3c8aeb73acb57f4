/**
 * Writes a Brotli (.br, max quality) and a gzip (.gz, level 9) copy beside
 * every compressible file of a build, so the server (and any static host that
 * honours precompressed siblings) sends bytes compressed once at build time
 * instead of on every request. Runs after vite-plugin-pwa has written sw.js.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const COMPRESSIBLE_EXTENSIONS = ['.js', '.css', '.html', '.svg', '.webmanifest', '.json', '.txt'];
/**
 * Below this the saving is a few hundred bytes at most. Not 1 KB: the app
 * shell (index.html, every visit's first response) is just under it.
 */
export const MIN_COMPRESS_BYTES = 512;

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE_EXTENSIONS.some((ext) => file.endsWith(ext));
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export function brotliMax(data: Buffer): Promise<Buffer> {
  return brotli(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export function gzipMax(data: Buffer): Promise<Buffer> {
  return gz(data, { level: 9 });
}

/** Compresses one file's siblings; a copy that does not shrink is not written (and a stale one removed). */
async function precompressFile(file: string): Promise<number> {
  const raw = await readFile(file);
  if (raw.length < MIN_COMPRESS_BYTES) return 0;
  const [br, gzipped] = await Promise.all([brotliMax(raw), gzipMax(raw)]);
  let written = 0;
  for (const [suffix, data] of [
    ['.br', br],
    ['.gz', gzipped],
  ] as const) {
    if (data.length < raw.length) {
      await writeFile(file + suffix, data);
      written++;
    } else {
      await rm(file + suffix, { force: true });
    }
  }
  return written;
}

/** Precompresses every compressible file under `dir`; resolves to the number of copies written. */
export async function precompressDir(dir: string): Promise<number> {
  const files = (await listFiles(dir)).filter(isCompressible);
  // zlib's async calls run on libuv's pool: a few at a time keep every CPU busy without holding the whole build in memory.
  let next = 0;
  let written = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < files.length; i = next++) written += await precompressFile(files[i] ?? '');
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return written;
}

export function precompress(): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'lockstep:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // After vite-plugin-pwa's own closeBundle, which writes sw.js.
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error || !config || config.build.ssr || config.build.write === false) return;
        const written = await precompressDir(resolve(config.root, config.build.outDir));
        config.logger.info(`precompressed ${written} files (.br, .gz)`);
      },
    },
  };
}
