import { optionalId, requiredId } from '@tna/domain';
import { z } from 'zod';

/**
 * `/:id` path parameters: a positive integer within PostgreSQL's range written in digits, or 422
 * (`/2147483648`, `/0x10`, `/true` and `/ 42 ` are not ids).
 */
export const idParams = z.object({ id: requiredId() });

/** An optional id in a query string (`?province=12`); an empty value counts as absent. */
export function optionalIdQuery() {
  return optionalId().transform((v) => v ?? undefined);
}
