import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/**
 * One runner for everything (DESIGN.md 6):
 * - unit: pure rules and providers, in Node;
 * - components: React screens in jsdom with Testing Library;
 * - api: the server through app.inject on PGlite and a throwaway PostgreSQL, with tokens from
 *   the Firebase Auth emulator (both started by tests/support/globalSetup.ts);
 * - e2e: Chromium (playwright-core) against the product started as `npm start` starts it.
 */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      globals: true,
      projects: [
        {
          extends: true,
          test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
        },
        {
          extends: true,
          test: {
            name: 'components',
            environment: 'jsdom',
            include: ['tests/components/**/*.test.tsx'],
            setupFiles: ['tests/support/setupDom.ts'],
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
            fileParallelism: false,
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
