import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '@/lib/tokens';

export const SESSION_COOKIE = 'gabarita_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  secure: boolean,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** A random id of this browser, kept a year: lets its owner sign in past the failed-attempt limit. */
export const BROWSER_COOKIE = 'gabarita_browser';
const BROWSER_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function readBrowserToken(request: FastifyRequest): string | undefined {
  return request.cookies[BROWSER_COOKIE] || undefined;
}

/** The browser's token, created (and its cookie set) on its first sign-in. */
export function ensureBrowserToken(
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
): string {
  const existing = readBrowserToken(request);
  if (existing && /^[\w-]{43}$/.test(existing)) return existing;
  const token = randomToken();
  reply.setCookie(BROWSER_COOKIE, token, {
    path: '/api/auth',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: BROWSER_COOKIE_MAX_AGE_SECONDS,
  });
  return token;
}
