import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_VARIABLES,
  ConfigError,
  DEFAULT_GEMINI_MODEL,
  DEFAULT_GEMINI_PRICING,
  loadConfig,
} from './config';
import { serverRoot } from './paths';

const repoRoot = path.resolve(serverRoot, '../..');

/** The variables named in the first column of the README's "Configuration" table. */
const documentedInReadme = (() => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const table = readme.split('## Configuration')[1]!.split('\n## ')[0]!;
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!))
    .sort();
})();

/** The variables set, even to nothing, in .env.example, with their values. */
const envExample = Object.fromEntries(
  fs
    .readFileSync(path.join(repoRoot, '.env.example'), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
      return match ? [[match[1]!, match[2]!] as const] : [];
    }),
);
const documentedInEnvExample = Object.keys(envExample).sort();

const MERCADO_PAGO = { PIX_PROVIDER: 'mercadopago', MP_ACCESS_TOKEN: 't', MP_WEBHOOK_SECRET: 's' };
const GEMINI = { AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'k' };
const OPENAI_COMPATIBLE = {
  AI_PROVIDER: 'openai-compatible',
  AI_BASE_URL: 'http://localhost:11434/v1',
  AI_MODEL: 'llama3.2',
};

/** For each variable: a value other than its default, what else it needs, and what it changes. */
const SAMPLES: Record<
  string,
  { value: string; with?: NodeJS.ProcessEnv; expect: Record<string, unknown> }
