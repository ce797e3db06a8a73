import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';
import { shellChunks } from './scripts/shellChunks.ts';
import { shellPreload } from './scripts/shellPreload.ts';
import { PATHS } from './src/shared/paths.ts';

// `npm run dev` runs the API server on API_PORT and this dev server in front of it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

const SIGN_IN_PAGES = ['/src/customPages/auth/LoginPage.tsx', '/src/customPages/auth/SignupPage.tsx'];
const chunks = shellChunks({ shellModule: '/src/App.tsx', signInModules: SIGN_IN_PAGES });

export default defineConfig({
  // A brotli (.br) and a gzip (.gz) copy of each built file, made once here and sent as they are
  // by server/plugins/spa.ts to browsers that accept them (issue 15: compressed on the wire).
  plugins: [
    react(),
    chunks.plugin,
    // The admin shell's files start loading with the document when a user is stored (scripts/shellPreload.ts).
    shellPreload({
      shellModule: '/src/App.tsx',
      signInPaths: [PATHS.login, PATHS.signup],
      // The pages a signed-in admin most often opens cold (src/routes.tsx has every route).
      pages: [
        { path: /^\/sessions\/?$/, module: '/src/resources/sessions/SessionList.tsx' },
        { path: /^\/sessions\/[^/]+\/?$/, module: '/src/resources/sessions/detail/SessionDetailPage.tsx' },
        { path: /^\/users\/?$/, module: '/src/resources/users/UserList.tsx' },
        { path: /^\/(dashboard\/?)?$/, module: '/src/customPages/dashboard/DashboardPage.tsx' },
        // Insights' first screen is its headline and trend chart: recharts and the first reads' module come with the page.
        {
          path: /^\/insights\/?$/,
          module: '/src/customPages/insights/InsightsPage.tsx',
          with: ['/src/customPages/insights/insightsFirstRead.ts', '/src/customPages/insights/TrendChart.tsx'],
        },
      ],
      // src/routes.tsx's likelyNextScreens
      nextScreens: [
        '/src/customPages/dashboard/DashboardPage.tsx',
        '/src/resources/sessions/SessionList.tsx',
        '/src/resources/sessions/detail/SessionDetailPage.tsx',
      ],
    }),
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json|txt)$/, threshold: 512 }),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // spec 9: script chunks load from a root public path
  base: '/',
  // The manifest lets scripts/size.ts follow exactly which chunks each page loads.
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { output: { codeSplitting: chunks.codeSplitting } },
  },
  server: {
    port: Number(process.env.PORT ?? 5173),
    proxy: { '^/api(?:[/?]|$)': apiTarget, '/runtime-config.js': apiTarget },
  },
});
