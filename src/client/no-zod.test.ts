// Issue 7's log-in budget: zod (23 KB gzip) stays out of the browser's JavaScript. The client
// imports shared schemas as types only and messages from the zod-free *-text modules; this walks
// every value import reachable from the client's source and fails on the first path to zod.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const clientDir = path.join(root, 'src/client');

// Value imports and re-exports (not `import type` / `export type`), and dynamic imports.
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const DYNAMIC = /import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolve(from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('#shared/')) base = path.join(root, 'src/shared', spec.slice(8));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return undefined; // a package: judged by name below
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  // A stylesheet or other asset is not code: only TypeScript files are followed.
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The chain of files from a client source to a value import of zod, or undefined. */
function pathToZod(start: string): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]): string[] | undefined => {
    if (seen.has(file)) return undefined;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const pattern of [IMPORT, DYNAMIC]) {
      for (const match of text.matchAll(pattern)) {
        const spec = match[1] ?? '';
        if (spec === 'zod' || spec.startsWith('zod/')) return [...trail, file, spec];
        const next = resolve(file, spec);
        const found = next && walk(next, [...trail, file]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(start, []);
}

describe('the client bundle', () => {
  it('reaches zod through no value import', () => {
    const files = sources(clientDir);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .map((file) =>
        pathToZod(file)
          ?.map((step) => path.relative(root, step))
          .join(' -> '),
      )
      .filter(Boolean);
    expect(offenders).toEqual([]);
  });

  it('would notice a value import of a schema module', () => {
    // The walk itself works: the shared schema module does reach zod.
    expect(pathToZod(path.join(root, 'src/shared/api.ts'))).toBeDefined();
  });
});
