import { accountSettingsSchema, type Account } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Container, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../api/field-errors';
import { LANGUAGES, languageOf } from '../../i18n/languages';
import { useDomainText } from '../../i18n/useDomainText';
import { fetchSession } from '../../session/session-store';
import { useSession } from '../../session/useSession';
import { saveAccountSettings } from './api/account-api';
import { HourCycleControl } from './HourCycleControl';

/**
 * /account/settings: the signed-in user's own name, email and language; the session reloads after
 * saving, and the portal speaks the language saved.
 */
export function SettingsPage() {
  const { account } = useSession();
  // The guard renders this page only with a session, so the account is there.
  return account ? <SettingsForm account={account} /> : null;
}

function SettingsForm({ account }: { account: Account }) {
  const { t } = useTranslation('account');
  const domainText = useDomainText();
  const [saved, setSaved] = useState(false);
  const form = useForm({
    resolver: zodResolver(accountSettingsSchema),
    defaultValues: {
      firstName: account.firstName ?? '',
      lastName: account.lastName ?? '',
      email: account.email,
      langKey: languageOf(account.langKey),
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
        {t('settings.title', { login: account.login })}
      </Title>
      {saved && (
        <Alert color="green" mb="md" data-testid="settings-saved">
          {t('settings.saved')}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('settings.firstName')}
            autoComplete="given-name"
            data-testid="settings-first-name"
            error={domainText(errors.firstName?.message)}
            {...register('firstName')}
          />
          <TextInput
            label={t('settings.lastName')}
            autoComplete="family-name"
            data-testid="settings-last-name"
            error={domainText(errors.lastName?.message)}
            {...register('lastName')}
          />
          <TextInput
            label={t('field.email')}
            type="email"
            autoComplete="email"
            data-testid="settings-email"
            error={domainText(errors.email?.message)}
            {...register('email')}
          />
          <NativeSelect
            label={t('settings.language')}
            data={LANGUAGES.map((language) => ({ value: language.key, label: language.name }))}
            data-testid="settings-language"
            error={domainText(errors.langKey?.message)}
            {...register('langKey')}
          />
          <Button type="submit" loading={isSubmitting} disabled={isSubmitting} data-testid="settings-submit">
            {t('action.save')}
          </Button>
        </Stack>
      </form>
      <Stack mt="xl">
        <HourCycleControl />
      </Stack>
    </Container>
  );
}
