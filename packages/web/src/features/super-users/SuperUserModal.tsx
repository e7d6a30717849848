import { superUserCreateSchema, superUserUpdateSchema, type SuperUser } from '@evfleet/domain';
import { PasswordInput, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EntityModal } from '../../components/EntityModal';
import { useDomainText } from '../../i18n/useDomainText';
import { useSaveSuperUser } from './api/super-users-api';

/** What both schemas accept: a password on create only, an id on edit only. */
type SuperUserFormInput = Omit<z.input<typeof superUserCreateSchema>, 'password'> & { id?: unknown; password?: string };
type SuperUserFormOutput = z.output<typeof superUserCreateSchema> | z.output<typeof superUserUpdateSchema>;

function defaultsFor(user: SuperUser | null): SuperUserFormInput {
  if (!user) return { name: '', email: '', mobileNumber: '', address: '', password: '' };
  // No password on edit: the form has no such field, and an absent one keeps the current password.
  const { id, name, email, mobileNumber, address } = user;
  return { id, name, email, mobileNumber, address };
}

interface SuperUserModalProps {
  /** null: 'Add User'; a user: 'Edit User'. */
  user: SuperUser | null;
  opened: boolean;
  onClose: () => void;
}

/** §2.8: the super-user form; the password is asked on create only. */
export function SuperUserModal({ user, opened, onClose }: SuperUserModalProps) {
  const { t } = useTranslation('super-users');
  const domainText = useDomainText();
  const save = useSaveSuperUser();
  const submit = async (values: SuperUserFormOutput) => {
    await save.mutateAsync(values);
    onClose();
  };

  return (
    <EntityModal<SuperUserFormInput, SuperUserFormOutput>
      opened={opened}
      onClose={onClose}
      title={t(user ? 'form.edit' : 'form.add')}
      schema={user ? superUserUpdateSchema : superUserCreateSchema}
      defaultValues={defaultsFor(user)}
      onSubmit={submit}
    >
      {({ register, formState: { errors } }) => (
        <>
          <TextInput
            label={t('name')}
            withAsterisk
            data-autofocus
            data-testid="superuser-name"
            error={domainText(errors.name?.message)}
            {...register('name')}
          />
          <TextInput
            label={t('form.email')}
            type="email"
            withAsterisk
            data-testid="superuser-email"
            error={domainText(errors.email?.message)}
            {...register('email')}
          />
          <TextInput
            label={t('mobileNumber')}
            inputMode="numeric"
            withAsterisk
            data-testid="superuser-mobileNumber"
            error={domainText(errors.mobileNumber?.message)}
            {...register('mobileNumber')}
          />
          {!user && (
            <PasswordInput
              label={t('form.password')}
              withAsterisk
              autoComplete="new-password"
              data-testid="superuser-password"
              error={domainText(errors.password?.message)}
              {...register('password')}
            />
          )}
          <Textarea
            label={t('address')}
            withAsterisk
            autosize
            minRows={2}
            data-testid="superuser-address"
            error={domainText(errors.address?.message)}
            {...register('address')}
          />
        </>
      )}
    </EntityModal>
  );
}
