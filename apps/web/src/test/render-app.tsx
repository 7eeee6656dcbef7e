import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  type NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { vi } from 'vitest';
import type { MeResponse, SessionUser } from '@gabarita/shared';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/router';
import { appInfo } from './tutor-fixtures';

export const SIGNED_IN_USER: SessionUser = {
  id: 'u1',
  name: 'Ana Souza',
  email: 'ana@example.com',
  photoUrl: null,
  provider: 'password',
  role: 'user',
  accountType: 'free',
};

/** GET /me for SIGNED_IN_USER: a free account that never had a plan. */
export const ME_RESPONSE: MeResponse = {
  ...SIGNED_IN_USER,
  plan: { startedAt: null, endsOn: null, endsAt: null, daysRemaining: null },
  lastSeenAt: '2025-10-02T15:04:05.000Z',
  createdAt: '2025-01-10T12:00:00.000Z',
};

interface RenderOptions {
  /** Passed to userEvent.setup, e.g. `{ advanceTimers: vi.advanceTimersByTime }` with fake timers. */
  userEventOptions?: Parameters<typeof userEvent.setup>[0];
  /** Navigation state of the first entry. */
  state?: unknown;
}

/** Where the app is, as a test reads it, and a way to move it. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate: NavigateFunction;
}

/** Tells `report` where the app's router is after every render. */
function RouterProbe({ report }: { report: (router: TestRouter) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    report({ state: { location, historyAction }, navigate });
  });
  return null;
}

/** The real route tree in memory, with the app's query client (not retrying, for speed). */
export function renderApp(path: string, { userEventOptions, state }: RenderOptions = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false }, mutations: { retry: false } });
  const router = {} as TestRouter;
  const user = userEvent.setup(userEventOptions);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[{ ...splitPath(path), state }]}>
        <RouterProbe report={(current) => Object.assign(router, current)} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { router, user, queryClient, ...view };
}

function splitPath(path: string) {
  const url = new URL(path, 'http://localhost');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/* ---------- Route-based fetch stub ---------- */

/** A request the app made, as the stub saw it. */
export interface StubbedRequest {
  method: string;
  /** Path after /api, without the query string: '/auth/login'. */
  path: string;
  search: string;
  /** Parsed JSON body, the FormData itself for multipart, or undefined. */
  body: unknown;
}

/** A plain value is answered as JSON with status 200; a function may build any Response. */
type StubAnswer = unknown;
type StubHandler = StubAnswer | ((request: StubbedRequest) => StubAnswer | Promise<StubAnswer>);

/** Keys are 'METHOD /path' under /api, e.g. 'POST /auth/login'. */
export type ApiRoutes = Record<string, StubHandler>;

/** The error envelope of the API, as a Response (`fields` for 'request/invalid'). */
export function apiError(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): Response {
  return Response.json({ error: { code, message, ...(fields && { fields }) } }, { status });
}

/** A 204 answer. */
export function noContentResponse(): Response {
  return new Response(null, { status: 204 });
}

/** A promise to return from a handler to hold a request open until the test resolves it. */
export function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (body instanceof FormData) return body;
  if (typeof body === 'string') return JSON.parse(body) as unknown;
  return undefined;
}

/**
 * Stubs fetch with a small router over the API. Unless overridden, the session is a visitor,
 * Google sign-in is off and no support address is configured; unknown routes answer the API's 404 envelope. `requests` lists the calls.
 */
export function stubApi(routes: ApiRoutes = {}) {
  const table: ApiRoutes = {
    'GET /auth/session': { user: null },
    'GET /auth/providers': { google: false },
    'GET /app-info': appInfo(),
    ...routes,
  };
  const requests: StubbedRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const request: StubbedRequest = {
      method,
      path: url.pathname.replace(/^\/api/, ''),
      search: url.search,
      body: parseBody(init?.body),
    };
    requests.push(request);

    const handler = table[`${method} ${request.path}`];
    if (handler === undefined) {
      return apiError(404, 'request/not-found', 'Recurso não encontrado.');
    }
    const answer = typeof handler === 'function' ? await handler(request) : handler;
    return answer instanceof Response ? answer : Response.json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);

  /** Requests made to one route, e.g. calls('POST /auth/login'). */
  const calls = (route: string) =>
    requests.filter((request) => `${request.method} ${request.path}` === route);

  return { fetchMock, requests, calls };
}

/** Stubs fetch so GET /api/auth/session answers with this user (null = visitor). */
export function stubSession(user: SessionUser | null, routes: ApiRoutes = {}) {
  return stubApi({ 'GET /auth/session': { user }, ...routes }).fetchMock;
}

/** Stubs fetch with a request that never answers, to observe loading states. */
export function stubPendingSession() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
}
