import type { RouteDoc } from './route-doc.js';
import { ASSESSMENT_ROUTES } from './routes-assessments.js';
import { IMPORT_ROUTES } from './routes-imports.js';
import { PEOPLE_AND_PLACES_ROUTES } from './routes-people.js';

export type { FileAnswer, RouteDoc } from './route-doc.js';

/**
 * Every route of the API by method and path as Fastify registers it (`GET /api/tnas/bystaffid/:id`):
 * what the OpenAPI document says beyond the route's own request schemas. A test fails for a route
 * that is missing here.
 */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  ...PEOPLE_AND_PLACES_ROUTES,
  ...ASSESSMENT_ROUTES,
  ...IMPORT_ROUTES,
};
