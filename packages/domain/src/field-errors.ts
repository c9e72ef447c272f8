import type { z } from 'zod';

// Apart from validation.ts on purpose: this needs Zod's types only, so a web page that shows field
// errors without building schemas (the login page) does not load Zod itself.

/**
 * Turn a Zod error into field errors (field -> encoded message keys). Nested paths are joined with
 * dots (`priorities.2.training`); errors without a path land on `_form`.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_form';
    const list = out[field] ?? [];
    out[field] = list;
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}
