import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authorizeUrl } from './api/oidc-api';

/**
 * "Sign in with …": a page load to the server's authorization address, which sends the browser on to
 * the OpenID provider (a call could not follow the provider's pages).
 */
export function SsoButton({ name }: { name: string }) {
  const { t } = useTranslation('account');
  const [leaving, setLeaving] = useState(false);
  const signIn = async () => {
    setLeaving(true);
    window.location.assign(await authorizeUrl());
  };
  return (
    <Button variant="default" fullWidth loading={leaving} onClick={() => void signIn()} data-testid="sso-sign-in">
      {t('oidc.signInWith', { name })}
    </Button>
  );
}
