import { decodeMessage, type FieldErrors, type ImportKind } from '@tna/domain';
import type { AuditedTx } from '../../db/audited.js';
import type { Executor } from '../../db/client.js';
import type { ImportColumn } from './columns.js';
import type { Lookup } from './lookup.js';
import type { RawCell } from './sheet-reader.js';
import type { ValueMatcher } from './values.js';

/** A problem of a row: a translation key and its parameters, on a field ('' for the whole row). */
export interface RowError {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

/** A row read and checked: the input the API would take, the key that recognises it, or its errors. */
export interface Parsed<T> {
  value?: T;
  key?: string;
  errors: RowError[];
  /** The template's example row, left alone. */
  example?: boolean;
}

/** What a valid row will do against what the database holds under its key. */
export type Plan =
  | { outcome: 'create' }
  | { outcome: 'update' | 'unchanged'; id: number }
  | { outcome: 'locked'; id: number; error: RowError };

export interface ParseContext {
  lookup: Lookup;
  values: ValueMatcher;
  /** The provinces the importing user works in, null for all (issue 13). */
  scope: readonly number[] | null;
}

/** One kind of import: its columns, how a row becomes the API's input, and how it is written. */
export interface ImportHandler<T, E> {
  kind: ImportKind;
  columns: readonly ImportColumn[];
  /** The key of the template's example row (that row is skipped). */
  exampleKey: string;
  parse(cell: (field: string) => RawCell, ctx: ParseContext): Parsed<T> | Promise<Parsed<T>>;
  /** What the database holds under the keys of a batch. */
  existing(db: Executor, keys: string[]): Promise<Map<string, E>>;
  plan(value: T, existing: E | undefined): Plan;
  /** Work done before a batch's transaction (hashing passwords), so that it stays short. */
  prepare?(items: { value: T; plan: Plan }[]): Promise<void>;
  /**
   * Write a batch (valid rows only) in the caller's transaction, through the same service code as the
   * API, each row with its audit entry.
   */
  write(w: AuditedTx, items: { value: T; plan: Plan }[], ctx: WriteContext): Promise<void>;
}

export interface WriteContext {
  lookup: Lookup;
  userId: number;
  fileName: string;
}

/** The domain's field errors (message keys with parameters) as row errors. */
export function rowErrors(errors: FieldErrors, fieldMap: (field: string) => string = (f) => f): RowError[] {
  return Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((encoded) => {
      const { key, params } = decodeMessage(encoded);
      return { field: fieldMap(field === '_form' ? '' : field), key, params };
    }),
  );
}

/** A reference that did not match: not found, or more than one (then more must be said). */
export function matchError(field: string, match: { missing: true } | { ambiguous: true }, value: string): RowError {
  return 'ambiguous' in match
    ? { field, key: 'imports.errors.ambiguous', params: { value } }
    : { field, key: 'imports.errors.notFound', params: { value } };
}

/** Same values, in the way the audit trail compares them. */
export const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
