/** The API envelope: every response is `{ value, succeed, errors }`. */
import { z } from 'zod';

export const ApiErrorSchema = z.object({
  key: z.string(),
  code: z.union([z.number(), z.string()]),
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export function envelope<T extends z.ZodType>(value: T) {
  return z.object({ value, succeed: z.boolean(), errors: z.array(ApiErrorSchema) });
}
export const ErrorEnvelopeSchema = z.object({
  value: z.null(),
  succeed: z.literal(false),
  errors: z.array(ApiErrorSchema),
});
export type Envelope<T> = { value: T; succeed: boolean; errors: ApiError[] };

/** Money crosses HTTP as dollars rounded to 2 decimals. */
export const MoneySchema = z.number().multipleOf(0.01).or(z.number());

/** Integer id in a path or query (`/locations/12`): bounds.ts, re-exported here where routes read it. */
export { IdParamSchema } from './bounds';
export const BooleanQuerySchema = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** 'API: ' followed by the joined keys, else the status text (spec section 8). */
export function apiErrorMessage(errors: readonly ApiError[], statusText: string): string {
  return errors.length > 0 ? `API: ${errors.map((e) => e.key).join(', ')}` : statusText;
}
