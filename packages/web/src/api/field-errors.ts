import { displayFieldMessage, errorBodySchema, type FieldError } from '@evfleet/domain';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { HttpError } from './http';

/** The field errors of a 400 error.validation response; empty for any other failure. */
export function serverFieldErrors(error: unknown): FieldError[] {
  if (!(error instanceof HttpError) || error.call.status !== 400) return [];
  const parsed = errorBodySchema.safeParse(error.call.body);
  return parsed.success ? (parsed.data.fieldErrors ?? []) : [];
}

/**
 * Puts the server's field errors under the matching inputs (the toasts already named them), with
 * bean-validation limit names shown as 'Size' (§5). Fields the form does not have are skipped.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
): void {
  const values = form.getValues() as Record<string, unknown>;
  for (const { field, message } of serverFieldErrors(error)) {
    if (field in values) form.setError(field as Path<T>, { type: 'server', message: displayFieldMessage(message) });
  }
}
