import { DEFAULT_LANG_KEY, userWriteSchema, type User, type UserWrite } from '@evfleet/domain';
import { Checkbox, MultiSelect } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EntityModal } from '../../components/EntityModal';
import type { ModalProps } from '../../components/modal-props';
import { NEW_PASSWORD, TextFields, type TextField } from '../../components/form/TextFields';
import { useDomainText } from '../../i18n/useDomainText';
import { toast } from '../../notify/toast';
import { useAuthorities, useSaveUser } from './api/users-api';

type UserFormInput = z.input<typeof userWriteSchema>;

function defaultsFor(user: User | null): UserFormInput {
  if (!user)
    return {
      login: '',
      firstName: '',
      lastName: '',
      email: '',
      activated: true,
      staff: false,
      langKey: DEFAULT_LANG_KEY,
      authorities: ['ROLE_USER'],
    };
  const { id, login, firstName, lastName, email, activated, staff, langKey, authorities } = user;
  return {
    id,
    login,
    firstName: firstName ?? '',
    lastName: lastName ?? '',
    email,
    activated,
    staff,
    langKey,
    authorities,
  };
}

/** Asked for a new user only. */
const passwordField = (t: TFunction<'admin'>): TextField<UserFormInput> => ({
  name: 'password',
  label: t('users.password'),
  ...NEW_PASSWORD,
  testId: 'user-password',
  // An empty box means "no password", which the schema expresses as absent.
  registerOptions: { setValueAs: (value: string) => value || undefined },
});

/** The text inputs of the user's form. */
function textFields(creating: boolean, t: TFunction<'admin'>): TextField<UserFormInput>[] {
  return [
    { name: 'login', label: t('users.login'), testId: 'user-login' },
    { name: 'firstName', label: t('users.firstName'), testId: 'user-first-name' },
    { name: 'lastName', label: t('users.lastName'), testId: 'user-last-name' },
    { name: 'email', label: t('users.email'), kind: 'email', testId: 'user-email' },
    ...(creating ? [passwordField(t)] : []),
  ];
}

interface UserModalProps extends ModalProps {
  /** null: create; a user: edit. */
  user: User | null;
}

/** Create or edit a user of the administration area (api/users). */
export function UserModal({ user, ...modal }: UserModalProps) {
  const { t } = useTranslation('admin');
  const domainText = useDomainText();
  const authorities = useAuthorities();
  const save = useSaveUser();

  const submit = async (values: UserWrite) => {
    const saved = await save.mutateAsync(values);
    toast.success(t(user ? 'users.updated' : 'users.created', { login: saved.login }));
    modal.onClose();
  };

  return (
    <EntityModal
      {...modal}
      title={t(user ? 'users.editTitle' : 'users.create')}
      schema={userWriteSchema}
      defaultValues={defaultsFor(user)}
      onSubmit={submit}
    >
      {(form) => (
        <>
          <TextFields form={form} fields={textFields(user === null, t)} />
          <Checkbox label={t('users.activated')} data-testid="user-activated" {...form.register('activated')} />
          <Checkbox
            label={t('users.staff')}
            description={t('users.staffHint')}
            data-testid="user-staff"
            {...form.register('staff')}
          />
          <Controller
            control={form.control}
            name="authorities"
            render={({ field, fieldState }) => (
              <MultiSelect
                label={t('users.profiles')}
                data={authorities.data ?? []}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={domainText(fieldState.error?.message)}
                data-testid="user-authorities"
              />
            )}
          />
        </>
      )}
    </EntityModal>
  );
}
