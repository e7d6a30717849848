import { Alert, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A page's place taken by a refusal: a red note with its title and text. */
function StatusPage({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={title} data-testid={testId}>
        {text}
      </Alert>
    </Container>
  );
}

/** §2.2: an authenticated user without the required authority, or whose page the server refused (403). */
export function NotAuthorized() {
  const { t } = useTranslation();
  return <StatusPage title={t('page.accessDenied.title')} text={t('page.accessDenied.text')} testId="not-authorized" />;
}

/** §2.2: any path no route claims. */
export function NotFound() {
  const { t } = useTranslation();
  return <StatusPage title={t('page.notFound.title')} text={t('page.notFound.text')} testId="not-found" />;
}
