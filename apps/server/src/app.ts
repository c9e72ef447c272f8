import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { assessmentListsRoutes } from './modules/assessments/assessment-lists.routes.js';
import { assessmentsRoutes } from './modules/assessments/assessments.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { departmentsRoutes } from './modules/departments/departments.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { hospitalsRoutes } from './modules/hospitals/hospitals.routes.js';
import { importsRoutes } from './modules/imports/imports.routes.js';
import { logsRoutes } from './modules/logs/logs.routes.js';
import { offlineRoutes } from './modules/offline/offline.routes.js';
import { performanceRoutes } from './modules/performance/performance.routes.js';
import { positionsRoutes } from './modules/positions/positions.routes.js';
import { provincesRoutes } from './modules/provinces/provinces.routes.js';
import { trainingsRoutes } from './modules/trainings/trainings.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import authPlugin from './plugins/auth.js';
import compressionPlugin from './plugins/compression.js';
import dbPlugin from './plugins/db.js';
import drainingPlugin from './plugins/draining.js';
import errorsPlugin, { errorBody } from './plugins/errors.js';
import inputPlugin from './plugins/input.js';
import limitsPlugin, { BODY_LIMIT } from './plugins/limits.js';
import mailerPlugin from './plugins/mailer.js';
import openapiPlugin from './plugins/openapi.js';
import securityPlugin from './plugins/security.js';
import webPlugin, { findWebDist, inlineScriptSources } from './plugins/web.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Check every JSON answer against the OpenAPI document (the API tests), reporting each misfit. */
  checkResponses?: (problem: string) => void;
}

/** Build the whole application as a Fastify instance; server.ts only listens, tests `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    // A stop answers new requests itself, in the API's error shape (plugins/draining.ts).
    return503OnClosing: false,
    // A URL the router cannot decode (`/api/departments/%zz`) gets the project's error shape too.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).status(400).send(errorBody('BAD_REQUEST', 'The address of the request is malformed.'));
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(drainingPlugin);
  await app.register(dbPlugin, { database, config });
  await app.register(errorsPlugin);
  await app.register(limitsPlugin);
  await app.register(inputPlugin);
  const webRoot = options.serveWeb === false ? null : findWebDist(config.webDistDir);
  await app.register(securityPlugin, { config, scriptSources: webRoot ? inlineScriptSources(webRoot) : [] });
  await app.register(mailerPlugin);
  await app.register(openapiPlugin, { checkResponses: options.checkResponses });

  await app.register(
    async (api) => {
      await api.register(compressionPlugin);
      await api.register(authPlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(provincesRoutes);
      await api.register(hospitalsRoutes);
      await api.register(departmentsRoutes);
      await api.register(positionsRoutes);
      await api.register(trainingsRoutes);
      await api.register(offlineRoutes);
      await api.register(logsRoutes);
      await api.register(assessmentsRoutes);
      await api.register(assessmentListsRoutes);
      await api.register(dashboardRoutes);
      await api.register(performanceRoutes);
      await api.register(accountsRoutes);
      await api.register(analyticsRoutes);
      await api.register(importsRoutes);
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' }));
    },
    { prefix: '/api' },
  );

  if (webRoot) await app.register(webPlugin, { root: webRoot });
  else app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody('NOT_FOUND')));
  return app;
}
