import { Center, Divider, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { oidcStatusQuery } from './api/oidc-api';
import { LoginForm } from './LoginForm';
import { SsoButton } from './SsoButton';

/**
 * The ways in, as the server offers them (docs/integrations.md): the password form, the OpenID
 * provider's button, or only the button when password sign-in is off. Without an answer on it, the
 * password form. The /login page and the dialog over an ended session both show them.
 */
export function SignInChoices() {
  const { t } = useTranslation('account');
  const status = useQuery(oidcStatusQuery);
  const provider = status.data?.enabled ? status.data.name : null;
  const passwords = status.data?.passwordSignIn ?? true;
  if (status.isPending)
    return (
      <Center py="xl" data-testid="login-status-loading">
        <Loader size="sm" />
      </Center>
    );
  return (
    <>
      {passwords ? <LoginForm /> : <Text size="sm">{t('oidc.passwordOff')}</Text>}
      {provider && passwords && <Divider label={t('oidc.or')} />}
      {provider && <SsoButton name={provider} />}
    </>
  );
}

/** Whether the server takes passwords (the sign-in page's account links go with them). */
export function usePasswordSignIn() {
  return useQuery(oidcStatusQuery).data?.passwordSignIn ?? true;
}
