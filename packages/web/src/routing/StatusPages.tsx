import { Alert, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** §2.2: an authenticated user without the required authority, or whose page the server refused (403). */
export function NotAuthorized() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t('page.accessDenied.title')} data-testid="not-authorized">
        {t('page.accessDenied.text')}
      </Alert>
    </Container>
  );
}

/** §2.2: any path no route claims. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t('page.notFound.title')} data-testid="not-found">
        {t('page.notFound.text')}
      </Alert>
    </Container>
  );
}
