import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { AI_PROVIDERS, type AiProvider } from '@gabarita/shared';
import { serverRoot } from './paths';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString(z.url({ protocol: /^postgres(ql)?$/ })),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString(z.string().min(1)),
  SMTP_URL: optionalString(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: optionalString(z.string().min(3)),
  GOOGLE_CLIENT_ID: optionalString(z.string().min(1)),
  GOOGLE_CLIENT_SECRET: optionalString(z.string().min(1)),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  SUPPORT_EMAIL: optionalString(z.email()),
  PIX_PROVIDER: z.enum(['sandbox', 'mercadopago']).default('sandbox'),
  PIX_SANDBOX_IN_PRODUCTION: z.enum(['true', 'false', '']).default('false'),
  PIX_RECONCILE_SECONDS: z.coerce.number().min(0.1).max(3600).default(15),
  MP_ACCESS_TOKEN: optionalString(z.string().min(1)),
  MP_WEBHOOK_SECRET: optionalString(z.string().min(1)),
  MP_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.mercadopago.com'),
  MP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Under 24 h, so that a notification replayed a day later is always refused.
  MP_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(60).max(86_399).default(3600),
  AI_PROVIDER: z.enum(AI_PROVIDERS).default('offline'),
  GEMINI_API_KEY: optionalString(z.string().min(1)),
  AI_MODEL: optionalString(z.string().min(1).max(200)),
  AI_BASE_URL: optionalString(z.url({ protocol: /^https?$/ })),
  AI_API_KEY: optionalString(z.string().min(1)),
  AI_PRICE_INPUT_PER_MILLION: optionalNumber(z.number().min(0).max(10_000)),
  AI_PRICE_OUTPUT_PER_MILLION: optionalNumber(z.number().min(0).max(10_000)),
  AI_IMAGES: z.enum(['true', 'false', '']).optional(),
  PACKAGE_CHECK_INPUT_TOKENS: z.coerce.number().int().min(1).max(80_000).default(1000),
  SUPPORT_TOKEN_GRANT_PACKAGES: z.coerce.number().int().min(0).max(100).default(1),
  USD_BRL_RATE: z.coerce.number().min(0.01).max(1000).default(5.5),
  PRIVACY_EMAIL: optionalString(z.email()),
  AI_CHAT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  // Long enough not to be guessed; a scraper sends it as a bearer token.
  METRICS_TOKEN: optionalString(z.string().min(24, 'use pelo menos 24 caracteres')),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        context.addIssue({
          code: 'custom',
          message:
            'use um número de proxies (ex.: 1) ou uma lista de endereços/redes separados por vírgula (ex.: 10.0.0.0/8,127.0.0.1)',
        });
        return z.NEVER;
      }
      return parsed;
    }),
});

/** Every environment variable the server reads (each documented in the README and .env.example). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/**
 * Which reverse proxies may tell us the client's address (X-Forwarded-For). Off by default: the
 * rate limits would otherwise trust any client's claim about its own address.
 */
export type TrustProxy = false | number | string[];

export function parseTrustProxy(raw: string | undefined): TrustProxy | null {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family || rest.length > 0) return false;
    return (
      bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
    );
  });
  return valid ? entries : null;
}

function optionalString<T extends z.ZodType<string>>(schema: T) {
  return schema.optional().or(z.literal('').transform(() => undefined));
}

/** An optional number; empty means unset (not zero). */
function optionalNumber(schema: z.ZodNumber) {
  return z
    .literal('')
    .transform(() => undefined)
    .or(z.coerce.number().pipe(schema))
    .optional();
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** How long a client may take to send a whole request, headers and body. */
  requestTimeoutMs: number;
  /** How long a stopping server lets running requests and answers finish (docs/deployment.md). */
  shutdownGraceMs: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Where the built SPA lives; the server serves it when the folder exists. */
  webDistDir: string;
  /** SMTP delivery; without it, e-mails go to the development outbox. */
  smtp: { url: string; from: string } | undefined;
  /** Where help-centre messages are also e-mailed, when set. */
  supportEmail: string | undefined;
  /** Reverse proxies trusted for the client address (see TRUST_PROXY in the README). */
  trustProxy: TrustProxy;
  /** Google sign-in, enabled when both client id and secret are set. */
  google: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Who takes the PIX payments (docs/architecture.md, "Payments"). */
  pix: PixConfig;
  /** The tutor's provider (see AI_* in the README). */
  ai: AiConfig;
  /** Input tokens of a package that pay one answer check past the free daily limit. */
  packageCheckTokens: number;
  /** Token packages the support role may grant at once (docs/product-rules.md, "Operations console"). */
  supportTokenGrantPackages: number;
  /** R$ per US$, to set the AI cost against revenue on /admin/numeros. */
  usdBrlRate: number;
  /** Where holders of personal data write; SUPPORT_EMAIL when not set. */
  privacyEmail: string | undefined;
  /** Bearer token of GET /metrics; without it the endpoint does not exist. */
  metricsToken: string | undefined;
  /** Days each kind of record is kept (docs/product-rules.md, "Personal data and the LGPD"). */
  retention: { aiChatDays: number; outboxDays: number };
}