> = {
  NODE_ENV: {
    value: 'production',
    with: { SMTP_URL: 'smtp://smtp.example:587', PIX_SANDBOX_IN_PRODUCTION: 'true' },
    expect: { nodeEnv: 'production' },
  },
  PORT: { value: '8080', expect: { port: 8080, appUrl: 'http://localhost:8080' } },
  HOST: { value: '127.0.0.1', expect: { host: '127.0.0.1' } },
  REQUEST_TIMEOUT_SECONDS: { value: '30', expect: { requestTimeoutMs: 30_000 } },
  SHUTDOWN_GRACE_MS: { value: '3000', expect: { shutdownGraceMs: 3000 } },
  APP_URL: { value: 'https://gabarita.example/', expect: { appUrl: 'https://gabarita.example' } },
  DATA_DIR: { value: '/var/lib/gabarita', expect: { dataDir: '/var/lib/gabarita' } },
  DATABASE_URL: {
    value: 'postgres://app@db:5432/gabarita',
    expect: { databaseUrl: 'postgres://app@db:5432/gabarita' },
  },
  LOG_LEVEL: { value: 'warn', expect: { logLevel: 'warn' } },
  WEB_DIST_DIR: { value: '/srv/gabarita/web', expect: { webDistDir: '/srv/gabarita/web' } },
  SMTP_URL: {
    value: 'smtps://mailer:secret@smtp.example:465',
    expect: { smtp: { url: 'smtps://mailer:secret@smtp.example:465' } },
  },
  MAIL_FROM: {
    value: 'Equipe <equipe@gabarita.example>',
    with: { SMTP_URL: 'smtp://smtp.example:587' },
    expect: { smtp: { from: 'Equipe <equipe@gabarita.example>' } },
  },
  GOOGLE_CLIENT_ID: {
    value: 'web',
    with: { GOOGLE_CLIENT_SECRET: 'segredo' },
    expect: { google: { clientId: 'web', clientSecret: 'segredo' } },
  },
  GOOGLE_CLIENT_SECRET: {
    value: 'segredo',
    with: { GOOGLE_CLIENT_ID: 'web' },
    expect: { google: { clientSecret: 'segredo' } },
  },
  GOOGLE_ISSUER: {
    value: 'http://127.0.0.1:9000/',
    with: { GOOGLE_CLIENT_ID: 'web', GOOGLE_CLIENT_SECRET: 'segredo' },
    expect: { google: { issuer: 'http://127.0.0.1:9000/' } },
  },
  SUPPORT_EMAIL: {
    value: 'contato@gabarita.example',
    expect: { supportEmail: 'contato@gabarita.example' },
  },
  PRIVACY_EMAIL: {
    value: 'privacidade@gabarita.example',
    expect: { privacyEmail: 'privacidade@gabarita.example' },
  },
  AI_CHAT_RETENTION_DAYS: {
    value: '180',
    expect: { retention: { aiChatDays: 180, outboxDays: 7 } },
  },
  OUTBOX_RETENTION_DAYS: {
    value: '3',
    expect: { retention: { aiChatDays: 365, outboxDays: 3 } },
  },
  METRICS_TOKEN: {
    value: 'segredo-de-metricas-com-24-caracteres',
    expect: { metricsToken: 'segredo-de-metricas-com-24-caracteres' },
  },
  TRUST_PROXY: { value: '1', expect: { trustProxy: 1 } },
  PIX_PROVIDER: {
    value: 'mercadopago',
    with: { MP_ACCESS_TOKEN: 't', MP_WEBHOOK_SECRET: 's' },
    expect: { pix: { provider: 'mercadopago' } },
  },
  PIX_SANDBOX_IN_PRODUCTION: {
    value: 'true',
    expect: { pix: { provider: 'sandbox', publicDemonstration: true } },
  },
  PIX_RECONCILE_SECONDS: { value: '30', expect: { pix: { reconcileIntervalMs: 30_000 } } },
  MP_ACCESS_TOKEN: {
    value: 'APP_USR-token',
    with: MERCADO_PAGO,
    expect: { pix: { accessToken: 'APP_USR-token' } },
  },
  MP_WEBHOOK_SECRET: {
    value: 'outro',
    with: MERCADO_PAGO,
    expect: { pix: { webhookSecret: 'outro' } },
  },
  MP_API_URL: {
    value: 'https://mp.example/',
    with: MERCADO_PAGO,
    expect: { pix: { apiUrl: 'https://mp.example' } },
  },
  MP_TIMEOUT_MS: { value: '5000', with: MERCADO_PAGO, expect: { pix: { timeoutMs: 5000 } } },
  MP_WEBHOOK_TOLERANCE_SECONDS: {
    value: '600',
    with: MERCADO_PAGO,
    expect: { pix: { webhookToleranceSeconds: 600 } },
  },
  AI_PROVIDER: {
    value: 'gemini',
    with: { GEMINI_API_KEY: 'k' },
    expect: { ai: { provider: 'gemini', model: DEFAULT_GEMINI_MODEL } },
  },
  GEMINI_API_KEY: { value: 'outra', with: GEMINI, expect: { ai: { apiKey: 'outra' } } },
  AI_MODEL: { value: 'gemini-3.8-pro', with: GEMINI, expect: { ai: { model: 'gemini-3.8-pro' } } },
  AI_BASE_URL: {
    value: 'http://127.0.0.1:8000/v1/',
    with: OPENAI_COMPATIBLE,
    expect: { ai: { baseUrl: 'http://127.0.0.1:8000/v1' } },
  },
  AI_API_KEY: { value: 'chave', with: OPENAI_COMPATIBLE, expect: { ai: { apiKey: 'chave' } } },
  AI_PRICE_INPUT_PER_MILLION: {
    value: '0.5',
    with: OPENAI_COMPATIBLE,
    expect: { ai: { pricing: { inputPerMillion: 0.5 } } },
  },
  AI_PRICE_OUTPUT_PER_MILLION: {
    value: '2',
    with: OPENAI_COMPATIBLE,
    expect: { ai: { pricing: { outputPerMillion: 2 } } },
  },
  AI_IMAGES: { value: 'true', with: OPENAI_COMPATIBLE, expect: { ai: { images: true } } },
  PACKAGE_CHECK_INPUT_TOKENS: { value: '2000', expect: { packageCheckTokens: 2000 } },
  SUPPORT_TOKEN_GRANT_PACKAGES: { value: '3', expect: { supportTokenGrantPackages: 3 } },
  USD_BRL_RATE: { value: '5.1', expect: { usdBrlRate: 5.1 } },
};

