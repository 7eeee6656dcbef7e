import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases, tokenUsage } from '@/db/schema';
import {
  ContentProblemsError,
  createContentImportService,
} from '@/modules/content-import/content-import.service';
import { serverRoot } from '@/paths';
import { createPasswordUser } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

const TOKEN = 'token-de-metricas-para-os-testes-0123';
const SAMPLE_CATALOG = path.join(serverRoot, '../../content/sample');

/** One sample of the exposition text, by its name and labels exactly as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('answers only a scraper with the token', async () => {
    for (const authorization of [undefined, 'Bearer errado', `Basic ${TOKEN}`, TOKEN]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('gabarita_');
    }
  });

  it('counts each request in its route histogram', async () => {
    const series =
      'gabarita_http_request_duration_seconds_count{method="GET",route="/api/exams",status_class="2xx"}';
    const before = sample(await scrape(), series) ?? 0;

    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/exams' });
    await t.app.inject({ method: 'GET', url: '/api/exams/nao_existe_prova' });

    const text = await scrape();
    expect(sample(text, series)).toBe(before + 3);
    expect(
      sample(
        text,
        'gabarita_http_request_duration_seconds_count{method="GET",route="/api/exams/:examId",status_class="4xx"}',
      ),
    ).toBe(1);
    // Every observation falls under the last bucket.
    expect(
      sample(
        text,
        'gabarita_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/exams",status_class="2xx"}',
      ),
    ).toBe(before + 3);
  });

  it('times each import by its outcome', async () => {
    const series = (outcome: string) =>
      `gabarita_content_import_duration_seconds_count{outcome="${outcome}"}`;
    const before = await scrape();
    const importer = createContentImportService(t.database.db);
    await importer.importContent(SAMPLE_CATALOG);
    await expect(importer.importContent(path.join(SAMPLE_CATALOG, 'provas'))).rejects.toThrow(
      ContentProblemsError,
    );
    await importer.importContent(SAMPLE_CATALOG, undefined, { check: true });

    const text = await scrape();
    expect(sample(text, series('imported'))).toBe((sample(before, series('imported')) ?? 0) + 1);
    expect(sample(text, series('refused'))).toBe((sample(before, series('refused')) ?? 0) + 1);
  });

  it("reports the process, the database's pool and the open event streams", async () => {
    const text = await scrape();
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'gabarita_sse_streams')).toBe(0);
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'gabarita_db_pool_connections{state="waiting"}')).toBe(0);
      expect(sample(text, 'gabarita_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    } else {
      expect(text).not.toContain('gabarita_db_pool_connections');
    }
  });

  it('reports payments by status and AI use by feature from the database', async () => {
    const db = t.database.db;
    const { user } = await createPasswordUser(db);
    const purchase = {
      userId: user.id,
      productType: 'plan' as const,
      productId: 'mensal',
      productName: 'Premium mensal',
      priceCentavos: 2990,
      planDays: 30,
      provider: 'sandbox' as const,
      expiresAt: new Date(Date.now() + 3_600_000),
    };
    const before = await scrape();
    const paidBefore = sample(before, 'gabarita_purchases{status="paid"}') ?? 0;
    await db.insert(purchases).values([
      { ...purchase, status: 'paid', paidAt: new Date(), grantedAt: new Date() },
      { ...purchase, status: 'paid', paidAt: new Date(), grantedAt: new Date() },
      { ...purchase, status: 'pending' },
    ]);
    await db.insert(tokenUsage).values({
      userId: user.id,
      day: '2026-11-20',
      feature: 'chat',
      calls: 2,
      inputTokens: 1200,
      outputTokens: 300,
      inputCostMicroUsd: 250_000,
      outputCostMicroUsd: 500_000,
    });

    const text = await scrape();
    expect(sample(text, 'gabarita_purchases{status="paid"}')).toBe(paidBefore + 2);
    expect(sample(text, 'gabarita_purchases{status="pending"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'gabarita_ai_tokens_total{feature="chat",direction="input"}')).toBe(1200);
    expect(sample(text, 'gabarita_ai_tokens_total{feature="chat",direction="output"}')).toBe(300);
    expect(sample(text, 'gabarita_ai_cost_usd_total{feature="chat"}')).toBe(0.75);
    expect(sample(text, 'gabarita_catalog_version')).toBeGreaterThanOrEqual(0);
  });

  it('has every metric the Grafana dashboard in docs/ draws', async () => {
    const dashboard = fs.readFileSync(
      path.join(serverRoot, '../../docs/grafana/gabarita-dashboard.json'),
      'utf8',
    );
    const names = new Set(
      [...dashboard.matchAll(/\b((?:gabarita|nodejs|process)_[a-z0-9_]+)/g)].map(([, name]) =>
        name!.replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    expect(names.size).toBeGreaterThan(8);
    const text = await scrape();
    for (const name of names) {
      if (name === 'gabarita_db_pool_connections' && t.database.kind === 'pglite') continue;
      expect(text, name).toContain(`# TYPE ${name} `);
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.body).not.toContain('gabarita_');
      expect(response.statusCode).not.toBe(200);
    } finally {
      await t.close();
    }
  });
});
