import { FACILITY_STATUSES, FACILITY_TYPES } from '@tna/domain';
import type { SearchableOption } from '../../../components/select-options';
import { facilityStatusLabel, facilityTypeLabel } from '../../../lib/labels';

type Translate = (key: string) => string;

/** The 15 facility types of SPEC 9, translated; found by code, English label or translation. */
export function facilityTypeOptions(t: Translate): SearchableOption[] {
  return FACILITY_TYPES.map((type) => ({
    value: type.value,
    label: facilityTypeLabel(t, type.value),
    terms: `${type.value} ${type.label}`,
  }));
}

export function facilityStatusOptions(t: Translate): SearchableOption[] {
  return FACILITY_STATUSES.map((status) => ({ value: status, label: facilityStatusLabel(t, status) }));
}
