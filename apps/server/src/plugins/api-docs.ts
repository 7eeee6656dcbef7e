import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../lib/session-cookie';
import { compress, matches, preferredEncoding, weakEtag } from './http-caching';
import { describeOperation, finishDocument, type OpenApiDocument } from './api-docs-operations';

/** The readable page; the document itself is at DOCUMENT_PATH (and in YAML at `/api/docs/yaml`). */
export const API_DOCS_PATH = '/api/docs';
export const DOCUMENT_PATH = `${API_DOCS_PATH}/json`;

const DESCRIPTION = `A API do Gabarita, a mesma que o app web usa. Gerada a partir dos esquemas das rotas: cada operação diz quem pode chamá-la (\`x-access\`) e os erros que pode responder.

- **Sessão:** o cookie \`${SESSION_COOKIE}\`, aberto por \`POST /api/auth/login\`.
- **Pedidos que mudam dados** (POST, PUT, PATCH, DELETE em /api) precisam do cabeçalho \`Origin\` do próprio app e de corpo JSON ou multipart.
- **Erros** chegam sempre como \`{ "error": { "code", "message", "fields"? } }\`; \`fields\` traz a mensagem de cada campo inválido.
- Toda rota GET também responde a HEAD.`;

/** The documentation's own routes: the page, its files and the document. */
export const isDocumentation = (url: string) =>
  url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`);

/**
 * The OpenAPI 3.1 document of every route, from the zod schemas the routes already declare, and
 * Swagger UI to read it at /api/docs (docs/decisions/017-api-documentation.md). Registered before
 * the routes, whose registration it records; the document is built once, at its first request.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Gabarita API', version: '1', description: DESCRIPTION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          operatorToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'O segredo do arquivo de trava do DATA_DIR; só de processos na mesma máquina.',
          },
        },
      },
    },
    transform: (input) => {
      const route = input.route;
      if (isDocumentation(route.url)) return { url: input.url, schema: { hide: true } };
      // Every other route is in the document, even one whose schema asks to be hidden.
      const { hide: _hidden, ...declared } = (input.schema ?? {}) as { hide?: boolean };
      const { schema } = jsonSchemaTransform({ ...input, schema: declared });
      return {
        url: input.url,
        schema: describeOperation({
          method: [route.method].flat()[0]!,
          url: route.url,
          route,
          schema: schema as Record<string, unknown>,
        }),
      };
    },
    transformObject: (input) =>
      finishDocument(jsonSchemaTransformObject(input) as OpenApiDocument) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  });
  await app.register(readablePage, { answerDocument: documentAnswer(() => app.swagger()) });
}

/**
 * The document as text, with its ETag and compressed copies, made at its first request (from the
 * routes then registered: all of them, once the app is ready) and kept: it changes only with the
 * server.
 */
function documentAnswer(build: () => object) {
  let text: string | undefined;
  let etag: string | undefined;
  const compressed = new Map<string, Buffer>();
  return (request: FastifyRequest, reply: FastifyReply) => {
    text ??= JSON.stringify(build());
    etag ??= weakEtag(text);
    reply
      .header('etag', etag)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const encoding = preferredEncoding(request);
    if (!encoding) return reply.send(text);
    let body = compressed.get(encoding);
    if (!body) compressed.set(encoding, (body = compress(text, encoding)));
    return reply.header('content-encoding', encoding).send(body);
  };
}

/** Swagger UI's page, script and styles, served from its package: nothing comes from elsewhere. */
const readablePage: FastifyPluginAsync<{
  answerDocument: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
}> = async (app, { answerDocument }) => {
  // Public (docs/product-rules.md, "Access to the API"); its own routes stay out of the document.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // BaseLayout: without the bar that opens any other document's address.
    uiConfig: {
      layout: 'BaseLayout',
      deepLinking: true,
      docExpansion: 'none',
      defaultModelsExpandDepth: 0,
    },
    theme: { title: 'Gabarita API' },
    uiHooks: {
      // The document as made once, instead of serializing it again on every request.
      onRequest: async (request, reply) => {
        if (request.routeOptions.url === DOCUMENT_PATH) return answerDocument(request, reply);
      },
    },
  });
};
