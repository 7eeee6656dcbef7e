import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod/mini';
import type * as core from 'zod/v4/core';

/**
 * The validation library's own (English) messages, which say what was expected and what came,
 * instead of the Portuguese ones the shared schemas give users ('Preencha este campo.').
 */
const validationLibraryMessages = z.locales.en().localeError;

/** An answer read over real HTTP (the deployment client, fetch): it names its own route. */
interface RoutedAnswer {
  route: string;
  status: number;
  body: string;
}

/**
 * The body of `response`, read with `schema`, the shared schema its route answers with (as the web
 * reads it through apiRequest). A body that breaks the contract fails the test here, saying which
 * route answered what, instead of reaching the assertions as a value of the wrong type.
 */
export function parsed<Schema extends core.$ZodType>(
  response: LightMyRequestResponse | RoutedAnswer,
  schema: Schema,
): core.output<Schema> {
  const answered = describeAnswer(response);
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`${answered} a body that is not JSON: ${excerpt(response.body)}`);
  }
  const result = z.safeParse(schema, body, { error: validationLibraryMessages });
  if (result.success) return result.data;
  throw new Error(
    `${answered} a body its response schema refuses:\n${z.prettifyError(result.error)}\n` +
      `body: ${excerpt(response.body)}`,
  );
}

/** `parsed` for a fetch answer (a request to a server process a test started). */
export async function parsedFetch<Schema extends core.$ZodType>(
  response: Response,
  schema: Schema,
): Promise<core.output<Schema>> {
  const route = new URL(response.url).pathname;
  return parsed({ route, status: response.status, body: await response.text() }, schema);
}

function describeAnswer(response: LightMyRequestResponse | RoutedAnswer) {
  if ('route' in response) return `${response.route} answered ${response.status} with`;
  const { method, url } = response.raw.req;
  return `${method} ${url} answered ${response.statusCode} with`;
}

function excerpt(body: string) {
  return body.length > 600 ? `${body.slice(0, 600)}…` : body;
}
