import { shellChunks } from '../../scripts/shellChunks';

// A module graph as Vite hands it to the plugin: index.html's script, two sign-in pages and the
// shell imported lazily, modules shared between them, and a page of the shell's own.
const GRAPH: Record<string, { importedIds: string[]; dynamicallyImportedIds?: string[]; isEntry?: boolean }> = {
  '/app/index.html': { importedIds: ['/app/src/main.tsx'], isEntry: true },
  '/app/src/main.tsx': {
    importedIds: ['/nm/react/index.js', '/app/src/routes.tsx'],
    dynamicallyImportedIds: ['/app/src/App.tsx', '/app/src/LoginPage.tsx', '/app/src/SignupPage.tsx'],
  },
  '/app/src/routes.tsx': { importedIds: ['/nm/react/index.js'] },
  '/nm/react/index.js': { importedIds: [] },
  '/app/src/LoginPage.tsx': { importedIds: ['/nm/mui/TextField.js', '/app/src/AuthCard.tsx'] },
  '/app/src/SignupPage.tsx': { importedIds: ['/app/src/AuthCard.tsx'] },
  '/app/src/AuthCard.tsx': { importedIds: ['/nm/mui/Card.js'] },
  '/nm/mui/Card.js': { importedIds: [] },
  '/nm/mui/TextField.js': { importedIds: [] },
  '/app/src/App.tsx': {
    importedIds: ['/nm/react-admin/index.js', '/nm/mui/TextField.js', '/app/src/Layout.tsx'],
    dynamicallyImportedIds: ['/app/src/SessionList.tsx'],
  },
  '/nm/react-admin/index.js': { importedIds: ['/nm/react/index.js'] },
  '/app/src/Layout.tsx': { importedIds: ['/nm/mui/Drawer.js'] },
  '/nm/mui/Drawer.js': { importedIds: [] },
  '/app/src/SessionList.tsx': { importedIds: ['/nm/mui/Chip.js', '/nm/react-admin/index.js'] },
  '/nm/mui/Chip.js': { importedIds: [] },
};

const grouped = (graph = GRAPH) => {
  const { plugin, codeSplitting } = shellChunks({
    shellModule: '/src/App.tsx',
    signInModules: ['/src/LoginPage.tsx', '/src/SignupPage.tsx'],
  });
  const context = {
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => (graph[id] ? { dynamicallyImportedIds: [], isEntry: false, ...graph[id] } : null),
  };
  (plugin.buildEnd as unknown as (this: typeof context) => void).call(context);
  const [signIn, shell] = codeSplitting.groups;
  const members = (group: typeof signIn) => Object.keys(graph).filter((id) => group.test(id));
  return { signIn: members(signIn), shell: members(shell), priorities: [signIn.priority, shell.priority] };
};

describe('the sign-in and shell chunks', () => {
  it('puts what the sign-in pages load in one chunk, and what only the shell adds in another', () => {
    const { signIn, shell } = grouped();
    expect(signIn.sort()).toEqual([
      '/app/src/AuthCard.tsx',
      '/app/src/routes.tsx',
      '/nm/mui/Card.js',
      '/nm/mui/TextField.js',
      '/nm/react/index.js',
    ]);
    expect(shell.sort()).toEqual(['/app/src/Layout.tsx', '/nm/mui/Drawer.js', '/nm/react-admin/index.js']);
  });

  it('leaves every entry and lazily imported module its own chunk, and a page its own modules', () => {
    const { signIn, shell } = grouped();
    for (const own of ['/app/index.html', '/app/src/main.tsx', '/app/src/App.tsx', '/app/src/LoginPage.tsx', '/app/src/SessionList.tsx']) {
      expect(signIn).not.toContain(own);
      expect(shell).not.toContain(own);
    }
    expect(shell).not.toContain('/nm/mui/Chip.js');
  });

  it('gives a module both need to the sign-in chunk, so a sign-in page never loads the shell', () => {
    const { signIn, shell, priorities } = grouped();
    expect(signIn).toContain('/nm/mui/TextField.js');
    expect(shell).not.toContain('/nm/mui/TextField.js');
    expect(priorities[0]).toBeGreaterThan(priorities[1]);
  });

  it('stops the build when the shell is not in the graph', () => {
    const { '/app/src/App.tsx': _shell, ...withoutShell } = GRAPH;
    expect(() => grouped(withoutShell)).toThrow(/no \/src\/App\.tsx/);
  });
});
