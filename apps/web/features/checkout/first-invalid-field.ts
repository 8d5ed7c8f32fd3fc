/** A form control that can take focus and be scrolled to. */
type FocusableField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The first of the form's controls, in document (reading) order, whose name is among `names` (the fields in
 * error); null when none is on the page (a field the page does not show, as the hidden contact section).
 */
export function firstInvalidField(form: HTMLFormElement, names: readonly string[]): FocusableField | null {
  if (names.length === 0) return null;
  const wanted = new Set(names);
  for (const element of Array.from(form.elements)) {
    if (
      (element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement) &&
      wanted.has(element.name) &&
      !element.disabled
    )
      return element;
  }
  return null;
}
