import { Container, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of an account page: a narrow column under its title. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={520} py="xl">
      <Title order={2} mb="md">
        {title}
      </Title>
      {children}
    </Container>
  );
}
