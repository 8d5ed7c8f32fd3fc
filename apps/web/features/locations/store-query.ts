/**
 * The store page's query parameters (spec section 2): fp (table or curbside), fv (the table number or parking
 * place), wm (false suppresses the welcome message), fm (pickup or delivery preselect), addedItemId (cross-sell
 * check after an add). Each is validated on its own: a bad value is dropped, the others are kept.
 */
import { z } from 'zod';

export const StoreQuerySchema = z.object({
  fp: z.enum(['table', 'curbside']).optional().catch(undefined),
  fv: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[\w-]+$/)
    .optional()
    .catch(undefined),
  wm: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .catch(undefined),
  fm: z.enum(['pickup', 'delivery']).optional().catch(undefined),
  addedItemId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});
export type StoreQuery = z.infer<typeof StoreQuerySchema>;

type RawSearchParams = Record<string, string | string[] | undefined>;

/** The valid parameters of a request's search params (the first value of a repeated one). */
export function parseStoreQuery(params: RawSearchParams): StoreQuery {
  const first = (key: string) => {
    const value = params[key];
    return Array.isArray(value) ? value[0] : value;
  };
  return StoreQuerySchema.parse({
    fp: first('fp'),
    fv: first('fv'),
    wm: first('wm'),
    fm: first('fm'),
    addedItemId: first('addedItemId'),
  });
}

/**
 * The parameters to keep on store links ('?fp=curbside&fv=7' or ''). addedItemId is a one-off signal of the
 * add that just happened, so it is not carried on.
 */
export function storeQueryString(query: StoreQuery): string {
  const out = new URLSearchParams();
  if (query.fp) out.set('fp', query.fp);
  if (query.fv) out.set('fv', query.fv);
  if (query.wm !== undefined) out.set('wm', String(query.wm));
  if (query.fm) out.set('fm', query.fm);
  const text = out.toString();
  return text ? `?${text}` : '';
}
