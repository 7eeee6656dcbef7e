import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import {
  AUTH_MESSAGES,
  COMMON_ERROR_MESSAGES,
  CONTENT_UPLOAD_MAX_BYTES,
  EDITAL_LIMITS,
  EDITAL_PDF_FIELD,
  IMAGE_REPLACE_MAX_BYTES,
  PHOTO_UPLOAD_MAX_BYTES,
  aiDeltaEventSchema,
  aiDoneEventSchema,
  aiErrorEventSchema,
  aiMetaEventSchema,
  errorResponseSchema,
  paymentEventSchema,
} from '@gabarita/shared';
import type { AppError } from '../lib/errors';
import {
  accountErrors,
  contentUploadErrors,
  editalErrors,
  editorErrors,
  privacyErrors,
  rateLimitedError,
  requestErrors,
} from '../lib/app-errors';
import type { Access } from './access';

/*
 * What the OpenAPI document says of each route beyond its zod schemas, worked out from what the
 * route declares (its access, its schemas, its method and path) and from the few mechanisms routes
 * share (uploads, event streams, rate limits). Nothing here is read per request.
 */

type JsonSchema = Record<string, unknown>;

interface KnownError {
  status: number;
  code: string;
  message: string;
}

const known = (error: AppError): KnownError => ({
  status: error.statusCode,
  code: error.code,
  message: error.message,
});
const common = (status: number, code: keyof typeof COMMON_ERROR_MESSAGES): KnownError => ({
  status,
  code,
  message: COMMON_ERROR_MESSAGES[code],
});

export const ACCESS_DESCRIPTIONS: Record<Access, string> = {
  public: 'público: qualquer pessoa, sem conta',
  user: 'conta: qualquer pessoa com sessão aberta',
  verified: 'conta com o e-mail confirmado',
  premium: 'conta com um plano Premium válido',
  editor: 'equipe: papéis editor ou admin',
  support: 'equipe: papéis suporte ou admin',
  admin: 'equipe: papel admin',
};

