import { type DuplicateCheckInput, type DuplicateMatchDto, personKey, tazkiraKey } from '@tna/domain';
import type { Executor } from '../../db/client.js';
import type { AuthUser } from '../auth/auth.repository.js';
import { canRead } from './assessments.service.js';
import { findDuplicates } from './duplicates.repository.js';

/**
 * Possible duplicates of a form being typed, as the caller may see them: the list row of a form they
 * may open, and of any other only that it exists and where (its facility and place), so they know
 * whom to ask. Decided here, outside the query, by the same rule as opening a form.
 */
export async function checkDuplicates(
  db: Executor,
  user: AuthUser,
  input: DuplicateCheckInput,
): Promise<DuplicateMatchDto[]> {
  const wanted = input.tazkira ? tazkiraKey(input.tazkira) : '';
  const rows = await findDuplicates(db, {
    id: input.id ?? null,
    tazkiraKey: wanted || null,
    person:
      input.name && input.fathername && input.birth_year && input.hospital
        ? { key: personKey(input.name, input.fathername), birthYear: input.birth_year, hospitalId: input.hospital }
        : null,
  });
  return rows.map(({ created_by: createdBy, ...row }) => {
    if (canRead(user, { status: row.status, createdBy, jobProvinceId: row.temp_province.id })) return row;
    return {
      restricted: true,
      hospital_id: row.hospital_id,
      hospital_name: row.hospital_name,
      temp_province: row.temp_province,
      temp_district: row.temp_district,
    };
  });
}
