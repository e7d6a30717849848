import { ACCOUNT_TEXTS, DEFAULT_LANG_KEY, accountSettingsSchema, type Account } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../api/field-errors';
import { fetchSession } from '../../app/session/session-store';
import { useSession } from '../../app/session/useSession';
import { saveAccountSettings } from './api/account-api';
import { HourCycleControl } from './HourCycleControl';

/** /account/settings: the signed-in user's own name and email; the session reloads after saving. */
export function SettingsPage() {
  const { account } = useSession();
  // The guard renders this page only with a session, so the account is there.
  return account ? <SettingsForm account={account} /> : null;
}

function SettingsForm({ account }: { account: Account }) {
  const [saved, setSaved] = useState(false);
  const form = useForm({
    resolver: zodResolver(accountSettingsSchema),
    defaultValues: {
      firstName: account.firstName ?? '',
      lastName: account.lastName ?? '',
      email: account.email,
      langKey: account.langKey || DEFAULT_LANG_KEY,
    },
  });
  const { register, handleSubmit, formState } = form;
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (settings) => {
    setSaved(false);
    try {
      await saveAccountSettings(settings);
      setSaved(true);
      await fetchSession();
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

  return (
    <Container size={520} py="xl">
      <Title order={2} mb="md">
        User settings for [{account.login}]
      </Title>
      {saved && (
        <Alert color="green" mb="md" data-testid="settings-saved">
          {ACCOUNT_TEXTS.settingsSaved}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="First Name"
            autoComplete="given-name"
            data-testid="settings-first-name"
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextInput
            label="Last Name"
            autoComplete="family-name"
            data-testid="settings-last-name"
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            data-testid="settings-email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid="settings-submit">
            Save
          </Button>
        </Stack>
      </form>
      <Stack mt="xl">
        <HourCycleControl />
      </Stack>
    </Container>
  );
}
