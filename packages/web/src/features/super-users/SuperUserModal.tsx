import { superUserCreateSchema, superUserUpdateSchema, type SuperUser } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EntityModal } from '../../components/EntityModal';
import type { ModalProps } from '../../components/modal-props';
import { NEW_PASSWORD, TextFields, type TextField } from '../../components/form/TextFields';
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

/** The form's fields; the password is asked on create only, before the address. */
function textFields(creating: boolean, t: TFunction<'super-users'>): TextField<SuperUserFormInput>[] {
  const password: TextField<SuperUserFormInput> = {
    name: 'password',
    label: t('form.password'),
    ...NEW_PASSWORD,
    testId: 'superuser-password',
  };
  return [
    { name: 'name', label: t('name'), testId: 'superuser-name', autofocus: true },
    { name: 'email', label: t('form.email'), testId: 'superuser-email', kind: 'email' },
    { name: 'mobileNumber', label: t('mobileNumber'), testId: 'superuser-mobileNumber', kind: 'mobile' },
    ...(creating ? [password] : []),
    { name: 'address', label: t('address'), testId: 'superuser-address', kind: 'multiline' },
  ];
}

interface SuperUserModalProps extends ModalProps {
  /** null: 'Add User'; a user: 'Edit User'. */
  user: SuperUser | null;
}

/** §2.8: the super-user form. */
export function SuperUserModal({ user, ...modal }: SuperUserModalProps) {
  const { t } = useTranslation('super-users');
  const save = useSaveSuperUser();
  const submit = async (values: SuperUserFormOutput) => {
    await save.mutateAsync(values);
    modal.onClose();
  };

  return (
    <EntityModal<SuperUserFormInput, SuperUserFormOutput>
      {...modal}
      title={t(user ? 'form.edit' : 'form.add')}
      schema={user ? superUserUpdateSchema : superUserCreateSchema}
      defaultValues={defaultsFor(user)}
      onSubmit={submit}
    >
      {(form) => <TextFields form={form} required fields={textFields(user === null, t)} />}
    </EntityModal>
  );
}