export type PixConfig = {
  /** How often the reconciler looks for charges to ask the provider about. */
  reconcileIntervalMs: number;
} & (
  | {
      provider: 'sandbox';
      /** A declared public demonstration: anyone may use the simulation page, not only this machine. */
      publicDemonstration: boolean;
    }
  | {
      provider: 'mercadopago';
      accessToken: string;
      webhookSecret: string;
      apiUrl: string;
      timeoutMs: number;
      webhookToleranceSeconds: number;
    }
);

export interface AiConfig {
  provider: AiProvider;
  /** The provider's model id (OFFLINE_TUTOR_MODEL for the offline tutor). */
  model: string;
  apiKey: string | undefined;
  /** Gemini: optional (a proxy); OpenAI-compatible: the server's `/v1` address. */
  baseUrl: string | undefined;
  /** US dollars per million tokens, for the cost accounting. */
  pricing: { inputPerMillion: number; outputPerMillion: number };
  /** Whether question images are sent to the model (rasterised); the description always is. */
  images: boolean;
  /** Retries of a failed provider request before the stream starts. */
  maxRetries: number;
}

/** The default Gemini model: the current stable Flash. */
export const DEFAULT_GEMINI_MODEL = 'gemini-3.8-flash';
/** Its list prices in US dollars per million tokens (text input; output including thinking). */
export const DEFAULT_GEMINI_PRICING = { inputPerMillion: 0.75, outputPerMillion: 3.75 };
/**
 * The offline writer and its version: a text stored by an earlier version (before comments and
 * study notes were its ground) is written again instead of being served.
 */
export const OFFLINE_TUTOR_MODEL = 'gabarita-offline-2';

