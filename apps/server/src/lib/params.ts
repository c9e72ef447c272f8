import { z } from 'zod';

/** `/:id` path parameters: a positive integer, or 422. */
export const idParams = z.object({ id: z.coerce.number().int().positive() });
