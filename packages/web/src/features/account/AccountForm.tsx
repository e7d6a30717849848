import { Button, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { TextFields, type TextField } from '../../components/form/TextFields';

interface AccountFormProps<In extends FieldValues> {
  form: UseFormReturn<In, unknown, unknown>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The text inputs, first in the form. */
  fields: readonly TextField<In>[];
  submitLabel: string;
  submitTestId: string;
  testId?: string;
  /** What the form holds after its text inputs. */
  children?: ReactNode;
}

/** The form of an account page: its fields in a column, then the submit button, which waits while the call runs. */
export function AccountForm<In extends FieldValues>({
  form,
  onSubmit,
  fields,
  submitLabel,
  submitTestId,
  testId,
  children,
}: AccountFormProps<In>) {
  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap="sm">
        <TextFields form={form} fields={fields} />
        {children}
        <Button type="submit" loading={submitting} disabled={submitting} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
