import { DEFAULT_LANG_KEY, userWriteSchema, type User, type UserWrite } from '@evfleet/domain';
import { Checkbox, MultiSelect, PasswordInput, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '../../app/toast';
import { EntityModal } from '../../components/EntityModal';
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
  const authorities = useAuthorities();
  const save = useSaveUser();

  const submit = async (values: UserWrite) => {
    const saved = await save.mutateAsync(values);
    toast.success(user ? `User ${saved.login} updated` : `User ${saved.login} created`);
    onClose();
  };

  return (
    <EntityModal
      opened={opened}
      onClose={onClose}
      title={user ? 'Edit user' : 'Create a new user'}
      schema={userWriteSchema}
      defaultValues={defaultsFor(user)}
      onSubmit={submit}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <TextInput label="Login" data-testid="user-login" error={errors.login?.message} {...register('login')} />
          <TextInput
            label="First name"
            data-testid="user-first-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label="Last name"
            data-testid="user-last-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextInput
            label="Email"
            type="email"
            data-testid="user-email"
            error={errors.email?.message}
            {...register('email')}
          />
          {!user && (
            <PasswordInput
              label="Initial password (optional)"
              autoComplete="new-password"
              data-testid="user-password"
              error={errors.password?.message}
              // An empty box means "no password", which the schema expresses as absent.
              {...register('password', { setValueAs: (value: string) => value || undefined })}
            />
          )}
          <Checkbox label="Activated" data-testid="user-activated" {...register('activated')} />
          <Checkbox
            label="Staff"
            description="Reads every dealer's and fleet's data, changes nothing. Without it, an account sees only what a dealer, fleet or driver link gives it."
            data-testid="user-staff"
            {...register('staff')}
          />
          <Controller
            control={control}
            name="authorities"
            render={({ field, fieldState }) => (
              <MultiSelect
                label="Profiles"
                data={authorities.data ?? []}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                data-testid="user-authorities"
              />
            )}
          />
        </>
      )}
    </EntityModal>
  );
}
