import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, PERMISSIONS } from '@tna/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { type FileAnswer, ROUTE_DOCS, type RouteDoc } from '../openapi/routes.js';
import { components, errorBody, fileSchema } from '../openapi/schemas.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app registered (method and URL), which the OpenAPI document must cover. */
    registeredRoutes: { method: string; url: string }[];
  }
}

/** sha256 of `.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}`, Swagger UI's logo style. */
const SWAGGER_LOGO_STYLE = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';

/** What each error status means on this API (the body is always `Error`). */
const ERROR_TEXTS: Record<number, string> = {
  400: 'Malformed request (not JSON, or not the content type the route reads)',
  401: 'No valid session: sign in again (a client signs out on any 401)',
  403: "The user's role may not do this",
  404: 'Not found, or not one the user may read',
  409: 'Conflicts with the current data (already reviewed, changed since read, still in use...)',
  413: 'The request (or the file) is too large',
  415: 'A kind of file or body this route does not read',
  422: 'Invalid input: `errors` and `error_keys` name each field',
  429: 'Too many attempts: wait and try again (Retry-After)',
  500: 'The server failed; the details are in the error log, never in the answer',
  503: 'The server is stopping (a restart or a deploy): try again in a moment',
};

type RouteShape = {
  method?: string | string[];
  url: string;
  config?: { public?: boolean; permission?: string };
  schema?: FastifySchema;
};

/** The error answers a route can give: from its configuration, its request schemas and its doc. */
export function errorStatuses(route: RouteShape, doc: RouteDoc): number[] {
  const statuses = new Set(doc.errors ?? []);
  if (!route.config?.public) statuses.add(401);
  if (route.config?.permission) statuses.add(403);
  if (/\/:(id|provinceId)(\/|$)/.test(route.url)) statuses.add(404);
  const schema = route.schema ?? {};
  // Any write can be sent a body, wanted or not: too large, malformed or of an unread type.
  const methods = [route.method ?? []].flat();
  if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) for (const s of [400, 413, 415]) statuses.add(s);
  if (schema.body || doc.body) for (const s of [400, 413, 415, 422]) statuses.add(s);
  if (schema.querystring || schema.params) statuses.add(422);
  statuses.add(500);
  // Any request that reaches a server while it stops (plugins/draining.ts).
  statuses.add(503);
  return [...statuses].sort();
}

const isFile = (answer: RouteDoc['answer']): answer is FileAnswer => 'file' in answer;

export const docKey = (method: string, url: string) => `${method} ${url}`;

function responsesOf(route: RouteShape, doc: RouteDoc) {
  const responses: Record<string, unknown> = {};
  const answer = doc.answer;
  responses[doc.status ?? 200] = isFile(answer)
    ? { description: answer.description, content: { [answer.file]: { schema: fileSchema } } }
    : { description: 'Success', content: { 'application/json': { schema: answer } } };
  for (const [status, schema] of Object.entries(doc.others ?? {})) {
    responses[status] = {
      description: ERROR_TEXTS[Number(status)] ?? 'Unavailable',
      content: { 'application/json': { schema } },
    };
  }
  for (const status of errorStatuses(route, doc)) {
    responses[status] ??= { description: ERROR_TEXTS[status], content: { 'application/json': { schema: errorBody } } };
  }
  return responses;
}

const toObject = createJsonSchemaTransformObject({ schemaRegistry: components });

/**
 * The Zod transform writes each named schema twice, as read (`UserInput`) and as written (`User`);
 * the answers use only the second. Keep the components something refers to.
 */
function withoutUnusedSchemas<T>(doc: T): T {
  const schemas = (doc as { components?: { schemas?: Record<string, unknown> } }).components?.schemas;
  if (!schemas) return doc;
  const { components: _, ...rest } = doc as Record<string, unknown>;
  const text = JSON.stringify([rest, ...Object.values(schemas)]);
  for (const name of Object.keys(schemas)) {
    if (!text.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return doc;
}

const CHANGE_MARK_TEXT =
  "A change mark: this server's count of writes. Every answer to a write carries the mark of that write; a client that sends the last mark it got on its next reads reads its own writes on any instance behind a load balancer (one that has not yet heard of that change answers from the database, not its caches).";

/**
 * The change mark (plugins/db.ts) in the document: an optional request header on every operation,
 * and a header of every write's success answer.
 */
function withChangeMarks<T>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, OperationShape>> }).paths ?? {};
  for (const [method, operation] of Object.values(paths).flatMap((ops) => Object.entries(ops))) {
    operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/ChangeMark' }];
    if (method === 'get' || method === 'head') continue;
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (status.startsWith('2')) response.headers = { 'X-TNA-Change': { $ref: '#/components/headers/ChangeMark' } };
    }
  }
  return doc;
}

