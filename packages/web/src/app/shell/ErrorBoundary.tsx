import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translate } from '../../i18n';
import { isChunkLoadError } from '../../routing/lazy-named';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing it (e.g. the path) clears a caught error, so navigating away recovers. */
  resetKey?: string;
}

/** After a redeploy the page's code is gone from the server: only loading the new version helps. */
function StaleVersion() {
  return (
    <Container size="sm" py="xl">
      <Alert color="blue" title={translate('page.staleVersion.title')} data-testid="stale-version">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{translate('page.staleVersion.text')}</Text>
          <Button size="xs" onClick={() => window.location.reload()} data-testid="reload-app">
            {translate('page.staleVersion.reload')}
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}

/**
 * A rendering error shows 'An unexpected error has occurred.' instead of a blank page (§8); code
 * that failed to load offers a reload instead.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null; key?: string }> {
  override state: { error: Error | null; key?: string } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: { error: Error | null; key?: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isChunkLoadError(error)) console.warn('Code of this page could not be loaded', error.message);
    else console.error('Unexpected UI error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (isChunkLoadError(this.state.error)) return <StaleVersion />;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" data-testid="unexpected-error">
          {translate('toast.unexpected')}
        </Alert>
      </Container>
    );
  }
}
