import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_GEMINI_MODEL, DEFAULT_GEMINI_PRICING, loadConfig } from './config';

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

  it('reads every documented variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      REQUEST_TIMEOUT_SECONDS: '30',
      PACKAGE_CHECK_INPUT_TOKENS: '2000',
      APP_URL: 'https://gabarita.example/',
      DATA_DIR: '/var/lib/gabarita',
      DATABASE_URL: 'postgres://app@db:5432/gabarita',
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
      TRUST_PROXY: '1',
      PIX_PROVIDER: 'mercadopago',
      PIX_RECONCILE_SECONDS: '30',
      MP_ACCESS_TOKEN: 'APP_USR-token',
      MP_WEBHOOK_SECRET: 'segredo',
      MP_API_URL: 'https://mp.example/',
      MP_TIMEOUT_MS: '5000',
      MP_WEBHOOK_TOLERANCE_SECONDS: '600',
    });
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 8080,
      requestTimeoutMs: 30_000,
      packageCheckTokens: 2000,
      appUrl: 'https://gabarita.example',
      dataDir: '/var/lib/gabarita',
      databaseUrl: 'postgres://app@db:5432/gabarita',
      logLevel: 'warn',
      smtp: { url: 'smtps://mailer:secret@smtp.example:465' },
      trustProxy: 1,
      pix: {
        provider: 'mercadopago',
        reconcileIntervalMs: 30_000,
        accessToken: 'APP_USR-token',
        webhookSecret: 'segredo',
        apiUrl: 'https://mp.example',
        timeoutMs: 5000,
        webhookToleranceSeconds: 600,
      },
    });
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
      model: 'gabarita-offline',
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
