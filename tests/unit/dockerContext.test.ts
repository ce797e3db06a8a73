import { readFileSync } from 'node:fs';
import { matchesGlob, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(resolve(root, file), 'utf8');

const patterns = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

/** Whether Docker leaves `path` out of the build context: it or a folder above it matches, the last matching pattern deciding. */
const ignored = (path: string) => {
  const parts = path.split('/');
  const candidates = parts.map((_part, index) => parts.slice(0, index + 1).join('/'));
  let result = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const glob = (negated ? pattern.slice(1) : pattern).replace(/^\//, '');
    if (candidates.some((candidate) => matchesGlob(candidate, glob))) result = !negated;
  }
  return result;
};

describe('the Docker build context (.dockerignore)', () => {
  it.each([
    '.env',
    '.env.production',
    'server/.env',
    'service-account.json',
    'config/firebase-service-account-prod.json',
    'backups/portal-2026-11-26.tar.gz',
    'portal-2026-11-26.tar.gz',
    'portal-2026-11-26.tar',
    'portal.dump',
    '.data/db/PG_VERSION',
    '.data-restored/db/PG_VERSION',
    '.data-e2e/uploads/a.wav',
    'portal-restored/db/PG_VERSION',
    'node_modules/react/index.js',
    '.git/HEAD',
  ])('leaves out %s', (path) => {
    expect(ignored(path)).toBe(true);
  });

  it.each([
    'package.json',
    'package-lock.json',
    'index.html',
    'src/main.tsx',
    'server/server.ts',
    'server/migrations/0000_init.sql',
    'server/seed/dictionaryData/faqs.json',
    'scripts/buildServer.ts',
  ])('keeps %s, which the build needs', (path) => {
    expect(ignored(path)).toBe(false);
  });
});

describe('the base images', () => {
  it('are pinned: the Dockerfile by exact version and digest, compose by exact version', () => {
    const dockerfile = read('Dockerfile');
    const args = Object.fromEntries([...dockerfile.matchAll(/^ARG (\w+)=(\S+)$/gm)].map((match) => [match[1], match[2]]));
    const bases = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1].replace(/^\$\{(\w+)\}$/, (_all, name) => args[name]));
    expect(bases.length).toBeGreaterThan(0);
    for (const base of bases) expect(base).toMatch(/^node:\d+\.\d+\.\d+-[\w.-]+@sha256:[0-9a-f]{64}$/);
    const images = [...read('compose.yaml').matchAll(/^\s+image:\s*(\S+)$/gm)].map((match) => match[1]);
    for (const image of images) expect(image).toMatch(/:\d+\.\d+(?:\.\d+)?(?:-[\w.]+)?(?:@sha256:[0-9a-f]{64})?$/);
  });
});
