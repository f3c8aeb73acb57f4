/**
 * Layout rules of DESIGN §4 that a linter cannot resolve: a feature reaches
 * another feature only through its index.ts; src/lib and src/ui never import
 * features; src/data never imports features or app code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

function walk(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out = out.concat(walk(p));
    else if (/\.(ts|tsx)$/.test(name)) out.push(p);
  }
  return out;
}

function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) {
    const spec = m[1] ?? m[2];
    if (spec) found.push(resolve(dirname(file), spec));
  }
  return found;
}

function area(path: string): string[] {
  return relative(SRC, path).split(/[\\/]/);
}

describe('src layout', () => {
  const files = walk(SRC);

  it('features import each other only through index.ts', () => {
    const bad: string[] = [];
    for (const f of files) {
      const [top, feature] = area(f);
      for (const target of relativeImports(f)) {
        const [tTop, tFeature, ...rest] = area(target);
        if (tTop !== 'features' || !tFeature) continue;
        const sameFeature = top === 'features' && feature === tFeature;
        if (!sameFeature && !(rest.length === 1 && /^index(\.tsx?)?$/.test(rest[0] ?? ''))) {
          bad.push(`${relative(ROOT, f)} -> ${relative(ROOT, target)}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('shared layers never depend on features or the app', () => {
    const bad: string[] = [];
    for (const f of files) {
      const [top] = area(f);
      if (top !== 'lib' && top !== 'ui' && top !== 'data') continue;
      for (const target of relativeImports(f)) {
        const [tTop] = area(target);
        if (tTop === 'features' || tTop === 'app') bad.push(`${relative(ROOT, f)} -> ${relative(ROOT, target)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('browser code never mentions a service key or JWT secret', () => {
    const bad = files.filter((f) =>
      /service_role_key|SERVICE_ROLE|jwt_secret|JWT_SECRET|serviceKey|jwtSecret/.test(readFileSync(f, 'utf8')),
    );
    expect(bad.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
