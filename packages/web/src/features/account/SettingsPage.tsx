import { accountSettingsSchema, type Account } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, NativeSelect, Stack } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerFieldErrors } from '../../api/field-errors';
import { LANGUAGES, languageOf } from '../../i18n/languages';
import { useDomainText } from '../../i18n/useDomainText';
import { fetchSession } from '../../session/session-store';
import { useSession } from '../../session/useSession';
import { AccountForm } from './AccountForm';
import { AccountPage } from './AccountPage';
import { saveAccountSettings } from './api/account-api';
import { DateStyleControl, HourCycleControl } from './FormatControls';

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

  const onSubmit = form.handleSubmit(async (settings) => {
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
    <AccountPage title={t('settings.title', { login: account.login })}>
      {saved && (
        <Alert color="green" mb="md" data-testid="settings-saved">
          {t('settings.saved')}
        </Alert>
      )}
      <AccountForm
        form={form}
        onSubmit={onSubmit}
        fields={[
          {
            name: 'firstName',
            label: t('settings.firstName'),
            autoComplete: 'given-name',
            testId: 'settings-first-name',
          },
          {
            name: 'lastName',
            label: t('settings.lastName'),
            autoComplete: 'family-name',
            testId: 'settings-last-name',
          },
          { name: 'email', label: t('field.email'), kind: 'email', autoComplete: 'email', testId: 'settings-email' },
        ]}
        submitLabel={t('action.save')}
        submitTestId="settings-submit"
      >
        <NativeSelect
          label={t('settings.language')}
          data={LANGUAGES.map((language) => ({ value: language.key, label: language.name }))}
          data-testid="settings-language"
          error={domainText(form.formState.errors.langKey?.message)}
          {...form.register('langKey')}
        />
      </AccountForm>
      <Stack mt="xl">
        <HourCycleControl />
        <DateStyleControl />
      </Stack>
    </AccountPage>
  );
}
