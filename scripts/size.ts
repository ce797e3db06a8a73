import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * `npm run size`: prints the gzipped JavaScript each page loads, following the Vite build
 * manifest from the entry through static imports and the page's own lazy chunk.
 * `--check` exits 1 when the sign-in page passes its budget (200 KB, gzip level 6 as
 * measured here; browsers that accept brotli get the build's smaller .br copies, also printed).
 */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const SIGN_IN_BUDGET_KB = 200;
const dist = resolve(import.meta.dirname, '../dist');
const manifest: Manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

/** Chunks loaded for these manifest keys: each key plus everything it imports statically. */
const closure = (keys: string[], chunks: Manifest = manifest): Set<string> => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = chunks[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
};

const gzippedKb = (keys: Set<string>) =>
  [...keys].reduce((total, key) => total + gzipSync(readFileSync(join(dist, manifest[key].file))).length, 0) / 1024;

/** What the server sends a browser that accepts brotli: the build's .br copy (vite.config.ts), else the file. */
const brotliKb = (keys: Set<string>) =>
  [...keys].reduce((total, key) => {
    const file = join(dist, manifest[key].file);
    return total + statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
  }, 0) / 1024;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('No entry chunk in the build manifest');

const pages: Record<string, string[]> = {
  'sign-in (/login)': [entry, 'src/customPages/auth/LoginPage.tsx'],
  'dashboard (/dashboard)': [entry, 'src/App.tsx', 'src/customPages/dashboard/DashboardPage.tsx'],
};
const sizes = Object.entries(pages).map(([page, keys]) => {
  const chunks = closure(keys);
  return { page, chunks: chunks.size, kb: gzippedKb(chunks), brKb: brotliKb(chunks) };
});
for (const { page, chunks, kb, brKb } of sizes) {
  console.log(
    `${page.padEnd(24)} ${kb.toFixed(1).padStart(7)} KB gzipped JavaScript in ${chunks} chunks (${brKb.toFixed(1)} KB as brotli on the wire)`,
  );
}
const signIn = sizes[0];
if (process.argv.includes('--check')) {
  if (signIn.kb > SIGN_IN_BUDGET_KB) {
    console.error(`The sign-in page loads ${signIn.kb.toFixed(1)} KB, over its ${SIGN_IN_BUDGET_KB} KB budget.`);
    process.exit(1);
  }
  console.log(`Sign-in page within its ${SIGN_IN_BUDGET_KB} KB budget.`);
}
