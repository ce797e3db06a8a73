import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * `npx tsx scripts/commentDensity.ts [folder ...] [--by-folder] [--files]`: comment lines per 100
 * code lines in the TypeScript files under each folder (default: src and server), the way cloc
 * counts: a line holding any code is a code line, a line holding only comment text (or the
 * opening or closing of a block comment) is a comment line, blank lines are neither. The
 * project's target is at most 8 (docs/architecture.md, "Comments").
 */

interface Counts {
  code: number;
  comment: number;
}

const REGEX_PRECEDERS = new Set(['(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^']);
const REGEX_KEYWORDS = /(?:^|[^\w$])(?:return|typeof|case|of|in|delete|void|throw|new|do|else|yield|await)$/;

/** Classifies each line of a TypeScript source; strings, template literals and regex literals never open a comment. */
export const countLines = (source: string): Counts => {
  const counts: Counts = { code: 0, comment: 0 };
  let inBlock = false;
  // Template literals nest through `${ ... }`: each entry is the brace depth where a template resumes.
  const templates: number[] = [];
  let braces = 0;
  let inTemplate = false;
  let lastSignificant = '';
  let codeBefore = '';
  for (const line of source.split('\n')) {
    let hasCode = false;
    let hasComment = false;
    let i = 0;
    while (i < line.length) {
      const c = line[i];
      const next = line[i + 1];
      if (inBlock) {
        hasComment = true;
        if (c === '*' && next === '/') {
          inBlock = false;
          i += 2;
        } else i += 1;
        continue;
      }
      if (inTemplate) {
        hasCode = true;
        if (c === '\\') i += 2;
        else if (c === '`') {
          inTemplate = false;
          lastSignificant = '`';
          i += 1;
        } else if (c === '$' && next === '{') {
          inTemplate = false;
          templates.push(braces);
          braces += 1;
          lastSignificant = '{';
          i += 2;
        } else i += 1;
        continue;
      }
      if (c === ' ' || c === '\t' || c === '\r') {
        i += 1;
        continue;
      }
      if (c === '/' && next === '/') {
        hasComment = true;
        break;
      }
      if (c === '/' && next === '*') {
        inBlock = true;
        hasComment = true;
        i += 2;
        continue;
      }
      hasCode = true;
      if (c === "'" || c === '"') {
        let j = i + 1;
        while (j < line.length && line[j] !== c) j += line[j] === '\\' ? 2 : 1;
        i = j + 1;
        lastSignificant = c;
        continue;
      }
      if (c === '`') {
        inTemplate = true;
        i += 1;
        continue;
      }
      if (c === '/' && (lastSignificant === '' || REGEX_PRECEDERS.has(lastSignificant) || REGEX_KEYWORDS.test(codeBefore))) {
        let j = i + 1;
        let inClass = false;
        while (j < line.length) {
          const r = line[j];
          if (r === '\\') j += 2;
          else {
            if (r === '[') inClass = true;
            else if (r === ']') inClass = false;
            else if (r === '/' && !inClass) break;
            j += 1;
          }
        }
        i = j + 1;
        lastSignificant = '/';
        continue;
      }
      if (c === '{') braces += 1;
      if (c === '}') {
        braces -= 1;
        if (templates.length > 0 && templates[templates.length - 1] === braces) {
          templates.pop();
          inTemplate = true;
          i += 1;
          continue;
        }
      }
      lastSignificant = c;
      codeBefore = (codeBefore + c).slice(-12);
      if (!/[\w$]/.test(c)) codeBefore = '';
      i += 1;
    }
    if (hasCode) counts.code += 1;
    else if (hasComment) counts.comment += 1;
  }
  return counts;
};

const sourceFiles = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });

const density = ({ code, comment }: Counts) => (code === 0 ? 0 : (comment * 100) / code);
const line = (label: string, counts: Counts) =>
  `${label.padEnd(48)} ${String(counts.code).padStart(7)} code ${String(counts.comment).padStart(6)} comment ${density(counts).toFixed(1).padStart(6)} per 100`;

const main = () => {
  const args = process.argv.slice(2);
  const byFolder = args.includes('--by-folder');
  const byFile = args.includes('--files');
  const roots = args.filter((arg) => !arg.startsWith('--'));
  const root = resolve(import.meta.dirname, '..');
  for (const folder of roots.length > 0 ? roots : ['src', 'server']) {
    const total: Counts = { code: 0, comment: 0 };
    const groups = new Map<string, Counts>();
    const files: [string, Counts][] = [];
    for (const file of sourceFiles(resolve(root, folder))) {
      const counts = countLines(readFileSync(file, 'utf8'));
      total.code += counts.code;
      total.comment += counts.comment;
      const name = relative(root, file);
      files.push([name, counts]);
      const parts = name.split('/');
      const group = parts.slice(0, parts.length > 2 ? 2 : 1).join('/');
      const sum = groups.get(group) ?? { code: 0, comment: 0 };
      sum.code += counts.code;
      sum.comment += counts.comment;
      groups.set(group, sum);
    }
    console.log(line(folder, total));
    if (byFolder) for (const [group, counts] of [...groups].sort()) console.log(line(`  ${group}`, counts));
    if (byFile) for (const [name, counts] of files.sort((a, b) => b[1].comment - a[1].comment)) console.log(line(`  ${name}`, counts));
  }
};

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
