import type { Plugin } from 'vite';

interface GraphReader {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[]; isEntry: boolean } | null;
}

const staticClosure = (graph: GraphReader, start: string): Set<string> => {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
};

/**
 * Two chunks where the automatic splitting made dozens: everything the sign-in pages load
 * (the entry's and `signInModules`' static imports), and everything the admin shell adds to it
 * (`shellModule`'s static imports). Each lazy page keeps its own chunks. On a cold load over HTTP/1.1 each file
 * costs a request in one of six connections and its own compile: the shell arrived as some 60
 * files, most under 3 KB. A sign-in page still loads nothing of the shell.
 *
 * The module graph is read once it is complete (buildEnd), before the chunks are made.
 */
export const shellChunks = ({ shellModule, signInModules }: { shellModule: string; signInModules: readonly string[] }) => {
  const signIn = new Set<string>();
  const shell = new Set<string>();
  const plugin: Plugin = {
    name: 'salescoach-shell-chunks',
    apply: 'build',
    buildEnd() {
      const graph = this as unknown as GraphReader;
      const ids = [...graph.getModuleIds()];
      const entry = ids.find((id) => graph.getModuleInfo(id)?.isEntry);
      const find = (module: string) => {
        const id = ids.find((candidate) => candidate.endsWith(module));
        if (!id) throw new Error(`shellChunks: no ${module} in the module graph`);
        return id;
      };
      if (!entry) throw new Error('shellChunks: no entry in the module graph');
      const shellId = find(shellModule);
      const beforeSignIn = new Set([entry, ...signInModules.map(find)].flatMap((start) => [...staticClosure(graph, start)]));
      // Each entry keeps its own chunk: index.html's script (src/main.tsx), and every module
      // imported lazily (the shell itself, each page), which the preloads and the size check find by name.
      const ownChunk = new Set([entry, ...(graph.getModuleInfo(entry)?.importedIds ?? [])]);
      for (const id of ids) for (const lazy of graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []) ownChunk.add(lazy);
      for (const id of beforeSignIn) if (!ownChunk.has(id)) signIn.add(id);
      for (const id of staticClosure(graph, shellId)) if (!beforeSignIn.has(id) && !ownChunk.has(id)) shell.add(id);
    },
  };
  const codeSplitting = {
    groups: [
      { name: 'sign-in', test: (id: string) => signIn.has(id), priority: 20 },
      { name: 'shell', test: (id: string) => shell.has(id), priority: 10 },
    ],
  };
  return { plugin, codeSplitting };
};
