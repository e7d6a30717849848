import { DEFAULT_LANG_KEY, userWriteSchema, type User, type UserWrite } from '@evfleet/domain';
import { Checkbox, MultiSelect, PasswordInput, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { EntityModal } from '../../components/EntityModal';
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

interface UserModalProps {
  /** null: create; a user: edit. */
  user: User | null;
  opened: boolean;
  onClose: () => void;
}

/** Create or edit a user of the administration area (api/users). */
export function UserModal({ user, opened, onClose }: UserModalProps) {
  const { t } = useTranslation('admin');
  const domainText = useDomainText();
  const authorities = useAuthorities();
  const save = useSaveUser();

  const submit = async (values: UserWrite) => {
    const saved = await save.mutateAsync(values);
    toast.success(t(user ? 'users.updated' : 'users.created', { login: saved.login }));
    onClose();
  };

  return (
    <EntityModal
      opened={opened}
      onClose={onClose}
      title={t(user ? 'users.editTitle' : 'users.create')}
      schema={userWriteSchema}
      defaultValues={defaultsFor(user)}
      onSubmit={submit}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <TextInput
            label={t('users.login')}
            data-testid="user-login"
            error={domainText(errors.login?.message)}
            {...register('login')}
          />
          <TextInput
            label={t('users.firstName')}
            data-testid="user-first-name"
            error={domainText(errors.firstName?.message)}
            {...register('firstName')}
          />
          <TextInput
            label={t('users.lastName')}
            data-testid="user-last-name"
            error={domainText(errors.lastName?.message)}
            {...register('lastName')}
          />
          <TextInput
            label={t('users.email')}
            type="email"
            data-testid="user-email"
            error={domainText(errors.email?.message)}
            {...register('email')}
          />
          {!user && (
            <PasswordInput
              label={t('users.password')}
              autoComplete="new-password"
              data-testid="user-password"
              error={domainText(errors.password?.message)}
              // An empty box means "no password", which the schema expresses as absent.
              {...register('password', { setValueAs: (value: string) => value || undefined })}
            />
          )}
          <Checkbox label={t('users.activated')} data-testid="user-activated" {...register('activated')} />
          <Checkbox
            label={t('users.staff')}
            description={t('users.staffHint')}
            data-testid="user-staff"
            {...register('staff')}
          />
          <Controller
            control={control}
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
