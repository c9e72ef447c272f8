import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { setupTestApp, type TestContext } from '../test/helpers.js';
import { ROUTE_DOCS } from './routes.js';

let t: TestContext;
// biome-ignore lint/suspicious/noExplicitAny: the document is checked by the validator, then read loosely
let doc: any;
beforeAll(async () => {
  t = await setupTestApp();
  const res = await t.request('GET', '/api/openapi.json');
  expect(res.statusCode).toBe(200);
  doc = res.json();
});

/** `/api/tnas/bystaffid/:id` -> `/api/tnas/bystaffid/{id}`, as OpenAPI writes a path. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The routes a client calls: not the documentation's own pages, nor Fastify's automatic HEAD routes. */
function apiRoutes() {
  return t.app.registeredRoutes.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
  );
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, public', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has every registered route, and nothing that is not one', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ROUTE_DOCS).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('describes each route: summary, success answer, errors in the one error shape, the bearer scheme', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.components.schemas.Error.properties).toHaveProperty('code');
    for (const r of apiRoutes()) {
      const op = doc.paths[openapiPath(r.url)][r.method.toLowerCase()];
      const where = `${r.method} ${r.url}`;
      expect(op.summary, where).toBeTruthy();
      const success = Object.keys(op.responses).find((s) => s.startsWith('2'));
      expect(op.responses[success!]?.content, where).toBeTruthy();
      expect(op.responses['500'].content['application/json'].schema, where).toEqual({
        $ref: '#/components/schemas/Error',
      });
      if (op.security?.length === 0) continue; // public
      expect(op.responses['401'], where).toBeTruthy();
    }
  });

  it("documents a route's request from its own Zod schemas, and the submit's multipart body", () => {
    const login = doc.paths['/api/login'].post;
    expect(login.security).toEqual([]);
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(doc.paths['/api/tnas/bystaffid/{id}'].get.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
      { $ref: '#/components/parameters/ChangeMark' },
    ]);
    const submit = doc.paths['/api/tnas'].post.requestBody.content;
    expect(Object.keys(submit)).toEqual(['multipart/form-data', 'application/json']);
    expect(doc.paths['/api/tnas'].post.responses['200'].content['application/json'].schema).toMatchObject({
      properties: { success: { $ref: '#/components/schemas/Assessment' } },
    });
    const hospitals = doc.paths['/api/hospitals'].get.parameters.map((p: { name: string }) => p.name);
    expect(hospitals).toEqual(expect.arrayContaining(['page', 'per_page', 'sort', 'province_id']));
  });

  it('documents the change mark: sent back by every write, accepted by every call', async () => {
    expect(doc.components.parameters.ChangeMark).toMatchObject({ name: 'X-TNA-Change', in: 'header', required: false });
    const write = doc.paths['/api/departments'].post;
    expect(write.responses['200'].headers['X-TNA-Change']).toEqual({ $ref: '#/components/headers/ChangeMark' });
    expect(doc.paths['/api/departments'].get.responses['200'].headers).toBeUndefined();
    expect(doc.paths['/api/departments'].get.parameters).toContainEqual({ $ref: '#/components/parameters/ChangeMark' });
    // What the document says is what a write answers.
    const res = await t.request('POST', '/api/departments', { token: t.adminToken, body: { name: 'Mark test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-tna-change']).toMatch(new RegExp(doc.components.headers.ChangeMark.schema.pattern));
  });
});

describe('the API tests check every answer against the document', () => {
  it('fails an answer whose shape or status the document does not describe', async () => {
    const problems: string[] = [];
    const app = await buildApp({
      config: t.config,
      database: t.database,
      serveWeb: false,
      checkResponses: (p) => problems.push(p),
    });
    const details = ROUTE_DOCS['GET /api/details']!;
    const documented = details.answer;
    try {
      const ask = () =>
        app.inject({ method: 'GET', url: '/api/details', headers: { authorization: `Bearer ${t.adminToken}` } });
      expect((await ask()).statusCode).toBe(200);
      details.answer = z.object({ success: z.object({ phone: z.string() }) });
      expect((await ask()).statusCode).toBe(500);
      expect(problems).toEqual([expect.stringMatching(/^GET \/api\/details answered 200 with a body unlike .*phone/)]);
      details.answer = documented;
      // Deleting the last admin answers 409; a document without that 409 reports the answer.
      const remove = ROUTE_DOCS['DELETE /api/users/:id']!;
      const errors = remove.errors;
      remove.errors = [];
      const res = await app.inject({
        method: 'DELETE',
        url: '/api/users/1',
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
      remove.errors = errors;
      // Fastify keeps an error answer's status when a hook fails on it: the report is what fails the test file.
      expect(res.statusCode).not.toBe(200);
      expect(problems.at(-1)).toBe(
        'DELETE /api/users/:id answered 409, which apps/server/src/openapi/routes.ts does not document',
      );
    } finally {
      details.answer = documented;
      await app.close();
    }
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI from this server, under a policy that allows nothing from elsewhere', async () => {
    const res = await t.request('GET', '/api/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).not.toMatch(/(src|href)="https?:/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe');
    const scripts = [...res.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const asset = await t.request('GET', new URL(src, 'http://x/api/docs/').pathname);
      expect(asset.statusCode, src).toBe(200);
    }
    expect((await t.request('GET', '/api/docs/json')).json().openapi).toBe('3.1.0');
  });
});
