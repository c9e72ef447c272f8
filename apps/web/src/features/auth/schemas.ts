import { encodeMessage, required } from '@tna/domain';
import { z } from 'zod';

/*
 * SPEC 5 rules for the guest forms whose server calls come in a later issue. They live here until
 * the server has these endpoints; then they belong in packages/domain beside loginSchema.
 */
const requiredString = () => z.string({ error: required }).min(1, { error: required });
const email = () => requiredString().pipe(z.email({ error: encodeMessage('validation.email') }));

export const registerSchema = z.object({
  email: email(),
  password: requiredString(),
  retypePassword: requiredString(),
  terms: z.boolean(),
});

export const forgotPasswordSchema = z.object({ email: email() });

export const recoverPasswordSchema = z.object({
  password: requiredString(),
  confirmPassword: requiredString(),
});