describe('loadConfig', () => {
  it('needs nothing from the environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      appUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      logLevel: 'info',
    });
  });

  it('documents every variable it reads, in the README and in .env.example', () => {
    expect(documentedInReadme).toEqual([...CONFIG_VARIABLES].sort());
    expect(documentedInEnvExample).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('starts with .env.example copied as it is, as with nothing set', () => {
    expect(loadConfig(envExample)).toEqual(loadConfig({}));
  });

  it.each(CONFIG_VARIABLES)('reads %s', (name) => {
    const sample = SAMPLES[name];
    expect(sample, `a sample value for ${name} in config.test.ts`).toBeDefined();
    const { with: companions = {}, value, expect: expected } = sample!;
    const without = loadConfig(companions);
    const configured = loadConfig({ ...companions, [name]: value });
    expect(configured).toMatchObject(expected);
    expect(configured).not.toEqual(without);
  });

  it('uses the PIX sandbox by default, and refuses it in production unless told', () => {
    expect(loadConfig({}).pix).toEqual({
      provider: 'sandbox',
      reconcileIntervalMs: 15_000,
      publicDemonstration: false,
    });
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://smtp.example:587' };
    expect(() => loadConfig(production)).toThrow(/PIX_PROVIDER: o provedor de testes/);
    expect(loadConfig({ ...production, PIX_SANDBOX_IN_PRODUCTION: 'true' }).pix).toMatchObject({
      provider: 'sandbox',
      publicDemonstration: true,
    });
  });

  it('refuses Mercado Pago without its access token and webhook secret', () => {
    expect(() => loadConfig({ PIX_PROVIDER: 'mercadopago' })).toThrow(
      /MP_ACCESS_TOKEN: obrigatório com PIX_PROVIDER=mercadopago[\s\S]*MP_WEBHOOK_SECRET/,
    );
    expect(() =>
      loadConfig({ PIX_PROVIDER: 'mercadopago', MP_ACCESS_TOKEN: 'x', MP_WEBHOOK_SECRET: '' }),
    ).toThrow(/MP_WEBHOOK_SECRET: obrigatório/);
    expect(() => loadConfig({ MP_WEBHOOK_TOLERANCE_SECONDS: '86400' })).toThrow(
      /MP_WEBHOOK_TOLERANCE_SECONDS/,
    );
  });

  it('refuses to start in production without SMTP', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: obrigatório em produção/,
    );
  });

  it('trusts no proxy unless told, and takes a hop count or a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('explains every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('runs the offline tutor by default, needing nothing', () => {
    expect(loadConfig({}).ai).toEqual({
      provider: 'offline',
      model: 'gabarita-offline-2',
      apiKey: undefined,
      baseUrl: undefined,
      pricing: { inputPerMillion: 0, outputPerMillion: 0 },
      images: false,
      maxRetries: 1,
    });
  });

  it('takes Gemini with its key, the current Flash model and its prices by default', () => {
    expect(loadConfig({ AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'chave' }).ai).toMatchObject({
      provider: 'gemini',
      model: DEFAULT_GEMINI_MODEL,
      apiKey: 'chave',
      pricing: DEFAULT_GEMINI_PRICING,
      images: true,
    });
    // Another model's prices are not guessed: they are set, or counted as zero.
    expect(
      loadConfig({ AI_PROVIDER: 'gemini', GEMINI_API_KEY: 'chave', AI_MODEL: 'gemini-2.5-flash' })
        .ai.pricing,
    ).toEqual({ inputPerMillion: 0, outputPerMillion: 0 });
    expect(
      loadConfig({
        AI_PROVIDER: 'gemini',
        GEMINI_API_KEY: 'chave',
        AI_PRICE_INPUT_PER_MILLION: '0.3',
        AI_PRICE_OUTPUT_PER_MILLION: '',
      }).ai.pricing,
    ).toEqual({ inputPerMillion: 0.3, outputPerMillion: DEFAULT_GEMINI_PRICING.outputPerMillion });
  });

  it('takes an OpenAI-compatible server (Ollama, vLLM, llama.cpp) with its address and model', () => {
    expect(
      loadConfig({
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: 'http://localhost:11434/v1/',
        AI_MODEL: 'llama3.2',
        AI_IMAGES: 'true',
      }).ai,
    ).toMatchObject({
      provider: 'openai-compatible',
      model: 'llama3.2',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      images: true,
    });
  });

  it('refuses to start when the provider lacks what it needs', () => {
    expect(() => loadConfig({ AI_PROVIDER: 'gemini' })).toThrow(
      /GEMINI_API_KEY: obrigatório com AI_PROVIDER=gemini/,
    );
    expect(() => loadConfig({ AI_PROVIDER: 'openai-compatible' })).toThrow(
      /AI_BASE_URL: obrigatório com AI_PROVIDER=openai-compatible\n {2}AI_MODEL: obrigatório/,
    );
    expect(() => loadConfig({ AI_PROVIDER: 'claude' })).toThrow(/AI_PROVIDER/);
    expect(() => loadConfig({ AI_PRICE_INPUT_PER_MILLION: '-1' })).toThrow(
      /AI_PRICE_INPUT_PER_MILLION/,
    );
  });
});
