import { TOAST_TEXTS } from '@evfleet/domain';
import { Alert, Container } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing it (e.g. the path) clears a caught error, so navigating away recovers. */
  resetKey?: string;
}

/** A rendering error shows 'An unexpected error has occurred.' instead of a blank page (§8). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { error: Error | null; key?: string }> {
  override state: { error: Error | null; key?: string } = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: { error: Error | null; key?: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unexpected UI error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" data-testid="unexpected-error">
          {TOAST_TEXTS.unexpected}
        </Alert>
      </Container>
    );
  }
}
