import { type LoginInput, loginSchema } from '@tna/domain';
import { zodValidator } from '../../../lib/form';

// Where a signed-in user lands comes with the rules too: the access policy it reads is needed only
// once a sign-in has succeeded, and the page's first load does without it.
export { homePathFor } from '@tna/domain';

// Loaded by the login page when the user first touches the form, not with the page: Zod and the
// domain's schemas are about a quarter of the page's script, and a phone on a slow link should be
// able to paint the form before they arrive (issue 15's login budget).

const validate = zodValidator(loginSchema);

export type LoginCheck = { ok: true; values: LoginInput } | { ok: false; errors: Record<string, string> };

/** SPEC 5's login rules: the values as sent (trimmed), or each field's first encoded message. */
export function checkLogin(values: LoginInput): LoginCheck {
  const result = loginSchema.safeParse(values);
  if (result.success) return { ok: true, values: result.data };
  return { ok: false, errors: validate(values) as Record<string, string> };
}
