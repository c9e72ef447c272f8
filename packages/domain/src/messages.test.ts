import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, renderMessage } from './messages.js';

describe('validation messages', () => {
  it("keeps the spec's English texts word for word", () => {
    expect(renderMessage(encodeMessage('validation.required'))).toBe('This field is required');
    expect(renderMessage(encodeMessage('validation.minlength'))).toBe('This field length is shorter then it should be');
    expect(renderMessage(encodeMessage('validation.min', { min: 1900 }))).toBe(
      'This field should equal or greater than 1900',
    );
  });

  it('carries parameters through encode and decode', () => {
    expect(decodeMessage(encodeMessage('validation.unique', { value: 'a@b.af' }))).toEqual({
      key: 'validation.unique',
      params: { value: 'a@b.af' },
    });
  });
});
