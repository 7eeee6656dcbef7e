import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES_WITH_EXTRAS } from '@/plugins/api-docs-operations';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Operation {
  'x-access'?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, ErrorResponse> };
}
interface ErrorResponse {
  content: {
    'application/json': {
      schema: { properties: { error: { properties: { code: { enum: string[] } } } } };
    };
  };
}

/** What the access layer answers each kind of route, whatever the route does (plugins/access.ts). */
const ACCESS_REFUSALS: Record<string, Record<string, string>> = {
  public: {},
  user: { 401: 'auth/unauthenticated' },
  verified: { 401: 'auth/unauthenticated', 403: 'auth/email-not-verified' },
  premium: { 401: 'auth/unauthenticated', 403: 'auth/premium-required' },
  editor: { 401: 'auth/unauthenticated', 403: 'auth/forbidden' },
  support: { 401: 'auth/unauthenticated', 403: 'auth/forbidden' },
  admin: { 401: 'auth/unauthenticated', 403: 'auth/forbidden' },
};

/** `/api/simulados/:id` as OpenAPI writes it: `/api/simulados/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('the API document at /api/docs', () => {
  let testApp: TestApp;
  let document: Document;
  let text: string;

  beforeAll(async () => {
    const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gabarita-web-'));
    fs.writeFileSync(path.join(webDistDir, 'index.html'), '<!doctype html><title>Gabarita</title>');
    // Every optional part on, so every kind of route is there to be described.
    testApp = await createTestApp({
      config: {
        webDistDir,
        metricsToken: 'token-das-metricas',
        google: { issuer: 'http://127.0.0.1:9', clientId: 'gabarita-web', clientSecret: 's' },
      },
      deps: { operatorToken: 'token-do-operador' },
    });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    text = response.body;
    document = JSON.parse(text) as Document;
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('is a valid OpenAPI 3.1 document, every reference resolving', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(text) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('has every declared route with its access and the errors it can answer, and nothing else', () => {
    const declared = testApp.app.declaredRoutes.filter(
      (route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs'),
    );
    // The app's optional parts are all there: development pages, operator, metrics, web files.
    const urls = declared.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/dev/outbox',
        '/dev/pix/:purchaseId',
        '/api/internal/operator/:command',
        '/metrics',
        '/api/auth/google/start',
        '/*',
      ]),
    );

    for (const route of declared) {
      const name = `${route.method} ${route.url}`;
      const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation!['x-access'], name).toBe(route.access);
      if (route.access !== 'public') expect(operation!.security, name).toEqual([{ session: [] }]);

      const codes = codesByStatus(operation!);
      for (const [status, code] of Object.entries(ACCESS_REFUSALS[route.access!]!)) {
        expect(codes[status], `${name} ${status}`).toContain(code);
      }
      expect(codes['500'], name).toEqual(['server/internal']);
      if (route.method !== 'GET') expect(codes['400'], name).toContain('request/invalid');
      if (route.method !== 'GET' && /^\/api\/(?!internal\/|webhooks\/)/.test(route.url)) {
        expect(codes['403'], name).toContain('request/bad-origin');
        expect(codes['415'], name).toEqual(['request/unsupported-media-type']);
      }
      expect(
        Object.keys(operation!.responses).some((status) => /^2/.test(status)),
        name,
      ).toBe(true);
    }

    const documented = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
    );
    const expected = declared.map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(documented.sort()).toEqual([...new Set(expected)].sort());
  });

  it('gives the codes a route adds of its own: rate limits, uploads, validation', () => {
    const declared = testApp.app.declaredRoutes.map((route) => `${route.method} ${route.url}`);
    expect(ROUTES_WITH_EXTRAS.filter((route) => !declared.includes(route))).toEqual([]);
    expect(codesByStatus(operation('post', '/api/auth/login'))['429']).toEqual([
      'request/rate-limited',
    ]);
    expect(codesByStatus(operation('post', '/api/me/data-exports'))['429']).toEqual([
      'privacy/export-limited',
    ]);
    const photo = operation('put', '/api/me/photo');
    expect(Object.keys(photo.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(codesByStatus(photo)).toMatchObject({
      400: ['request/invalid', 'photo/not-image', 'photo/invalid-upload'],
      413: ['request/too-large', 'photo/too-large'],
    });
    // Query and path parameters are validated on reads too.
    expect(codesByStatus(operation('get', '/api/simulados/{id}'))['400']).toEqual([
      'request/invalid',
    ]);
  });

  it('describes event streams by their events, beside the JSON answer a request can choose', () => {
    const chat = operation('post', '/api/questions/{id}/chat').responses['200']!;
    expect(chat.content).toMatchObject({
      'text/event-stream': { 'x-events': { meta: {}, delta: {}, done: {}, error: {} } },
    });
    const imports = operation('post', '/api/admin/imports');
    expect(Object.keys(imports.responses['200']!.content!).sort()).toEqual([
      'application/json',
      'text/event-stream',
    ]);
    expect(Object.keys(imports.requestBody!.content)).toEqual(['multipart/form-data']);
  });

  it('is made once and kept, compressed copies and ETag included', async () => {
    const again = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(again.body).toBe(text);
    const brotli = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(text);
    const revalidated = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'if-none-match': String(again.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('is read at /api/docs on a page whose scripts and styles are served here', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      expect(asset, 'nothing from another origin').toMatch(/^\/api\/docs\//);
      const response = await testApp.app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
    }
  });

  function operation(method: string, url: string): Operation {
    const found = document.paths[url]?.[method];
    if (!found) throw new Error(`${method} ${url} is not in the document`);
    return found;
  }

  /** Each error status of the operation with the codes its envelope may carry. */
  function codesByStatus(op: Operation): Record<string, string[]> {
    const codes: Record<string, string[]> = {};
    for (const [status, response] of Object.entries(op.responses)) {
      if (!response.$ref) continue;
      const shared = document.components.responses[response.$ref.split('/').pop()!]!;
      codes[status] =
        shared.content['application/json'].schema.properties.error.properties.code.enum;
    }
    return codes;
  }
});
