import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN, signedInStudent } from '../helpers/accounts';
import { rawRequest, slowRequest } from '../helpers/raw-http';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * A bounded fuzz run over loopback: the seeds in ./corpus and mutations of them drawn from a fixed
 * seed (the same run every time), against a real listening server. Nothing a client sends may make
 * the server answer 5xx.
 */
const SEED = 20_261_125;
const CASES = { search: 300, routes: 600, multipart: 120, requestLines: 120, slowClients: 12 };

function corpus(name: string): string[] {
  const text = fs.readFileSync(path.join(import.meta.dirname, 'corpus', name), 'utf8');
  return text.split('\n').filter((line, index, lines) => index < lines.length - 1 || line);
}

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]) => items[int(items.length)]!;
  return { int, pick };
}

/** Percent-encodes text whose mutations may have cut a character in two (a lone surrogate). */
const encode = (text: string) =>
  encodeURIComponent(
    text.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );

const OPERATORS = [
  '-',
  '"',
  ' ',
  'or',
  'OR',
  '!',
  '&',
  '|',
  '(',
  ')',
  ':*',
  '<->',
  '\\',
  "'",
  '\u0000',
];

describe('fuzz: nothing a client sends answers 5xx', () => {
  let testApp: TestApp;
  let baseUrl: string;
  let cookie: string;
  let adminCookie: string;
  const random = generator(SEED);
  const seeds = {
    search: corpus('search-text.txt'),
    targets: corpus('request-targets.txt'),
    values: corpus('values.txt'),
  };

  beforeAll(async () => {
    testApp = await createTestApp({
      starting: 'mini',
      config: { nodeEnv: 'development', requestTimeoutMs: 1_000 },
    });
    cookie = (await signedInStudent(testApp.app, testApp.database, { premium: true })).cookie;
    adminCookie = (await signedInStudent(testApp.app, testApp.database, { role: 'admin' })).cookie;
    baseUrl = await testApp.listen();
  });
  afterAll(() => testApp.close());

  /** A seed with pieces cut, repeated and operators spliced in, at most 200 characters. */
  function mutate(seed: string): string {
    let text = seed;
    for (let step = random.int(6); step > 0; step--) {
      const at = random.int(text.length + 1);
      const choice = random.int(3);
      if (choice === 0)
        text =
          text.slice(0, at) + random.pick(OPERATORS).repeat(1 + random.int(40)) + text.slice(at);
      else if (choice === 1) text = text.slice(0, at) + text.slice(at + random.int(10));
      else text = text.slice(0, at) + random.pick(seeds.values) + text.slice(at);
    }
    return text.slice(0, 200);
  }

  it('the question search, over its operators', async () => {
    const failures: string[] = [];
    const inputs = [
      ...seeds.search,
      ...Array.from({ length: CASES.search }, () => mutate(random.pick(seeds.search))),
    ];
    for (const q of inputs) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/questions/search?q=${encode(q)}`,
        headers: { cookie },
      });
      if (response.statusCode >= 500) failures.push(`${response.statusCode} ${JSON.stringify(q)}`);
    }
    expect(failures).toEqual([]);
  });

  it('every declared route, with hostile parameters and bodies', async () => {
    const routes = testApp.app.declaredRoutes.filter((route) => route.method !== 'HEAD');
    const failures: string[] = [];
    const value = () =>
      random.int(4) === 0 ? mutate(random.pick(seeds.values)) : random.pick(seeds.values);
    const body = (): unknown => {
      switch (random.int(5)) {
        case 0:
          return value();
        case 1:
          return [value(), random.int(1000) - 500];
        case 2:
          return null;
        default:
          return Object.fromEntries(
            [
              'letter',
              'email',
              'password',
              'name',
              'q',
              'message',
              'history',
              'productId',
              'productType',
              'payer',
              'questionId',
              'type',
              'text',
              'mensagem',
              'disciplina',
              'assunto',
              'examId',
              'filters',
              'count',
              'scoring',
              'regenerate',
              'oobCode',
              'newPassword',
              'args',
            ]
              .filter(() => random.int(3) === 0)
              .map((key) => [key, random.int(5) === 0 ? { nested: value() } : value()]),
          );
      }
    };
    for (let index = 0; index < CASES.routes; index++) {
      const route = random.pick(routes);
      const url = route.url
        .replace(/:[A-Za-z]+/g, () => encode(value()) || 'x')
        .replace('*', encode(value()));
      const query = random.int(2) ? `?${encode(value())}=${encode(value())}` : '';
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: url + query,
        headers: {
          origin: APP_ORIGIN,
          ...(random.int(4) ? { cookie } : {}),
          ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
        },
        ...(route.method === 'GET' ? {} : { payload: JSON.stringify(body()) }),
      });
      if (response.statusCode >= 500) {
        failures.push(
          `${response.statusCode} ${route.method} ${url}${query}: ${response.body.slice(0, 200)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('multipart bodies cut short or without a boundary, on every route that takes a body', async () => {
    // As an admin, so the upload routes read the body instead of refusing the caller first.
    const routes = testApp.app.declaredRoutes.filter(
      (route) => route.method !== 'GET' && route.method !== 'HEAD',
    );
    const failures: string[] = [];
    for (let index = 0; index < CASES.multipart; index++) {
      const route = random.pick(routes);
      const boundary = random.pick(['b', 'gabarita-limite', '']);
      const whole =
        `--${boundary}\r\nContent-Disposition: form-data; name="${random.pick(['arquivo', 'imagem', 'photo'])}"; ` +
        `filename="${random.pick(['a.zip', 'a.png', 'a.svg'])}"\r\nContent-Type: application/octet-stream\r\n\r\n` +
        `PK\u0003\u0004\u0089PNG conteúdo\r\n--${boundary}--\r\n`;
      const payload = whole.slice(0, random.int(whole.length + 1));
      const contentType = random.pick([
        'multipart/form-data',
        'multipart/form-data; boundary=',
        `multipart/form-data; boundary=${boundary || 'x'}`,
      ]);
      const url = route.url.replace(/:[A-Za-z]+/g, () => encode(random.pick(seeds.values)) || 'x');
      const response = await testApp.app.inject({
        method: route.method as 'POST',
        url,
        headers: { origin: APP_ORIGIN, cookie: adminCookie, 'content-type': contentType },
        payload,
      });
      if (response.statusCode >= 500) {
        failures.push(
          `${response.statusCode} ${route.method} ${url} ${JSON.stringify(payload.slice(-40))}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('request lines in absolute and odd forms, over a real socket', async () => {
    const failures: string[] = [];
    const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'];
    const targets = [
      ...seeds.targets,
      ...Array.from({ length: CASES.requestLines }, () => {
        const target = random.pick(seeds.targets);
        return random.int(3) === 0 ? target + encode(mutate('')) : target;
      }),
    ];
    for (const target of targets) {
      const method = random.pick(methods);
      const payload =
        method === 'GET' || method === 'HEAD'
          ? ''
          : JSON.stringify({ email: 'a@b.co', password: '123456' });
      const response = await rawRequest(
        baseUrl,
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
      );
      if (response && response.status >= 500)
        failures.push(`${response.status} ${method} ${target}`);
      // A state change that arrives without our Origin never passes, however its target is written.
      if (
        response &&
        method !== 'GET' &&
        method !== 'HEAD' &&
        method !== 'OPTIONS' &&
        /\/api\//i.test(target) &&
        response.status < 400
      ) {
        failures.push(`${response.status} (no Origin, accepted) ${method} ${target}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('slow clients are cut off and leave the server answering', async () => {
    const slow = await Promise.all(
      Array.from({ length: CASES.slowClients }, (_, index) =>
        slowRequest(
          baseUrl,
          index % 2
            ? `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${APP_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{`
            : 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
          index % 2 ? ' ' : 'X-Lento: aaaaaaaaaaaaaaaa',
          200,
        ),
      ),
    );
    for (const { closedAfterMs, response } of slow) {
      expect(closedAfterMs).toBeLessThan(5_000);
      if (response) expect(response.status).toBeLessThan(500);
    }
    const health = await rawRequest(
      baseUrl,
      'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n',
    );
    expect(health?.status).toBe(200);
  });
});
