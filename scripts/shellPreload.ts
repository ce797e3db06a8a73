import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { PRELOAD_NEXT_SCREENS_GLOBAL } from '../src/shared/nextScreens.ts';

/** The file the build writes under assets/ (hashed), loaded by index.html before the entry. */
export const SHELL_PRELOAD_NAME = 'shell-preload.js';
/** How many of the next screens' files are preloaded per idle moment. */
const NEXT_SCREEN_LINKS_PER_STEP = 8;

/** Firebase Auth keeps the signed-in user in localStorage under keys that start with this. */
const FIREBASE_USER_KEY_PREFIX = 'firebase:authUser:';

const chunkClosure = (start: OutputChunk, chunks: Map<string, OutputChunk>, seen = new Set<string>()): Set<string> => {
  if (seen.has(start.fileName)) return seen;
  seen.add(start.fileName);
  for (const file of start.imports) {
    const chunk = chunks.get(file);
    if (chunk) chunkClosure(chunk, chunks, seen);
  }
  return seen;
};

/**
 * The browser side: when a Firebase user is stored and the page is not a sign-in page, asks
 * for the admin shell's files at once, as modulepreloads, instead of after the entry has
 * arrived and run (on a cold load, noticeably later). A signed-out visitor
 * fetches nothing more; the shell's own import still decides (a stale stored user just
 * fetched files the sign-in redirect does not run).
 */
export const shellPreloadSource = (
  files: readonly string[],
  signInPaths: readonly string[],
  pages: ReadonlyArray<{ path: RegExp; files: readonly string[] }> = [],
  nextScreens: readonly string[] = [],
) =>
  `(function () {
  var preload = function (files) {
    files.forEach(function (file) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = '/' + file;
      document.head.appendChild(link);
    });
  };
  // Fetched and compiled, not run: running them while the admin reads the page would block it.
  // A few links per idle moment: adding one starts its file's fetch there and then, and adding
  // all sixty at once was a long task of its own on a slow CPU.
  window.${PRELOAD_NEXT_SCREENS_GLOBAL} = function () {
    var rest = ${JSON.stringify(nextScreens)};
    var later = window.requestIdleCallback || setTimeout;
    var step = function () {
      preload(rest.splice(0, ${NEXT_SCREEN_LINKS_PER_STEP}));
      if (rest.length) later(step);
    };
    step();
  };
  try {
    var path = location.pathname;
    if (${JSON.stringify(signInPaths)}.indexOf(path) >= 0) return;
    var stored = false;
    for (var i = 0; i < localStorage.length; i += 1) {
      if (String(localStorage.key(i)).indexOf(${JSON.stringify(FIREBASE_USER_KEY_PREFIX)}) === 0) stored = true;
    }
    if (!stored) return;
    var files = ${JSON.stringify(files)};
    var pages = [${pages.map((page) => `[${page.path.toString()}, ${JSON.stringify(page.files)}]`).join(', ')}];
    for (var p = 0; p < pages.length; p += 1) {
      if (pages[p][0].test(path)) {
        files = files.concat(pages[p][1]);
        break;
      }
    }
    preload(files);
  } catch (error) {
    // No storage (a locked-down browser): the entry loads the shell as before.
  }
})();
`;

/**
 * Writes assets/shell-preload-[hash].js with the files of `shellModule`'s chunk and everything
 * it imports that the entry does not (and those of the page the path opens), and loads it from index.html before the entry: an async
 * plain script from our own origin (the CSP's script-src 'self' allows it), which blocks nothing.
 */
export interface ShellPreloadOptions {
  /** The module of the shell's chunk, as its path ends (e.g. '/src/App.tsx'). */
  shellModule: string;
  /** Paths that render without the shell: nothing is preloaded there. */
  signInPaths: readonly string[];
  /** The page module each path opens, and any it draws at once (the first match wins); their files are preloaded too. */
  pages?: ReadonlyArray<{ path: RegExp; module: string; with?: readonly string[] }>;
  /** The modules of the screens an admin usually opens next (main.tsx preloads them when idle). */
  nextScreens?: readonly string[];
}

export const shellPreload = ({ shellModule, signInPaths, pages = [], nextScreens = [] }: ShellPreloadOptions): Plugin => ({
  name: 'salescoach-shell-preload',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle: OutputBundle) {
    const chunks = new Map(
      Object.values(bundle)
        .filter((output): output is OutputChunk => output.type === 'chunk')
        .map((chunk) => [chunk.fileName, chunk]),
    );
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
    const html = bundle['index.html'];
    if (!entry || html?.type !== 'asset') throw new Error('shellPreload: no entry chunk or index.html in the bundle');
    const inEntry = chunkClosure(entry, chunks);
    /** The files `module`'s chunk needs, but for those in `loaded` (the entry's, already asked for). */
    const filesOf = (module: string, loaded: ReadonlySet<string>) => {
      const chunk = [...chunks.values()].find((candidate) => candidate.facadeModuleId?.endsWith(module));
      if (!chunk) throw new Error(`shellPreload: no chunk for ${module}`);
      return [...chunkClosure(chunk, chunks)].filter((file) => !loaded.has(file));
    };
    const files = filesOf(shellModule, inEntry);
    const withShell = new Set([...inEntry, ...files]);
    const pageFiles = pages.map(({ path, module, with: drawn = [] }) => ({
      path,
      files: [...new Set([module, ...drawn].flatMap((part) => filesOf(part, withShell)))],
    }));
    const nextFiles = [...new Set([shellModule, ...nextScreens].flatMap((module) => filesOf(module, inEntry)))];
    const script = shellPreloadSource(files, signInPaths, pageFiles, nextFiles);
    const reference = this.emitFile({ type: 'asset', name: SHELL_PRELOAD_NAME, source: script });
    const tag = `<script async src="/${this.getFileName(reference)}"></script>`;
    const source = String(html.source);
    const at = source.indexOf('<script type="module"');
    if (at < 0) throw new Error('shellPreload: index.html has no module script');
    html.source = `${source.slice(0, at)}${tag}\n    ${source.slice(at)}`;
  },
});
