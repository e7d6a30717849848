import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerFieldErrors } from '../../api/field-errors';
import { CURRENT_PASSWORD } from '../../components/form/TextFields';
import { AccountForm } from './AccountForm';
import { NewPasswordFields } from './NewPasswordFields';

export interface NewPasswordValues {
  /** Asked only when changing one's own password. */
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

interface NewPasswordFormProps {
  schema: z.ZodType<NewPasswordValues, NewPasswordValues>;
  /** The current password's field, shown first when given. */
  current?: { label: string; testId: string };
  testIds: { newPassword: string; confirmPassword: string; submit: string };
  submitLabel: string;
  /** Saves; a rejection shows the server's field errors under the inputs. */
  onSubmit: (values: NewPasswordValues) => Promise<unknown>;
  /** Empty the fields after a save. */
  clearAfter?: boolean;
}

/** A new password, its strength and its confirmation: the change-password and reset-finish forms. */
export function NewPasswordForm({ schema, current, testIds, submitLabel, onSubmit, clearAfter }: NewPasswordFormProps) {
  const empty = { ...(current && { currentPassword: '' }), newPassword: '', confirmPassword: '' };
  const form = useForm({ resolver: zodResolver(schema), defaultValues: empty });

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (clearAfter) form.reset(empty);
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

  return (
    <AccountForm
      form={form}
      onSubmit={submit}
      fields={
        current ? [{ name: 'currentPassword', label: current.label, ...CURRENT_PASSWORD, testId: current.testId }] : []
      }
      submitLabel={submitLabel}
      submitTestId={testIds.submit}
    >
      <NewPasswordFields
        form={form}
        names={{ password: 'newPassword', confirm: 'confirmPassword' }}
        testIds={{ password: testIds.newPassword, confirm: testIds.confirmPassword }}
      />
    </AccountForm>
  );
}
