import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import { checkContactForm, type ContactFormValues } from '@storefront/contracts/checkout-rules';

/**
 * The checkout form's resolver: `checkContactForm` (the contracts' zod-free check, the same messages as
 * ContactInformationSchema) in place of zod's resolver, so that the checkout page's first load carries no zod.
 * It answers as the zod resolver did: the checked values, or each field's first message (type = the rule's zod
 * issue code) with its field's ref.
 */
export function contactFormResolver(contact: boolean): Resolver<ContactFormValues> {
  return (values, _context, options) => {
    const result = checkContactForm(values, { contact });
    if (result.ok) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.values, errors: {} };
    }
    const errors: Record<string, FieldError> = {};
    for (const [field, issue] of Object.entries(result.errors)) {
      errors[field] = { message: issue.message, type: issue.code };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
