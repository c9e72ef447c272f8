import { encodeMessage, type FieldErrors, hasUntypeableCharacters } from '@tna/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/** Deeper than any form of ours; a body nested past this is refused rather than walked. */
const MAX_DEPTH = 32;

/**
 * Where control characters sit in a parsed input: field paths as the validation answers name them
 * (`priorities.2.training`); empty when there is none. Walked without recursion, so a deeply nested
 * body cannot exhaust the stack.
 */
export function controlCharacterFields(input: unknown, prefix = ''): string[] | 'too-deep' {
  const found: string[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: prefix, depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasUntypeableCharacters(value)) found.push(path || '_form');
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return 'too-deep';
    for (const [key, child] of Object.entries(value)) {
      // A key itself can carry them; it is named with the characters made visible.
      const name = hasUntypeableCharacters(key) ? JSON.stringify(key).slice(1, -1) : key;
      if (name !== key) found.push(path ? `${path}.${name}` : name);
      stack.push({ value: child, path: path ? `${path}.${name}` : name, depth: depth + 1 });
    }
  }
  return found;
}

/**
 * No text with control characters gets past the edge, whatever the route and whatever its schema
 * says: PostgreSQL refuses NUL in text and JSON, so such a value would have failed the write (and,
 * before, the error log entry too). The domain's text fields check the same, so forms show it on
 * the field; this catches every other string (passwords, query strings, fields a schema drops).
 */
async function inputPlugin(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const errors: FieldErrors = {};
    for (const [part, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const fields = controlCharacterFields(value);
      if (fields === 'too-deep') throw new AppError('BAD_REQUEST', `The request ${part} is nested too deeply.`);
      for (const field of fields) errors[field] = [encodeMessage('validation.controlCharacters')];
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
  });
}

export default fp(inputPlugin, { name: 'input' });
