import { Alert, Container } from '@mantine/core';

/** §2.2: an authenticated user without the required authority. */
export function NotAuthorized() {
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title="Access denied" data-testid="not-authorized">
        You are not authorized to access this page.
      </Alert>
    </Container>
  );
}

/** §2.2: any path no route claims. */
export function NotFound() {
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title="Page not found" data-testid="not-found">
        The page does not exist.
      </Alert>
    </Container>
  );
}