const DEFAULT_MAIL_FROM = 'Gabarita <nao-responda@gabarita.local>';

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Configuração inválida no ambiente:\n${problems.join('\n')}`);
  }
  const vars = parsed.data;
  const ai = aiConfig(vars);
  if (vars.NODE_ENV === 'production' && !vars.SMTP_URL) {
    // Without SMTP nobody could verify an address or reset a password, and the links would only
    // exist in a development outbox that production does not have.
    throw new ConfigError(
      'Configuração inválida no ambiente:\n  SMTP_URL: obrigatório em produção (NODE_ENV=production), para enviar os e-mails de verificação e de recuperação de senha',
    );
  }
  return {
    pix: pixConfig(vars),
    nodeEnv: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_SECONDS * 1000,
    shutdownGraceMs: vars.SHUTDOWN_GRACE_MS,
    appUrl: (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    dataDir: path.resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    logLevel: vars.LOG_LEVEL,
    webDistDir: path.resolve(vars.WEB_DIST_DIR ?? path.join(serverRoot, '../web/dist')),
    supportEmail: vars.SUPPORT_EMAIL,
    trustProxy: vars.TRUST_PROXY,
    smtp: vars.SMTP_URL
      ? { url: vars.SMTP_URL, from: vars.MAIL_FROM ?? DEFAULT_MAIL_FROM }
      : undefined,
    google:
      vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET
        ? {
            issuer: vars.GOOGLE_ISSUER,
            clientId: vars.GOOGLE_CLIENT_ID,
            clientSecret: vars.GOOGLE_CLIENT_SECRET,
          }
        : undefined,
    ai,
    packageCheckTokens: vars.PACKAGE_CHECK_INPUT_TOKENS,
    supportTokenGrantPackages: vars.SUPPORT_TOKEN_GRANT_PACKAGES,
    usdBrlRate: vars.USD_BRL_RATE,
    privacyEmail: vars.PRIVACY_EMAIL ?? vars.SUPPORT_EMAIL,
    metricsToken: vars.METRICS_TOKEN,
    retention: { aiChatDays: vars.AI_CHAT_RETENTION_DAYS, outboxDays: vars.OUTBOX_RETENTION_DAYS },
  };
}

/** The tutor's settings; a provider that lacks what it needs stops the start with a clear message. */
function aiConfig(vars: z.infer<typeof envSchema>): AiConfig {
  const problems: string[] = [];
  const require = (name: string, value: string | undefined) => {
    if (!value) problems.push(`  ${name}: obrigatório com AI_PROVIDER=${vars.AI_PROVIDER}`);
  };
  if (vars.AI_PROVIDER === 'gemini') require('GEMINI_API_KEY', vars.GEMINI_API_KEY);
  if (vars.AI_PROVIDER === 'openai-compatible') {
    require('AI_BASE_URL', vars.AI_BASE_URL);
    require('AI_MODEL', vars.AI_MODEL);
  }
  if (problems.length > 0) {
    throw new ConfigError(`Configuração inválida no ambiente:\n${problems.join('\n')}`);
  }
  const defaults = {
    offline: { model: OFFLINE_TUTOR_MODEL, pricing: { inputPerMillion: 0, outputPerMillion: 0 } },
    gemini: { model: DEFAULT_GEMINI_MODEL, pricing: DEFAULT_GEMINI_PRICING },
    // A local server (Ollama, vLLM, llama.cpp) costs nothing per token unless told otherwise.
    'openai-compatible': { model: '', pricing: { inputPerMillion: 0, outputPerMillion: 0 } },
  }[vars.AI_PROVIDER];
  const model =
    vars.AI_PROVIDER === 'offline' ? OFFLINE_TUTOR_MODEL : (vars.AI_MODEL ?? defaults.model);
  // Prices given for another model than the default would be guesses: they must be set explicitly.
  const pricing =
    vars.AI_PROVIDER === 'gemini' && model !== DEFAULT_GEMINI_MODEL
      ? { inputPerMillion: 0, outputPerMillion: 0 }
      : defaults.pricing;
  return {
    provider: vars.AI_PROVIDER,
    model,
    apiKey: vars.AI_PROVIDER === 'gemini' ? vars.GEMINI_API_KEY : vars.AI_API_KEY,
    baseUrl: vars.AI_PROVIDER === 'offline' ? undefined : vars.AI_BASE_URL?.replace(/\/+$/, ''),
    pricing: {
      inputPerMillion: vars.AI_PRICE_INPUT_PER_MILLION ?? pricing.inputPerMillion,
      outputPerMillion: vars.AI_PRICE_OUTPUT_PER_MILLION ?? pricing.outputPerMillion,
    },
    images: vars.AI_IMAGES ? vars.AI_IMAGES === 'true' : vars.AI_PROVIDER === 'gemini',
    maxRetries: 1,
  };
}

function pixConfig(vars: z.infer<typeof envSchema>): PixConfig {
  const reconcileIntervalMs = Math.round(vars.PIX_RECONCILE_SECONDS * 1000);
  if (vars.PIX_PROVIDER === 'sandbox') {
    if (vars.NODE_ENV === 'production' && vars.PIX_SANDBOX_IN_PRODUCTION !== 'true') {
      // The sandbox takes no money: in production it would hand out plans for free.
      throw new ConfigError(
        'Configuração inválida no ambiente:\n  PIX_PROVIDER: o provedor de testes (sandbox, o padrão) não recebe dinheiro de verdade. Em produção, use PIX_PROVIDER=mercadopago com MP_ACCESS_TOKEN e MP_WEBHOOK_SECRET; para uma demonstração sem cobrança real, defina PIX_SANDBOX_IN_PRODUCTION=true',
      );
    }
    return {
      provider: 'sandbox',
      reconcileIntervalMs,
      publicDemonstration: vars.PIX_SANDBOX_IN_PRODUCTION === 'true',
    };
  }
  const missing = [
    vars.MP_ACCESS_TOKEN ? null : 'MP_ACCESS_TOKEN',
    vars.MP_WEBHOOK_SECRET ? null : 'MP_WEBHOOK_SECRET',
  ].filter((name): name is string => name !== null);
  if (missing.length > 0 || !vars.MP_ACCESS_TOKEN || !vars.MP_WEBHOOK_SECRET) {
    throw new ConfigError(
      `Configuração inválida no ambiente:\n${missing.map((name) => `  ${name}: obrigatório com PIX_PROVIDER=mercadopago (veja o README)`).join('\n')}`,
    );
  }
  return {
    provider: 'mercadopago',
    reconcileIntervalMs,
    accessToken: vars.MP_ACCESS_TOKEN,
    webhookSecret: vars.MP_WEBHOOK_SECRET,
    apiUrl: vars.MP_API_URL.replace(/\/+$/, ''),
    timeoutMs: vars.MP_TIMEOUT_MS,
    webhookToleranceSeconds: vars.MP_WEBHOOK_TOLERANCE_SECONDS,
  };
}
