import { z } from 'zod';
import { BUILT_IN_ADMIN_UIDS } from '../src/contract/auth';
import { ABANDON_AFTER_BOUNDS, CALL_SETTINGS_DEFAULTS } from '../src/contract/callEnd';
import type { RuntimeConfigContract } from '../src/contract/runtimeConfig';

// An empty variable means "unset" (launchers pass DATA_DIR='' when DATABASE_URL is used).
const optionalText = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());
const textWithDefault = (fallback: string) => z.preprocess((value) => (value === '' ? undefined : value), z.string().default(fallback));

const envSchema = z.object({
  PORT: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(65_535).default(8080)),
  /** Unset: 127.0.0.1 with the emulator, else 0.0.0.0 (resolveSafeEnv). */
  HOST: optionalText,
  NODE_ENV: textWithDefault('development'),
  DEMO_LISTEN_ON_NETWORK: optionalText,
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
      .optional()
      .transform((list) =>
        (list ?? '')
          .split(',')
          .map((uid) => uid.trim())
          .filter(Boolean),
      ),
  ),
  /** `true` (trust every hop) is refused: the client would write its own address in X-Forwarded-For and escape the per-address limits. */
  TRUST_PROXY: optionalText.transform((value, ctx): false | string[] => {
    if (value === undefined || value === 'false') return false;
    if (value === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          "true would let any client choose its own address (X-Forwarded-For): give the proxies' addresses or CIDRs, comma-separated",
      });
      return z.NEVER;
    }
    return value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  }),
  RATE_LIMIT_PER_MINUTE: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).default(600)),
  STATIC_DIR: textWithDefault('dist'),
  SESSIONS_RETENTION_DAYS: optionalText.pipe(
    z
      .string()
      .regex(/^[1-9][0-9]{0,5}$/, 'must be a whole number of days from 1 to 999999, or unset to keep call sessions for ever')
      .transform(Number)
      .optional(),
  ),
  CALLS_ABANDON_AFTER_MINUTES: optionalText.pipe(
    z
      .string()
      .regex(/^[1-9][0-9]{0,3}$/, `must be a whole number of minutes from ${ABANDON_AFTER_BOUNDS.min} to ${ABANDON_AFTER_BOUNDS.max}`)
      .transform(Number)
      .pipe(
        z
          .number()
          .max(
            ABANDON_AFTER_BOUNDS.max,
            `must be a whole number of minutes from ${ABANDON_AFTER_BOUNDS.min} to ${ABANDON_AFTER_BOUNDS.max}`,
          ),
      )
      .default(CALL_SETTINGS_DEFAULTS.abandonAfterMinutes),
  ),
  // Unset base URLs mean the local, offline providers.
  EMBEDDINGS_PROVIDER: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['sentence-encoder', 'hashed']).default('sentence-encoder'),
  ),
  EMBEDDINGS_BASE_URL: optionalText.pipe(z.url().optional()),
  EMBEDDINGS_API_KEY: optionalText,
  EMBEDDINGS_MODEL: optionalText,
  LLM_BASE_URL: optionalText.pipe(z.url().optional()),
  LLM_API_KEY: optionalText,
  LLM_MODEL: optionalText,
  SEED: z
    .preprocess((value) => (value === '' ? undefined : value), z.enum(['true', 'false', '1', '0']).default('true'))
    .transform((value) => value === 'true' || value === '1'),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = ParsedEnv & { HOST: string; DEMO_MODE: boolean };

export const EMULATOR_NETWORK_OVERRIDE = 'anyone-on-the-network-can-sign-in-as-admin';

/** Demo mode: a demo-* project, which Google never issues real tokens for (docs/security.md, "Modes"). */
export const isDemoProject = (projectId: string) => projectId.startsWith('demo-');

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

export class EnvError extends Error {}

export const loadEnv = (source: NodeJS.ProcessEnv = process.env): Env => {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new EnvError(`Invalid environment:\n${problems}`);
  }
  return resolveSafeEnv(parsed.data);
};

/** docs/security.md "Modes", whatever NODE_ENV says: the Auth emulator accepts unsigned tokens with any payload. */
export const resolveSafeEnv = (env: ParsedEnv): Env => {
  const demo = isDemoProject(env.FIREBASE_PROJECT_ID);
  const emulator = Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);
  if (emulator && !demo) {
    throw new EnvError(
      `Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set, but FIREBASE_PROJECT_ID=${env.FIREBASE_PROJECT_ID} is not a demo-* project. ` +
        'The Auth emulator accepts unsigned tokens, so anyone could sign in as anyone. Unset FIREBASE_AUTH_EMULATOR_HOST to use the real project, or use a demo-* project id.',
    );
  }
  const host = env.HOST ?? (emulator ? '127.0.0.1' : '0.0.0.0');
  if (emulator && !isLoopback(host) && env.DEMO_LISTEN_ON_NETWORK !== EMULATOR_NETWORK_OVERRIDE) {
    throw new EnvError(
      `Refusing to start: HOST=${host} would expose a server that trusts the Auth emulator's unsigned tokens to the network, where anyone can sign in as an admin of their choosing. ` +
        `Use HOST=127.0.0.1, or, for a throwaway demo on a network you trust, set DEMO_LISTEN_ON_NETWORK=${EMULATOR_NETWORK_OVERRIDE}.`,
    );
  }
  if (!demo && env.ADMIN_UIDS.length === 0) {
    throw new EnvError(
      `Refusing to start: ADMIN_UIDS is empty. Outside demo mode (FIREBASE_PROJECT_ID=${env.FIREBASE_PROJECT_ID}) set ADMIN_UIDS to the Firebase uids of the first admins, comma-separated; they get the admin role at start.`,
    );
  }
  return {
    ...env,
    HOST: host,
    DEMO_MODE: demo,
    ADMIN_UIDS: env.ADMIN_UIDS.length > 0 ? env.ADMIN_UIDS : [...BUILT_IN_ADMIN_UIDS],
  };
};

export const listensOnNetwork = (host: string) => !isLoopback(host);

export const runtimeConfigFromEnv = (env: Env): RuntimeConfigContract => ({
  apiBaseUrl: '',
  firebase: { apiKey: env.FIREBASE_API_KEY, authDomain: env.FIREBASE_AUTH_DOMAIN, projectId: env.FIREBASE_PROJECT_ID },
  authEmulatorUrl: env.FIREBASE_AUTH_EMULATOR_HOST ? `http://${env.FIREBASE_AUTH_EMULATOR_HOST}` : null,
  adminUids: env.ADMIN_UIDS,
});
