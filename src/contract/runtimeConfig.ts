import { z } from 'zod';

/** What the API server publishes in /runtime-config.js (the portal's RuntimeConfig in src/config.ts). */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  firebase: z.object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string() }),
  authEmulatorUrl: z.string().nullable(),
  adminUids: z.array(z.string()),
});
export type RuntimeConfigContract = z.infer<typeof runtimeConfigSchema>;
