import { superUserCreateSchema, superUserUpdateSchema, type SuperUser } from '@evfleet/domain';
import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EntityModal } from '../../components/EntityModal';
import { ContactFields } from '../../components/person/ContactFields';
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
      {(form) => (
        <>
          <ContactFields
            form={form}
            fields={[
              { name: 'name', label: t('name'), testId: 'superuser-name', autofocus: true },
              { name: 'email', label: t('form.email'), testId: 'superuser-email', kind: 'email' },
              { name: 'mobileNumber', label: t('mobileNumber'), testId: 'superuser-mobileNumber', kind: 'mobile' },
            ]}
          />
          {!user && (
            <PasswordInput
              label={t('form.password')}
              withAsterisk
              autoComplete="new-password"
              data-testid="superuser-password"
              error={domainText(form.formState.errors.password?.message)}
              {...form.register('password')}
            />
          )}
          <ContactFields
            form={form}
            fields={[{ name: 'address', label: t('address'), testId: 'superuser-address', kind: 'address' }]}
          />
        </>
      )}
    </EntityModal>
  );
}
