import { describe, expect, it } from 'vitest';
import { clearanceChoices } from './clearance-choices';

describe('clearanceChoices (SPEC 4)', () => {
  it('offers Approve and Reject on a NEW form to reviewers only', () => {
    expect(clearanceChoices('NEW', ['validator'])).toEqual(['APPROVED', 'REJECTED']);
    expect(clearanceChoices('NEW', ['admin'])).toEqual(['APPROVED', 'REJECTED']);
    expect(clearanceChoices('NEW', ['dataentry'])).toEqual([]);
  });
  it("offers 'As a New' and Archive on a REJECTED form to data entry", () => {
    expect(clearanceChoices('REJECTED', ['dataentry'])).toEqual(['NEW', 'ARCHIVED']);
    expect(clearanceChoices('REJECTED', ['validator'])).toEqual([]);
  });
  it('hides the form for APPROVED and ARCHIVED', () => {
    expect(clearanceChoices('APPROVED', ['admin'])).toEqual([]);
    expect(clearanceChoices('ARCHIVED', ['admin'])).toEqual([]);
  });
});
