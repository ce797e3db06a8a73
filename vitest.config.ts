import { defineConfig, mergeConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileURLToPath } from 'node:url';
import viteConfig from './vite.config.ts';

/**
 * One runner for everything (DESIGN.md 6):
 * - unit: pure rules and providers, in Node;
 * - components: React screens in jsdom with Testing Library;
 * - api: the server through app.inject on PGlite and a throwaway PostgreSQL, with tokens from
 *   the Firebase Auth emulator (both started by tests/support/apiGlobalSetup.ts);
 * - e2e: Chromium (playwright-core) against the product started as `npm start` starts it.
 */
/**
 * The api files that start whole servers or seed thousands of calls take one to two minutes each. On a fresh clone
 * Vitest has no timings and starts the largest files first; one of these begun last would leave the other worker idle.
 */
const SLOWEST_FILES = ['launcher', 'process', 'sessionErasure', 'backup', 'databaseStatistics'].map((name) => `/tests/api/${name}.test.ts`);

class SlowestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FILES.findIndex((ending) => file.moduleId.endsWith(ending));
      return index < 0 ? SLOWEST_FILES.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default mergeConfig(
  viteConfig,
  defineConfig({
    // One react-router copy in tests: Node hands react-admin react-router's .mjs build while
    // Vite resolves our imports to its .js build, and react-admin then rejects our <Route>s.
    resolve: {
      alias: [
        {
          find: /^react-router$/,
          replacement: fileURLToPath(new URL('./node_modules/react-router/dist/development/index.mjs', import.meta.url)),
        },
      ],
    },
    test: {
      globals: true,
      // Vitest's default is one worker fewer than the cores: on a 2-core machine a single one.
      // The component and API files are independent (each API file builds its own databases and
      // emulator accounts), so two workers run them in about two thirds of the time.
      maxWorkers: 2,
      sequence: { sequencer: SlowestFirst },
      projects: [
        {
          extends: true,
          // The unit files change no shared state, so one module graph serves them all: about half the project's time.
          test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'], isolate: false },
        },
        {
          extends: true,
          test: {
            name: 'components',
            environment: 'jsdom',
            include: ['tests/components/**/*.test.tsx'],
            setupFiles: ['tests/support/setupDom.ts'],
            // Several waits of up to 5 s each (tests/support/setupDom.ts) fit in one test.
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'api',
            environment: 'node',
            include: ['tests/api/**/*.test.ts'],
            globalSetup: ['tests/support/apiGlobalSetup.ts'],
            testTimeout: 30_000,
            hookTimeout: 120_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/support/e2eGlobalSetup.ts'],
            testTimeout: 60_000,
            hookTimeout: 240_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
