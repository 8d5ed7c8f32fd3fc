/**
 * The wording of the messages a guest gets about an order (issue 34): the ready and late texts and the e-mail
 * receipt, per brand (brand_message_templates; the demo's Capital Kitchen has its own, other brands the defaults
 * below). A template is plain text with placeholders in braces, filled in once (a value that itself reads
 * `{link}` is not filled again); HTML is never written by a template: the receipt's HTML escapes every text,
 * the brand's wording included.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema/locations';
import { brandMessageTemplates } from '../../db/schema/messaging';
import type { TokenService } from '../../lib/tokens';

/** What a message about an order needs besides the order: the tracking link is signed and points at the storefront. */
export interface NotificationContext {
  tokens: Pick<TokenService, 'signTrackingToken'>;
  webOrigin: string;
}

export interface MessageTemplates {
  /** Text when the kitchen marks the order ready: {number}, {store}, {link}, {brand}. */
  readyText: string;
  /** Text when the ready time has passed and the order is not ready: {number}, {store}, {link}, {brand}. */
  lateText: string;
  /** The receipt's subject: {number}, {store}, {brand}. */
  receiptSubject: string;
  /** The receipt's first paragraph: {name}, {number}, {store}, {brand}. */
  receiptIntro: string;
  /** The receipt's last paragraph: {store}, {phone} (the store's), {brand}. */
  receiptClosing: string;
}

/** The wording of a brand that has none of its own. */
export const DEFAULT_MESSAGE_TEMPLATES: MessageTemplates = {
  readyText: 'Your order #{number} at {store} is ready. Track it: {link}',
  lateText: 'Your order #{number} at {store} is running late. Sorry for the wait! Track it: {link}',
  receiptSubject: 'Your order #{number} at {store}',
  receiptIntro: 'Hi {name}, thank you for your order at {store}. Here is your receipt.',
  receiptClosing: 'Questions about your order? Call {store} at {phone}.',
};

/** A template's text with each `{key}` of `values` filled in (others left as they are), in one pass. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([a-z]+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key] ?? '') : whole,
  );
}

/**
 * A brand's name and the wording of its messages: its own (brand_message_templates) where it has some, the
 * defaults for every template it leaves null and for a brand without a row.
 */
export async function getBrandMessages(
  db: Db,
  brandId: number,
): Promise<{ brandName: string; templates: MessageTemplates }> {
  const [row] = await db
    .select({ name: brands.name, own: brandMessageTemplates })
    .from(brands)
    .leftJoin(brandMessageTemplates, eq(brandMessageTemplates.brandId, brands.id))
    .where(eq(brands.id, brandId))
    .limit(1);
  return brandMessagesOf(row?.name ?? '', row?.own ?? null);
}

/** A brand's messages from its name and its own templates row (null: the defaults throughout). */
export function brandMessagesOf(
  brandName: string,
  own: typeof brandMessageTemplates.$inferSelect | null,
): { brandName: string; templates: MessageTemplates } {
  const templates = { ...DEFAULT_MESSAGE_TEMPLATES };
  if (own) {
    for (const key of Object.keys(templates) as (keyof MessageTemplates)[]) {
      const text = own[key];
      if (text !== null && text.trim() !== '') templates[key] = text;
    }
  }
  return { brandName, templates };
}
