import path from 'node:path';
import { USER_EMAIL_PATTERN } from '@tna/domain';
import { z } from 'zod';
import { smtpOptions } from './lib/mailer.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `90`, `90s`, `30m`, `12h`, `7d` -> seconds. */
export function parseDuration(value: string): number | null {
  const m = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const unit = m[2] || 's';
  const factor = { s: 1, m: 60, h: 3600, d: 86400 }[unit as 's' | 'm' | 'h' | 'd'];
  return n > 0 ? n * factor : null;
}

const flag = z
  .enum(['0', '1', 'true', 'false', ''], { error: 'must be 1 or 0' })
  .default('0')
  .transform((v) => v === '1' || v === 'true');

/** A whole number from `min` to `max`, one message for anything else (a word, a fraction, out of range). */
const wholeNumber = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

const envSchema = z.object({
  PORT: wholeNumber(0, 65535, 'must be a port number between 1 and 65535').default(3000),
  HOST: z.string().min(1, { error: 'must not be empty' }).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, { error: 'must not be empty' }).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  ADMIN_EMAIL: z
    .string()
    .regex(USER_EMAIL_PATTERN, { error: 'must be a lowercase email address with a 2 to 4 letter top-level domain' })
    .default('admin@tna.test'),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { error: 'must be 8 to 32 characters' })
    .max(32, { error: 'must be 8 to 32 characters' })
    .optional(),
  SESSION_TTL: z
    .string()
    .default('12h')
    .transform((v, ctx) => {
      const seconds = parseDuration(v);
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: 'must be a duration such as 3600, 90m, 12h or 7d' });
        return z.NEVER;
      }
      return seconds;
    }),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  DEMO_DATA: flag,
  TRUST_PROXY: flag,
  WEB_DIST_DIR: z.string().optional(),
  ANALYTICS_EMBED_URL: z.url({ error: 'must be a URL' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL' })
    .superRefine((value, ctx) => {
      try {
        smtpOptions(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(/^SMTP_URL: /, '') });
      }
    })
    .optional(),
  MAIL_FROM: z.string().min(3, { error: 'must be a sender address' }).default('TNA System <no-reply@tna.test>'),
  PUBLIC_URL: z.url({ error: 'must be a URL' }).optional(),
  CACHE_MAX_MB: wholeNumber(0, 4096, 'must be a whole number of megabytes from 0 to 4096').default(32),
  DATABASE_PIPELINES: wholeNumber(0, 8, 'must be a whole number from 0 to 8').default(3),
  DATABASE_WRITERS: wholeNumber(0, 20, 'must be a whole number from 0 to 20').default(8),
  CHANGE_HEARTBEAT: z
    .string()
    .default('5s')
    .transform((v, ctx) => {
      const seconds = parseDuration(v);
      if (seconds === null || seconds > 300) {
        ctx.addIssue({ code: 'custom', message: 'must be a duration from 1s to 5m, such as 5 or 5s' });
        return z.NEVER;
      }
      return seconds;
    }),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  sessionTtlSeconds: number;
  logLevel: (typeof LOG_LEVELS)[number];
  demoData: boolean;
  trustProxy: boolean;
  webDistDir: string | undefined;
  analyticsEmbedUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address people open the app at, for links in mails; else taken from the request. */
  publicUrl: string | undefined;
  /** The memory all of an instance's caches may take together, in MB (0: no caches). */
  cacheMaxMb: number;
  /** How often each instance checks, by an echo, that it still hears changes (PostgreSQL), in seconds. */
  changeHeartbeatSeconds: number;
  /** PostgreSQL connections in pipeline mode that carry list pages and details (see db/pipelines.ts). */
  databasePipelines: number;
  /** Write transactions an instance runs at once on PostgreSQL, the others waiting (0: no limit). */
  databaseWriters: number;
}

export class ConfigError extends Error {}

/** Read and validate the environment once. A bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Treat empty variables as unset, as shells and .env files often leave them so.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Configuration error: ${name} ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`);
  }
  const e = result.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    sessionTtlSeconds: e.SESSION_TTL,
    logLevel: e.LOG_LEVEL,
    demoData: e.DEMO_DATA,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    analyticsEmbedUrl: e.ANALYTICS_EMBED_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    cacheMaxMb: e.CACHE_MAX_MB,
    changeHeartbeatSeconds: e.CHANGE_HEARTBEAT,
    databasePipelines: e.DATABASE_PIPELINES,
    databaseWriters: e.DATABASE_WRITERS,
  };
}

/**
 * The warning to print at start when links (password reset, page links) would be built from each
 * request's Host header: PUBLIC_URL is unset and the server listens beyond this machine.
 */
export function publicUrlWarning(config: Pick<Config, 'publicUrl' | 'host'>): string | null {
  if (config.publicUrl) return null;
  if (['127.0.0.1', 'localhost', '::1'].includes(config.host)) return null;
  return 'PUBLIC_URL is not set: links in mails and answers use the address each request names (its Host header). Set PUBLIC_URL to the address people open the app at, e.g. https://tna.example.org.';
}

/**
 * The warning to print at start when the caches may take more than a third of what V8 lets the heap
 * hold (`heapLimitMb`: v8.getHeapStatistics().heap_size_limit, the young generation included: 288 MB
 * under `npm start`'s flags, scripts/lib.mjs, of which 192 MB old generation, where the caches live),
 * or null. With CACHE_MAX_MB near the old generation's ceiling a busy hour ends with the process out of
 * memory, not with a slower server: the rest of the old generation is the work in flight (exports,
 * imports, answers being built), 48-85 MB live under the benchmark's loads with the default 32 MB of
 * caches (bench/README.md).
 */
export function cacheMemoryWarning(config: Pick<Config, 'cacheMaxMb'>, heapLimitMb: number): string | null {
  if (config.cacheMaxMb <= heapLimitMb / 3) return null;
  return `CACHE_MAX_MB is ${config.cacheMaxMb} while the heap may hold ${Math.round(heapLimitMb)} MB in all: the caches could leave too little for the work in flight, and the server could run out of memory. Lower CACHE_MAX_MB, or raise Node's --max-old-space-size (to about three times CACHE_MAX_MB).`;
}
