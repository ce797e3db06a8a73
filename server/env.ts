import { z } from 'zod';
import { BUILT_IN_ADMIN_UIDS } from '../src/contract/auth';
import type { RuntimeConfigContract } from '../src/contract/runtimeConfig';

// An empty variable means "unset" (launchers pass DATA_DIR='' when DATABASE_URL is used).
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const textWithDefault = (fallback: string) => z.preprocess((value) => (value === '' ? undefined : value), z.string().default(fallback));

const envSchema = z.object({
  PORT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(65_535).default(8080)),
  HOST: textWithDefault('0.0.0.0'),
  NODE_ENV: textWithDefault('development'),
  DATABASE_URL: optionalText,
  DATA_DIR: textWithDefault('.data/db'),
  FIREBASE_PROJECT_ID: textWithDefault('demo-salescoach'),
  FIREBASE_AUTH_EMULATOR_HOST: optionalText,
  FIREBASE_API_KEY: textWithDefault('demo-api-key'),
  FIREBASE_AUTH_DOMAIN: textWithDefault('localhost'),
  ADMIN_UIDS: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value : undefined),
    z
      .string()
      .default(BUILT_IN_ADMIN_UIDS.join(','))
      .transform((list) => list.split(',').map((uid) => uid.trim()).filter(Boolean)),
  ),
  STATIC_DIR: textWithDefault('dist'),
  // Dictionary AI providers (all optional): unset base URLs mean the local, offline ones.
  EMBEDDINGS_BASE_URL: optionalText.pipe(z.url().optional()),
  EMBEDDINGS_API_KEY: optionalText,
  EMBEDDINGS_MODEL: optionalText,
  LLM_BASE_URL: optionalText.pipe(z.url().optional()),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  SEED: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false', '1', '0']).default('true')).transform(
    (value) => value === 'true' || value === '1',
  ),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Reads and validates the server's environment; throws EnvError with every problem listed. */
export const loadEnv = (source: NodeJS.ProcessEnv = process.env): Env => {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new EnvError(`Invalid environment:\n${problems}`);
  }
  assertSafeEnv(parsed.data);
  return parsed.data;
};

/** SECURITY.md: the emulator accepts unsigned tokens, so it must never back a production server. */
export const assertSafeEnv = (env: Pick<Env, 'NODE_ENV' | 'FIREBASE_AUTH_EMULATOR_HOST'>): void => {
  if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new EnvError(
      'Refusing to start: NODE_ENV=production with FIREBASE_AUTH_EMULATOR_HOST set. The Auth emulator accepts unsigned tokens; unset FIREBASE_AUTH_EMULATOR_HOST in production.',
    );
  }
};

export const runtimeConfigFromEnv = (env: Env): RuntimeConfigContract => ({
  apiBaseUrl: '',
  firebase: { apiKey: env.FIREBASE_API_KEY, authDomain: env.FIREBASE_AUTH_DOMAIN, projectId: env.FIREBASE_PROJECT_ID },
  authEmulatorUrl: env.FIREBASE_AUTH_EMULATOR_HOST ? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}` : null,
  adminUids: env.ADMIN_UIDS,
});
