import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NEW_PASSWORD, TextFields } from '../../components/form/TextFields';
import { PasswordStrengthBar } from './PasswordStrengthBar';

interface NewPasswordFieldsProps<In extends FieldValues> {
  form: UseFormReturn<In, unknown, unknown>;
  /** The form's names of the new password and of its confirmation. */
  names: { password: Path<In>; confirm: Path<In> };
  testIds: { password: string; confirm: string };
}

/** A new password, the meter of its strength, and its confirmation. */
export function NewPasswordFields<In extends FieldValues>({ form, names, testIds }: NewPasswordFieldsProps<In>) {
  const { t } = useTranslation('account');
  const password: unknown = useWatch({ control: form.control, name: names.password });
  return (
    <>
      <TextFields
        form={form}
        fields={[{ name: names.password, label: t('field.newPassword'), ...NEW_PASSWORD, testId: testIds.password }]}
      />
      <PasswordStrengthBar password={typeof password === 'string' ? password : ''} />
      <TextFields
        form={form}
        fields={[{ name: names.confirm, label: t('field.confirmPassword'), ...NEW_PASSWORD, testId: testIds.confirm }]}
      />
    </>
  );
}
