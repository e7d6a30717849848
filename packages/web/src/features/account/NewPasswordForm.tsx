import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerFieldErrors } from '../../api/field-errors';
import { useDomainText } from '../../i18n/useDomainText';
import { PasswordStrengthBar } from './PasswordStrengthBar';

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
  const { t } = useTranslation('account');
  const domainText = useDomainText();
  const empty = { ...(current && { currentPassword: '' }), newPassword: '', confirmPassword: '' };
  const form = useForm({ resolver: zodResolver(schema), defaultValues: empty });
  const { register, handleSubmit, control, formState, reset } = form;
  const { errors, isSubmitting } = formState;
  const newPassword = useWatch({ control, name: 'newPassword' });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (clearAfter) reset(empty);
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {current && (
          <PasswordInput
            label={current.label}
            autoComplete="current-password"
            data-testid={current.testId}
            error={domainText(errors.currentPassword?.message)}
            {...register('currentPassword')}
          />
        )}
        <PasswordInput
          label={t('field.newPassword')}
          autoComplete="new-password"
          data-testid={testIds.newPassword}
          error={domainText(errors.newPassword?.message)}
          {...register('newPassword')}
        />
        <PasswordStrengthBar password={newPassword} />
        <PasswordInput
          label={t('field.confirmPassword')}
          autoComplete="new-password"
          data-testid={testIds.confirmPassword}
          error={domainText(errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid={testIds.submit}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
