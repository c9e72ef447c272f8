import { describe, expect, it } from 'vitest';
import { pageWindow } from './paging.js';

describe('page links', () => {
  it('lists every page of a short list', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("puts '...' between the ends and the pages around the current one", () => {
    expect(pageWindow(10, 40)).toEqual([1, 2, null, 7, 8, 9, 10, 11, 12, 13, null, 39, 40]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, null, 39, 40]);
    expect(pageWindow(40, 40)).toEqual([1, 2, null, 37, 38, 39, 40]);
  });
});