/** The access layer's refusals (plugins/access.ts), in the words the route chose for them. */
function accessErrors(route: RouteOptions, access: Access): KnownError[] {
  if (access === 'public') return [];
  const config = route.config ?? {};
  const unauthenticated = {
    ...common(401, 'auth/unauthenticated'),
    ...(config.unauthenticatedMessage ? { message: config.unauthenticatedMessage } : {}),
  };
  const forbidden = (code: string, message: string): KnownError => ({
    status: 403,
    code,
    message: config.forbiddenMessage ?? message,
  });
  switch (access) {
    case 'user':
      return [unauthenticated];
    case 'verified':
      return [
        unauthenticated,
        forbidden('auth/email-not-verified', AUTH_MESSAGES.emailNotVerified),
      ];
    case 'premium':
      return [
        unauthenticated,
        forbidden('auth/premium-required', COMMON_ERROR_MESSAGES['auth/premium-required']),
      ];
    default:
      return [
        unauthenticated,
        forbidden('auth/forbidden', COMMON_ERROR_MESSAGES['auth/forbidden']),
      ];
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Authenticated by other means than the browser's cookie (see plugins/request-guard.ts).
const GUARD_EXEMPT = ['/api/internal/', '/api/webhooks/'];

/** The request guard's refusals (plugins/request-guard.ts) and the body reader's. */
function requestErrorsOf(method: string, url: string): KnownError[] {
  if (!STATE_CHANGING.has(method) || !url.startsWith('/api/')) return [];
  const guarded = !GUARD_EXEMPT.some((prefix) => url.startsWith(prefix));
  return [
    ...(guarded
      ? [known(requestErrors.badOrigin()), common(415, 'request/unsupported-media-type')]
      : []),
    common(413, 'request/too-large'),
  ];
}

/**
 * Routes counted against a rate limit (docs/product-rules.md, "Rate limits"); a limit answers 429
 * before anything changes.
 */
const RATE_LIMITED: Record<string, KnownError[]> = {
  'POST /api/auth/login': [known(rateLimitedError())],
  'POST /api/auth/signup': [known(rateLimitedError())],
  'POST /api/auth/password-reset': [known(rateLimitedError())],
  'POST /api/auth/resend-verification': [known(rateLimitedError())],
  'POST /api/me/password-change-link': [known(rateLimitedError())],
  'POST /api/me/email-change': [known(rateLimitedError())],
  'POST /api/me/data-exports': [known(privacyErrors.exportLimited())],
  'POST /api/me/deletion-code': [known(rateLimitedError())],
  'DELETE /api/me': [known(rateLimitedError())],
  'POST /api/help-requests': [known(rateLimitedError())],
  'POST /api/error-reports': [known(rateLimitedError())],
  'POST /api/payments': [known(rateLimitedError())],
  'POST /api/questions/:id/feedback': [known(rateLimitedError())],
  'DELETE /api/questions/:id/feedback': [known(rateLimitedError())],
  'POST /api/didactic-content': [known(rateLimitedError())],
  'DELETE /api/didactic-content': [known(rateLimitedError())],
};

interface Upload {
  field: string;
  mediaType: string;
  maxBytes: number;
  refusals: KnownError[];
}

/** Routes that take one file as multipart/form-data (lib/multipart-upload.ts), by the web's field. */
const UPLOADS: Record<string, Upload> = {
  'PUT /api/me/photo': {
    field: 'photo',
    mediaType: 'image/jpeg, image/png',
    maxBytes: PHOTO_UPLOAD_MAX_BYTES,
    refusals: [
      accountErrors.photoNotImage(),
      accountErrors.photoTooLarge(),
      accountErrors.photoInvalidUpload(),
    ].map(known),
  },
  'PUT /api/admin/images/:assetId': {
    field: 'imagem',
    mediaType: 'image/*',
    maxBytes: IMAGE_REPLACE_MAX_BYTES,
    refusals: [
      editorErrors.imageMissing(),
      editorErrors.imageTooLarge(),
      editorErrors.imageUploadIncomplete(),
    ].map(known),
  },
  'POST /api/me/editais/pdf': {
    field: EDITAL_PDF_FIELD,
    mediaType: 'application/pdf',
    maxBytes: EDITAL_LIMITS.pdfMaxBytes,
    refusals: [
      editalErrors.pdfMissing(),
      editalErrors.pdfTooLarge(),
      editalErrors.pdfUploadIncomplete(),
      editalErrors.pdfTooManyPages(),
      editalErrors.pdfImageOnly(),
      editalErrors.pdfUnreadable(),
      editalErrors.pdfTimeout(),
    ].map(known),
  },
  'POST /api/admin/imports': {
    field: 'arquivo',
    mediaType: 'application/zip',
    maxBytes: CONTENT_UPLOAD_MAX_BYTES,
    refusals: [
      contentUploadErrors.missingFile(),
      contentUploadErrors.tooLarge(),
      contentUploadErrors.uploadIncomplete(),
    ].map(known),
  },
};

const progressEvent = z.object({ line: z.string() });
const failureEvent = z.object({ code: z.string(), message: z.string() });
const emptyEvent = z.object({});

interface EventStream {
  /** What the stream carries and when it ends. */
  description: string;
  events: Record<string, $ZodType>;
  /** The stream is one of two answers, chosen by the request; the other is the JSON schema. */
  alternative?: string;
}

const TUTOR_STREAM: EventStream = {
  description:
    'A resposta chega aos poucos: `meta` primeiro, `delta` com cada trecho do texto, e `done` no fim (ou `error`, se a resposta for interrompida). As recusas (limite, conferir o gabarito antes) chegam antes do fluxo, como erros JSON.',
  events: {
    meta: aiMetaEventSchema,
    delta: aiDeltaEventSchema,
    done: aiDoneEventSchema,
    error: aiErrorEventSchema,
  },
};

const PROGRESS_STREAM = (alternative: string): EventStream => ({
  description:
    'Cada linha de progresso num evento `progress`; no fim, `output` com o resultado ou `error` com a recusa. `heartbeat` mantém a conexão viva nas etapas longas.',
  events: {
    progress: progressEvent,
    output: z.unknown(),
    error: failureEvent,
    heartbeat: emptyEvent,
  },
  alternative,
});

/** Routes that answer Server-Sent Events (lib/sse.ts): `event: <nome>` and one JSON `data:` line. */
const EVENT_STREAMS: Record<string, EventStream> = {
  'POST /api/questions/:id/feedback': TUTOR_STREAM,
  'POST /api/questions/:id/chat': TUTOR_STREAM,
  'POST /api/didactic-content': TUTOR_STREAM,
  'GET /api/payments/:id/events': {
    description:
      'O estado da compra em `payment` a cada mudança, até um estado final; `heartbeat` a cada 15 s. Quando o servidor para, `reconnect` pede ao navegador que se reconecte.',
    events: { payment: paymentEventSchema, heartbeat: emptyEvent, reconnect: emptyEvent },
  },
  'POST /api/admin/imports': PROGRESS_STREAM(
    'Com `verificar=1`, a verificação responde JSON; sem ele, a importação responde este fluxo.',
  ),
  'POST /api/internal/operator/:command': PROGRESS_STREAM(
    'Com `Accept: text/event-stream`, o comando responde este fluxo; senão, JSON quando termina.',
  ),
};

/** The routes the tables above describe, as `METHOD /url` (each must be a declared route). */
export const ROUTES_WITH_EXTRAS = [
  ...new Set([
    ...Object.keys(RATE_LIMITED),
    ...Object.keys(UPLOADS),
    ...Object.keys(EVENT_STREAMS),
  ]),
];

const toJsonSchema = (schema: $ZodType) =>
  z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' });

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

const ERROR_ENVELOPE = withoutDialect(toJsonSchema(errorResponseSchema));

/** The error envelope with the codes one status of the route can carry. */
function errorResponse(errors: KnownError[]): JsonSchema {
  const codes = [...new Set(errors.map((error) => error.code))];
  const envelope = structuredClone(ERROR_ENVELOPE) as {
    properties: { error: { properties: { code: JsonSchema } } };
  };
  envelope.properties.error.properties.code = { type: 'string', enum: codes };
  const examples: Record<string, unknown> = {};
  for (const error of errors) {
    let name = error.code;
    for (let n = 2; name in examples; n++) name = `${error.code} (${n})`;
    examples[name] = { value: { error: { code: error.code, message: error.message } } };
  }
  return {
    description: errors.map((error) => `\`${error.code}\`: ${error.message}`).join('\n\n'),
    content: { 'application/json': { schema: envelope, examples } },
  };
}

function eventStreamMedia(stream: EventStream): JsonSchema {
  return {
    schema: { type: 'string', description: 'text/event-stream' },
    'x-events': Object.fromEntries(
      Object.entries(stream.events).map(([name, data]) => [
        name,
        withoutDialect(toJsonSchema(data)),
      ]),
    ),
  };
}

interface Operation {
  method: string;
  url: string;
  route: RouteOptions;
  /** The route's schemas as JSON Schema (fastify-type-provider-zod's transform). */
  schema: JsonSchema;
}

const hasSuccess = (responses: Record<string, unknown>) =>
  Object.keys(responses).some((status) => /^2/.test(status));

/**
 * The route's schema for @fastify/swagger, with its access (`x-access`, the session cookie as its
 * security), its error responses and, where it has them, its upload and its event stream.
 */
export function describeOperation({ method, url, route, schema }: Operation): JsonSchema {
  const access = route.config?.access ?? 'public';
  const key = `${method} ${url}`;
  const upload = UPLOADS[key];
  const stream = EVENT_STREAMS[key];
  const validated = Boolean(schema.body || schema.querystring || schema.params);

  const errors: KnownError[] = [
    ...(validated || STATE_CHANGING.has(method) ? [common(400, 'request/invalid')] : []),
    ...accessErrors(route, access),
    ...requestErrorsOf(method, url),
    ...(url.startsWith('/dev/') || url.startsWith('/api/dev/')
      ? [known(requestErrors.localOnly())]
      : []),
    ...(RATE_LIMITED[key] ?? []),
    ...(upload?.refusals ?? []),
    common(500, 'server/internal'),
  ];
  const byStatus = new Map<number, KnownError[]>();
  for (const error of errors.sort((a, b) => a.status - b.status)) {
    byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  }

  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries((schema.response ?? {}) as JsonSchema)) {
    // @fastify/swagger takes this key as the response's description, instead of "Default Response".
    responses[status] = /^2/.test(status)
      ? { ...(response as JsonSchema), 'x-response-description': 'Sucesso.' }
      : response;
  }
  if (stream) {
    const json = (schema.response as JsonSchema | undefined)?.['200'];
    responses['200'] = {
      description: [stream.description, stream.alternative].filter(Boolean).join('\n\n'),
      content: {
        ...(json ? { 'application/json': { schema: json } } : {}),
        'text/event-stream': eventStreamMedia(stream),
      },
    };
  }
  if (!hasSuccess(responses)) {
    responses['2XX'] = {
      description: 'Sucesso (o corpo desta resposta não tem esquema declarado).',
    };
  }
  for (const [status, statusErrors] of byStatus) {
    responses[String(status)] ??= errorResponse(statusErrors);
  }

  return {
    ...schema,
    ...(upload
      ? {
          consumes: ['multipart/form-data'],
          body: {
            type: 'object',
            required: [upload.field],
            properties: {
              [upload.field]: {
                type: 'string',
                format: 'binary',
                contentMediaType: upload.mediaType,
                description: `Um arquivo (${upload.mediaType}), de até ${upload.maxBytes / 1024 / 1024} MB.`,
              },
            },
          },
        }
      : {}),
    tags: [tagOf(url)],
    description: [
      `**Acesso:** ${ACCESS_DESCRIPTIONS[access]}.`,
      ...(schema.description ? [schema.description] : []),
    ].join('\n\n'),
    'x-access': access,
    ...(access !== 'public'
      ? { security: [{ session: [] }] }
      : url.startsWith('/api/internal/')
        ? { security: [{ operatorToken: [] }] }
        : {}),
    response: responses,
  };
}

/**
 * Groups operations as the paths do: `/api/me/…` under `me`, `/api/admin/accounts/…` under
 * `admin/accounts`; outside /api, the development pages, the metrics and the web app's files.
 */
function tagOf(url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] !== 'api') {
    return segments[0] === 'dev' || segments[0] === 'metrics' ? segments[0] : 'app web';
  }
  const [first = 'api', second] = segments.slice(1);
  return first === 'admin' && second ? `admin/${second}` : first;
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  components?: { responses?: Record<string, unknown> };
}

/**
 * The last touches: HEAD answers as GET does (said once, in the description), even where a route
 * lists both; error responses, the same on many operations, are written once under
 * `components.responses` and referred to (two thirds of the document otherwise).
 */
export function finishDocument(document: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(document.paths ?? {})) delete operations.head;
  const shared: Record<string, unknown> = {};
  const nameOf = new Map<string, string>();
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const codes = Object.keys(
          (response as { content?: { 'application/json'?: { examples?: object } } }).content?.[
            'application/json'
          ]?.examples ?? {},
        );
        // Only the envelopes written here; a route's own error schema (health's 503) stays put.
        if (!/^[45]\d\d$/.test(status) || codes.length === 0) continue;
        const text = JSON.stringify(response);
        let name = nameOf.get(text);
        if (!name) {
          const base = `${status}_${codes.join('_').replace(/[^\w.-]+/g, '.')}`;
          name = base;
          for (let n = 2; name in shared; n++) name = `${base}-${n}`;
          shared[name] = response;
          nameOf.set(text, name);
        }
        operation.responses![status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  document.components = { ...document.components, responses: shared };
  return document;
}
