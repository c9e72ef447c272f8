import { describe, expect, it } from 'vitest';
import { optionLabel } from './select';

// Before Mantine's Select has come, its stand-in shows the chosen option's label (components/select.tsx).
describe("the stand-in's label", () => {
  it('is found in every shape of data a select takes', () => {
    expect(optionLabel(['2001', '2002'], '2002')).toBe('2002');
    expect(
      optionLabel(
        [
          { value: '1', label: 'Kabul' },
          { value: '2', label: 'Herat' },
        ],
        '2',
      ),
    ).toBe('Herat');
    expect(optionLabel([{ group: 'North', items: [{ value: '7', label: 'Balkh' }] }], '7')).toBe('Balkh');
  });

  it('is empty with nothing chosen, or a value no option has', () => {
    expect(optionLabel([{ value: '1', label: 'Kabul' }], null)).toBe('');
    expect(optionLabel([{ value: '1', label: 'Kabul' }], '9')).toBe('');
    expect(optionLabel(undefined, '1')).toBe('');
  });
});
