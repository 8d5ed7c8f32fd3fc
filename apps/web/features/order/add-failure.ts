/**
 * What a guest is told when an item cannot be added to the order (ordering spec section 8, 'Add failure'): a
 * customization the API refused (out of stock, unknown item or modifier, missing portion), or anything else.
 * Kept free of zod so the item page and the cross-sell modal can show it without shipping the schemas.
 */
export const ADD_FAILURE = {
  customization: {
    title: 'Oops! An error occurred',
    lead: "The item can't be added to the Order.",
    message: 'A required customization is unavailable. Please review the item.',
  },
  unexpected: { title: 'An unexpected error occurred', lead: null, message: 'Please try again.' },
} as const;

export type AddFailureKind = keyof typeof ADD_FAILURE;

/** The dialog's or the alert's text under the title: the lead sentence, when there is one, then the message. */
export function addFailureText(kind: AddFailureKind): string {
  const { lead, message } = ADD_FAILURE[kind];
  return lead ? `${lead} ${message}` : message;
}
