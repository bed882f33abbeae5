import { useEffect, useRef } from 'react';

const FOCUSABLE = 'input:not([type="hidden"]), textarea, select, button, [tabindex]';

/**
 * Focuses the first field marked invalid (aria-invalid="true") in the element,
 * in page order, which is the order a person reads the form in. A group (the
 * radio buttons of a question) gets its first control focused.
 */
function focusFirstInvalid(container: HTMLElement | null): void {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
}

/**
 * The one way every form moves focus to its first invalid field after a failed
 * submit, whether the browser's checks or the server's answer failed it: give
 * the returned ref to the <form>. It runs once the submit has settled and the
 * page shows the errors, because several forms disable their fields while they
 * submit, and a disabled field cannot take focus (react-hook-form's own
 * shouldFocusError focuses too early for them, and not at all for server errors).
 * Takes a react-hook-form form or a small form (lib/small-form.ts) alike.
 */
export function useFocusFirstInvalid(form: {
  formState: { submitCount: number; isSubmitting: boolean; errors: object };
}) {
  const ref = useRef<HTMLFormElement>(null);
  const { submitCount, isSubmitting, errors } = form.formState;
  const hasErrors = Object.keys(errors).length > 0;
  const settledSubmit = useRef(0);

  useEffect(() => {
    if (isSubmitting || submitCount === settledSubmit.current) return;
    settledSubmit.current = submitCount;
    // After react-hook-form's own focus, which it repeats in a timeout scheduled before this
    // render, and which follows the order the errors were found in rather than reading order
    // (a field fixed and broken again after an earlier submit comes last).
    if (hasErrors) setTimeout(() => focusFirstInvalid(ref.current));
  }, [submitCount, isSubmitting, hasErrors]);

  return ref;
}
