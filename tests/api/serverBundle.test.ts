import { existsSync, readFileSync, utimesSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt, SERVER_BUNDLE, serverIsStale } from '../../scripts/buildServer';

// Memory: npm start and npm run server run the API server as one JavaScript module,
// without a TypeScript loader (scripts/buildServer.ts). The process tests run that module.
const root = resolve(import.meta.dirname, '../..');

describe('the bundled API server', () => {
  beforeAll(async () => {
    await ensureServerBuilt({ log: () => {} });
  });

  it('imports nothing but packages and Node modules: no TypeScript is left to load', () => {
    const source = readFileSync(SERVER_BUNDLE, 'utf8');
    const imported = [...source.matchAll(/^\s*import\s[^;]*?\sfrom\s+["']([^"']+)["']/gm)].map((match) => match[1]);
    expect(imported.length).toBeGreaterThan(10);
    for (const specifier of imported) expect(specifier).toMatch(/^(node:|@?[a-z])/);
    expect(source).not.toMatch(/from\s+["'](\.|\/)/);
    // The one folder a module may start from is the bundle's own (its banner's helper).
    expect(source.match(/import\.meta\.dirname/g)).toHaveLength(1);
  });

  it('finds the files its modules read beside them (migrations, dictionary data) from its own folder', () => {
    const source = readFileSync(SERVER_BUNDLE, 'utf8');
    const folders = [...source.matchAll(/__sourceFolder\("([^"]+)"\)/g)].map((match) => resolve(dirname(SERVER_BUNDLE), match[1]));
    expect(folders).toEqual(expect.arrayContaining([join(root, 'server/db'), join(root, 'server/seed')]));
    for (const folder of folders) expect(existsSync(folder)).toBe(true);
    expect(existsSync(join(root, 'server/db', '../migrations/meta/_journal.json'))).toBe(true);
  });

  it('is built again when it is older than a source of the server', async () => {
    expect(serverIsStale()).toBe(false);
    const longAgo = new Date('2020-01-01T00:00:00Z');
    utimesSync(SERVER_BUNDLE, longAgo, longAgo);
    expect(serverIsStale()).toBe(true);
    expect(await ensureServerBuilt({ log: () => {} })).toBe(true);
    expect(serverIsStale()).toBe(false);
  });
});