type OperationShape = { parameters?: unknown[]; responses?: Record<string, { headers?: unknown }> };

/** Who may call a route, from its configuration (a doc's own description may say more). */
function whoMay(config: RouteShape['config'], doc: RouteDoc): string | null {
  if (config?.public) return 'Public: no session needed.';
  if (config?.permission) return `Roles: ${PERMISSIONS[config.permission as keyof typeof PERMISSIONS].join(', ')}.`;
  return doc.description ? null : 'Any signed-in user.';
}

/**
 * The OpenAPI 3.1 document at GET /api/openapi.json, and Swagger UI at GET /api/docs (served from
 * the server itself, nothing from a CDN). Request schemas are the routes' own Zod schemas; answers
 * and errors come from openapi/routes.ts. With `checkResponses` (the API tests) every JSON answer is
 * checked against its documented shape, so the document cannot drift from what the server sends.
 */
async function openapiPlugin(app: FastifyInstance, opts: { checkResponses?: ((problem: string) => void) | undefined }) {
  const registered: FastifyInstance['registeredRoutes'] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  });
  const zodTransform = createJsonSchemaTransform({ schemaRegistry: components, skipList: [] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TNA System API',
        version: APP_VERSION,
        description:
          'Training needs assessments of health workers. Every call but the public ones carries `Authorization: Bearer <token>` from POST /api/login. Field names and answer shapes follow the original API (SPEC section 7). Send `Accept-Language: en|fa|ps` for texts in Dari or Pashto where the server writes them (mails, import reports).',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The `token` of POST /api/login' },
        },
        parameters: {
          ChangeMark: {
            name: 'X-TNA-Change',
            in: 'header',
            required: false,
            description: CHANGE_MARK_TEXT,
            schema: { type: 'string', pattern: '^[0-9]{1,15}$' },
          },
        },
        headers: {
          ChangeMark: { description: CHANGE_MARK_TEXT, schema: { type: 'string', pattern: '^[0-9]+$' } },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (document) => {
      const { schema, url, route } = document;
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const doc = ROUTE_DOCS[docKey(method, url)];
      if (!doc) return { schema: { ...schema, hide: url.startsWith('/api/docs') }, url };
      const config = route.config as RouteShape['config'];
      const documented = {
        ...schema,
        tags: [doc.tag],
        summary: doc.summary,
        description: [doc.description, whoMay(config, doc)].filter(Boolean).join('\n\n'),
        ...(config?.public ? { security: [] } : {}),
        ...(doc.body && !schema?.body ? { body: doc.body.schema, consumes: doc.body.contentTypes } : {}),
        response: responsesOf({ method, url, config, schema }, doc),
      };
      return zodTransform({ ...document, schema: documented });
    },
    transformObject: (document) => withChangeMarks(withoutUnusedSchemas(toObject(document))),
  });

  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    // Its own policy, as strict as the app's: scripts and styles from this server only. Swagger UI
    // draws its icons from data: URLs and sets element styles from script (allowed without
    // 'unsafe-inline'); its logo is an SVG with a <style> of its own, allowed by that text's hash
    // (see the e2e test, which fails on any violation); "Try it out" calls this same origin.
    staticCSP: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", `'${SWAGGER_LOGO_STYLE}'`],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
    },
  });

  app.get('/api/openapi.json', { config: { public: true } }, async () => app.swagger());

  const report = opts.checkResponses;
  if (report) app.addHook('onSend', (request, reply, payload) => checkAnswer(request, reply, payload, report));
}

/** Test mode: a JSON answer whose status or shape the document does not describe fails the request. */
async function checkAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  report: (problem: string) => void,
) {
  const route = request.routeOptions;
  if (!route.url || typeof payload !== 'string') return payload;
  const doc = ROUTE_DOCS[docKey(request.method, route.url)];
  if (!doc) return payload;
  const status = reply.statusCode;
  const shape = { method: request.method, url: route.url, config: route.config, schema: route.schema } as RouteShape;
  let schema: z.ZodType | undefined;
  if (status === (doc.status ?? 200) && isFile(doc.answer)) return payload;
  if (status === (doc.status ?? 200)) schema = doc.answer as z.ZodType;
  else if (doc.others?.[status]) schema = doc.others[status];
  else if (errorStatuses(shape, doc).includes(status)) schema = errorBody;
  const where = `${request.method} ${route.url} answered ${status}`;
  const fail = (problem: string): never => {
    report(problem);
    throw new Error(problem);
  };
  if (!schema) return fail(`${where}, which apps/server/src/openapi/routes.ts does not document`);
  if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  const result = schema.safeParse(JSON.parse(payload));
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    return fail(`${where} with a body unlike its documented shape: ${issues}`);
  }
  return payload;
}

export default fp(openapiPlugin, { name: 'openapi' });
