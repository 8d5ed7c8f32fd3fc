/**
 * The bounds every request field shares, so that no input reaches the database or a loop outside the range it
 * was built for: ids within their int4 column, text without NUL (PostgreSQL refuses it in text) and of bounded
 * length, dates that are real calendar dates near today, date-times in years PostgreSQL and the rules handle.
 * A value outside them is a 400 from the route's schema, never a 500 from the database.
 */
import { z } from 'zod';
import { hasNoNul, isWellFormedText, MALFORMED_TEXT_MESSAGE, NUL_MESSAGE } from './text';

/** The largest value of a PostgreSQL integer (int4, serial) column. */
export const INT4_MAX = 2_147_483_647;

/** A row id in a JSON body: an integer 1 to 2^31-1 (every id column is int4). */
export const IdSchema = z.number().int().min(1).max(INT4_MAX);

/** A row id in a path or query string (`/locations/12`): the same range, read from text. */
export const IdParamSchema = z.coerce.number().int().min(1).max(INT4_MAX);

// The text checks themselves are zod-free (text.ts: the storefront's browser code checks forms with them).
export { hasNoNul, isWellFormedText, MALFORMED_TEXT_MESSAGE, NUL_MESSAGE };

/** Where a value sits in a request: its key and its parent's place (linked, so a deep walk copies no paths). */
interface Place {
  key: PropertyKey;
  parent: Place | null;
}

function pathOf(place: Place | null): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at = place; at; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string, or object key, in a decoded request (a JSON body, a query, path parameters)
 * that is not well-formed Unicode; null when there is none. One visit per value (no recursion, no path copied
 * per value): linear in the body, which the server's body limit bounds, however deep it nests.
 */
export function findMalformedText(value: unknown): PropertyKey[] | null {
  const stack: [unknown, Place | null][] = [[value, null]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, place] = next;
    if (typeof node === 'string') {
      if (!isWellFormedText(node)) return pathOf(place);
    } else if (Array.isArray(node)) {
      node.forEach((item: unknown, index) => stack.push([item, { key: index, parent: place }]));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        const at = { key, parent: place };
        if (!isWellFormedText(key)) return pathOf(at);
        stack.push([item, at]);
      }
    }
  }
  return null;
}

/**
 * Whether a decoded request holds a string or key that is not well-formed Unicode: findMalformedText's walk without
 * the places (nothing allocated per value but the stack's entries), for the request that is well formed, nearly
 * every one; the path is looked for only once this says there is one.
 */
export function hasMalformedText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (!isWellFormedText(node)) return true;
    } else if (Array.isArray(node)) {
      for (const item of node as unknown[]) stack.push(item);
    } else if (node !== null && typeof node === 'object') {
      for (const key in node) {
        if (!Object.hasOwn(node, key)) continue;
        if (!isWellFormedText(key)) return true;
        stack.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * A request part's schema behind the one well-formed-text check: every string and key of the decoded input is
 * checked before `schema` sees it, so no lone surrogate reaches a rule or the database, whatever field (of any
 * route, present or future) carries it. A 400 naming the field, never a 500. The API applies it to every
 * route's body, query, path parameters and headers (app.ts, through its validator compiler).
 */
export function wellFormedInput<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const path = findMalformedText(value);
      if (path) ctx.addIssue({ code: 'custom', message: MALFORMED_TEXT_MESSAGE, path });
    })
    .pipe(schema);
}

/** The same string schema, refusing a NUL character and malformed UTF-16 (request text fields use this). */
export function refuseNul<T extends z.ZodString>(schema: T): T {
  return schema.refine(hasNoNul, NUL_MESSAGE).refine(isWellFormedText, MALFORMED_TEXT_MESSAGE);
}

/** Request text of at most `max` characters, without NUL or a lone surrogate. */
export function textSchema(max: number): z.ZodString {
  return refuseNul(z.string().max(max));
}

/** How far from today a request's calendar date may be (a year each way covers every rule that reads one). */
export const DATE_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' that is a real calendar date (2025-02-29 is not). */
export const CalendarDateSchema = z.iso.date();

/**
 * A calendar date in a request: real, and within DATE_RANGE_DAYS of today (UTC; a year's margin makes the
 * caller's time zone irrelevant). The rule that reads it may narrow it further (order times: the days offered).
 */
export const NearDateSchema = CalendarDateSchema.refine((date) => {
  const at = Date.parse(`${date}T00:00:00Z`);
  // Not a date at all: the format check has said so already.
  if (Number.isNaN(at)) return true;
  return Math.abs(at - Date.now()) <= DATE_RANGE_DAYS * DAY_MS;
}, `Date must be within ${DATE_RANGE_DAYS} days of today`);

/** The years a request's date-time may fall in: far wider than any rule, narrower than PostgreSQL's range. */
export const DATE_TIME_MIN = Date.UTC(2000, 0, 1);
export const DATE_TIME_MAX = Date.UTC(2100, 0, 1);

/** ISO 8601 with offset, in the years 2000 to 2099 (year 0 or 10000 once shifted would fail in PostgreSQL). */
export const DateTimeSchema = z.iso.datetime({ offset: true }).refine((value) => {
  const at = Date.parse(value);
  if (Number.isNaN(at)) return true;
  return at >= DATE_TIME_MIN && at < DATE_TIME_MAX;
}, 'Date-time must be in the years 2000 to 2099');
