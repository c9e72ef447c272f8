import {
  ASSESSMENT_STATUSES,
  AUDIT_EVENTS,
  AUDITABLE_TYPES,
  FACILITY_STATUSES,
  FACILITY_TYPES,
  TRAINING_FREQUENCIES,
  TRAINING_TYPES,
} from '@tna/domain';

/**
 * Translation keys for the constant values of the domain (SPEC 9). The values themselves are what the
 * API stores ('Follow-up', '6 months', 'First Aid Point (FAP)'); the keys are their names in the
 * translation files.
 */
type Translate = (key: string) => string;

const FACILITY_TYPE_KEYS: Readonly<Record<string, string>> = {
  NH: 'NH',
  SH: 'SH',
  RH: 'RH',
  PH: 'PH',
  DH: 'DH',
  CHC: 'CHC',
  BHC: 'BHC',
  SHC: 'SHC',
  FHH: 'FHH',
  MHT: 'MHT',
  'First Aid Trauma Post (FATP)': 'FATP',
  'Infectious Disease Hospital (IDH)': 'IDH',
  'First Aid Point (FAP)': 'FAP',
  'Drug Addiction Treatment Hospital': 'drugAddiction',
  Other: 'other',
};

const FREQUENCY_KEYS: Readonly<Record<string, string>> = {
  'one time': 'oneTime',
  '6 months': 'sixMonths',
  '1 year': 'oneYear',
  '2 years': 'twoYears',
  '3 years': 'threeYears',
};

const TRAINING_TYPE_KEYS: Readonly<Record<string, string>> = { Initial: 'initial', 'Follow-up': 'followUp' };

const FACILITY_STATUS_KEYS: Readonly<Record<string, string>> = { Existing: 'existing', Closed: 'closed' };

/** The coded facility types (CHC, BHC, ...) are shown with their code: 'CHC - Comprehensive Health Center'. */
const CODED_TYPES = new Set<string>(FACILITY_TYPES.filter((type) => type.value !== type.label).map((t) => t.value));

/** A facility type in the active language; an unknown value (older data) is shown as it is. */
export function facilityTypeLabel(t: Translate, value: string): string {
  const key = FACILITY_TYPE_KEYS[value];
  if (!key) return value;
  const label = t(`facilityTypes.${key}`);
  return CODED_TYPES.has(value) ? `${value} - ${label}` : label;
}

export function facilityStatusLabel(t: Translate, value: string): string {
  const key = FACILITY_STATUS_KEYS[value];
  return key ? t(`facilityStatuses.${key}`) : value;
}

export function trainingTypeLabel(t: Translate, value: string): string {
  const key = TRAINING_TYPE_KEYS[value];
  return key ? t(`trainingTypes.${key}`) : value;
}

export function frequencyLabel(t: Translate, value: string): string {
  const key = FREQUENCY_KEYS[value];
  return key ? t(`frequencies.${key}`) : value;
}

export function auditEventLabel(t: Translate, value: string): string {
  return (AUDIT_EVENTS as readonly string[]).includes(value) ? t(`logs.events.${value}`) : value;
}

export function auditModelLabel(t: Translate, value: string): string {
  return (AUDITABLE_TYPES as readonly string[]).includes(value) ? t(`logs.models.${value}`) : value;
}

/** Every key the helpers above can build (checked against en.json by a test). */
/** An assessment's status in the reader's language (SPEC 4); an unknown value is shown as it is. */
export const statusLabel = (t: Translate, value: string | null) =>
  value && (ASSESSMENT_STATUSES as readonly string[]).includes(value) ? t(`tna.statuses.${value}`) : (value ?? '');

/** Badge colours of the statuses (SPEC 4). */
export const STATUS_COLORS: Readonly<Record<string, string>> = {
  NEW: 'blue',
  APPROVED: 'green',
  REJECTED: 'red',
  ARCHIVED: 'gray',
};

export const LABEL_KEYS: readonly string[] = [
  ...FACILITY_TYPES.map((type) => `facilityTypes.${FACILITY_TYPE_KEYS[type.value]}`),
  ...FACILITY_STATUSES.map((status) => `facilityStatuses.${FACILITY_STATUS_KEYS[status]}`),
  ...TRAINING_TYPES.map((type) => `trainingTypes.${TRAINING_TYPE_KEYS[type]}`),
  ...TRAINING_FREQUENCIES.map((frequency) => `frequencies.${FREQUENCY_KEYS[frequency]}`),
  ...AUDIT_EVENTS.map((event) => `logs.events.${event}`),
  ...AUDITABLE_TYPES.map((type) => `logs.models.${type}`),
];
