import { ROLES } from '@tna/domain';
import { z } from 'zod';
import type { RouteDoc } from './route-doc.js';
import {
  accountRequest,
  adminUnit,
  department,
  done,
  facility,
  list,
  loginAnswer,
  message,
  page,
  passwordReset,
  position,
  success,
  training,
  user,
} from './schemas.js';

const health = z.object({ status: z.string(), database: z.enum(['pglite', 'postgres']) });

/** Sessions, accounts, users and the reference data, by method and path as Fastify registers them. */
export const PEOPLE_AND_PLACES_ROUTES: Record<string, RouteDoc> = {
  'GET /api/health': {
    tag: 'Health',
    summary: 'Whether the server and its database answer',
    answer: health,
    others: { 503: health.extend({ code: z.literal('UNAVAILABLE'), message: z.string() }) },
  },
  'GET /api/openapi.json': {
    tag: 'Health',
    summary: 'This document (OpenAPI 3.1)',
    answer: z.record(z.string(), z.unknown()),
  },

  'POST /api/login': {
    tag: 'Session',
    summary: 'Sign in (SPEC 7): a bearer token for every other call',
    answer: loginAnswer,
    errors: [401, 429],
  },
  'POST /api/logout': { tag: 'Session', summary: 'End this session', answer: done },
  'GET /api/details': { tag: 'Session', summary: 'The signed-in user (SPEC 7 profile)', answer: success(user) },
  'GET /api/user-active': {
    tag: 'Session',
    summary: 'Whether the session is still active',
    answer: success(z.object({ active: z.literal(true), id: z.number().int(), email: z.string() })),
  },

  'POST /api/register': {
    tag: 'Accounts',
    summary: 'Ask for an account (an admin accepts it)',
    answer: message,
    errors: [429],
  },
  'POST /api/forgot-password': {
    tag: 'Accounts',
    summary: 'Ask for a password link (same answer for any email)',
    answer: message,
    errors: [429],
  },
  'POST /api/recover-password': {
    tag: 'Accounts',
    summary: 'Set a new password with a one-time link',
    answer: message,
    errors: [429],
  },
  'GET /api/users/account-requests': {
    tag: 'Accounts',
    summary: 'Account requests waiting for an admin',
    answer: list(accountRequest),
  },
  'POST /api/users/account-requests/:id/accept': {
    tag: 'Accounts',
    summary: 'Accept a request with a role: the user is created and mailed',
    answer: success(user),
    errors: [409],
  },
  'POST /api/users/account-requests/:id/refuse': {
    tag: 'Accounts',
    summary: 'Refuse a request (the person is mailed)',
    answer: done,
    errors: [409],
  },
  'GET /api/users/password-resets': {
    tag: 'Accounts',
    summary: 'Password reset requests and links that still work',
    answer: list(passwordReset),
  },
  'POST /api/users/password-resets/:id/link': {
    tag: 'Accounts',
    summary: 'Create the one-time link (an hour), mailed when SMTP_URL is set',
    answer: success(z.object({ url: z.string(), expires_at: z.string(), mailed: z.boolean() })),
    errors: [409],
  },

  'GET /api/users': { tag: 'Users', summary: 'Every user with their role', answer: list(user) },
  'POST /api/users/register': {
    tag: 'Users',
    summary: 'Create a user, or edit one with `id` (SPEC 7)',
    description: `Roles: ${ROLES.join(', ')}.`,
    answer: success(user),
    errors: [404],
  },
  'DELETE /api/users/:id': {
    tag: 'Users',
    summary: 'Delete a user who has entered or reviewed nothing',
    answer: done,
    errors: [409],
  },
  'POST /api/users/update-profile': {
    tag: 'Users',
    summary: 'Change your own name and password',
    answer: success(user),
  },

  'GET /api/provinces': { tag: 'Places', summary: 'The provinces', answer: list(adminUnit) },
  'GET /api/provinces/districts/:provinceId': {
    tag: 'Places',
    summary: "A province's districts",
    answer: list(adminUnit),
  },
  'POST /api/provinces/districts': {
    tag: 'Places',
    summary: 'Add a district, or edit one with `id`',
    answer: success(adminUnit),
    errors: [404],
  },
  'DELETE /api/provinces/districts/:id': {
    tag: 'Places',
    summary: 'Delete a district nothing uses',
    answer: done,
    errors: [409],
  },

  'GET /api/hospitals': {
    tag: 'Health facilities',
    summary: 'Health facilities, paged, sorted and filtered across all pages',
    answer: page(facility),
  },
  'GET /api/hospitals/bydistrictid/:id': {
    tag: 'Health facilities',
    summary: "A district's facilities",
    answer: list(facility),
  },
  'GET /api/hospitals/byprovinceid/:id': {
    tag: 'Health facilities',
    summary: "A province's facilities",
    answer: list(facility),
  },
  'GET /api/reference/offline': {
    tag: 'Health facilities',
    summary:
      "Every district and health facility at once, for a device's offline copy of the form's lists (not in the SPEC; one request instead of two a province)",
    answer: z.object({ data: z.object({ districts: z.array(adminUnit), facilities: z.array(facility) }) }),
  },
  'POST /api/hospitals': {
    tag: 'Health facilities',
    summary: 'Add a facility, or edit one with `id`',
    answer: success(facility),
    errors: [404],
  },
  'DELETE /api/hospitals/:id': {
    tag: 'Health facilities',
    summary: 'Delete a facility no assessment names',
    answer: done,
    errors: [409],
  },

  'GET /api/departments': { tag: 'Catalogue', summary: 'Departments', answer: list(department) },
  'POST /api/departments': {
    tag: 'Catalogue',
    summary: 'Add a department, or edit one with `id`',
    answer: success(department),
    errors: [404],
  },
  'DELETE /api/departments/:id': {
    tag: 'Catalogue',
    summary: 'Delete a department nothing uses',
    answer: done,
    errors: [409],
  },
  'GET /api/positions': { tag: 'Catalogue', summary: 'Positions with their trainings', answer: list(position) },
  'POST /api/positions': {
    tag: 'Catalogue',
    summary: 'Add a position, or edit one with `id`',
    answer: success(position),
    errors: [404],
  },
  'DELETE /api/positions/:id': {
    tag: 'Catalogue',
    summary: 'Delete a position nothing uses',
    answer: done,
    errors: [409],
  },
  'GET /api/trainings': { tag: 'Catalogue', summary: 'Trainings with their positions', answer: list(training) },
  'GET /api/trainings/bydepartment/:id': {
    tag: 'Catalogue',
    summary: "A department's trainings",
    answer: list(training),
  },
  'POST /api/trainings': {
    tag: 'Catalogue',
    summary: 'Add a training, or edit one with `id`',
    answer: success(training),
    errors: [404],
  },
  'DELETE /api/trainings/:id': {
    tag: 'Catalogue',
    summary: 'Delete a training nothing uses',
    answer: done,
    errors: [409],
  },
};
