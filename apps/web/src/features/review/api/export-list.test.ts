import { describe, expect, it } from 'vitest';
import { fileNameOf } from './file-name';

describe('fileNameOf', () => {
  it('reads the quoted, plain and encoded names', () => {
    expect(fileNameOf('attachment; filename="approved_records_export_20261121.xlsx"')).toBe(
      'approved_records_export_20261121.xlsx',
    );
    expect(fileNameOf('attachment; filename=a.xlsx')).toBe('a.xlsx');
    expect(fileNameOf("attachment; filename=x.xlsx; filename*=UTF-8''b%20c.xlsx")).toBe('b c.xlsx');
  });
  it('is null without a header or name', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment')).toBeNull();
  });
});
