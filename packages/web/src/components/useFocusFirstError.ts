import { useEffect, type RefObject } from 'react';
import type { FieldValues, FormState } from 'react-hook-form';

/** What marks a field in error: Mantine's inputs set aria-invalid; a section without one marks itself. */
const IN_ERROR = '[aria-invalid="true"], [data-field-error]';

/**
 * After a Save that failed, whether the form's own checks refused it or the server answered with
 * field errors, brings the first field in error into view and focuses it: on a long form the
 * message may be far below the Save button. Give the form `shouldFocusError: false`: this covers
 * the inputs react-hook-form cannot focus (selects, pickers, check boxes).
 */
export function useFocusFirstError<T extends FieldValues>(
  formState: FormState<T>,
  container: RefObject<HTMLElement | null>,
) {
  // Read during render (formState is a proxy that subscribes what is read), so this runs when a submit ends.
  const { submitCount, isSubmitting } = formState;
  useEffect(() => {
    if (submitCount === 0 || isSubmitting) return;
    const first = container.current?.querySelector<HTMLElement>(IN_ERROR);
    if (!first) return;
    first.scrollIntoView({ block: 'center', behavior: 'instant' });
    first.focus({ preventScroll: true });
  }, [submitCount, isSubmitting, container]);
}
