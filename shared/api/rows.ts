/**
 * Reading a whole-catalog answer row by row (the readers are in ./types.ts). One null where the spec has
 * none, or one enum value it does not list yet, must not cost the other 37,000 rows: a row without a usable
 * `market_hash_name` is dropped and counted; any other field that can't be read becomes null and is counted.
 */
import type { z } from 'zod';

export interface RowReader<T> {
  /** One element as the spec types it: a row passing it is taken as it is. */
  readonly strict: z.ZodType<T>;
  /** A row that failed `strict`: every readable field, null for the rest. Never fails on an object. */
  readonly lenient: z.ZodType<T>;
}

export interface Rows<T> {
  rows: T[];
  /** Elements that were not an object with a text `market_hash_name` (left out). */
  droppedRows: number;
  /** Fields of kept rows that were null, missing or of the wrong type (kept as null, shown as "—"). */
  invalidValues: number;
}

function hasName(v: unknown): v is { market_hash_name: string } {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    typeof (v as { market_hash_name?: unknown }).market_hash_name === 'string'
  );
}

/** Reads every element of an array answer; null when `value` is not an array (the whole answer is unusable). */
export function readRows<T>(value: unknown, reader: RowReader<T>): Rows<T> | null {
  if (!Array.isArray(value)) return null;
  const rows: T[] = [];
  let droppedRows = 0;
  let invalidValues = 0;
  for (const el of value as unknown[]) {
    if (!hasName(el)) {
      droppedRows++;
      continue;
    }
    const strict = reader.strict.safeParse(el);
    if (strict.success) {
      rows.push(strict.data);
      continue;
    }
    // zod reports every failing field of an object, not only the first: one issue per unreadable value.
    invalidValues += strict.error.issues.length;
    rows.push(reader.lenient.parse(el));
  }
  return { rows, droppedRows, invalidValues };
}

/** What `value` is, for messages about an answer that is not an array. */
export function describeValue(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === 'number') return `the number ${v}`;
  return typeof v === 'undefined' ? 'nothing' : `a ${typeof v}`;
}
