import { Button, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

interface DetailHeaderProps {
  title: string;
  backLabel: string;
  /** The list Back returns to. */
  backTo: string;
  /** Shown after the title, such as the record's status. */
  children?: ReactNode;
}

/** The top of a detail page with a list below it: Back, then the title. */
export function DetailHeader({ title, backLabel, backTo, children }: DetailHeaderProps) {
  const navigate = useNavigate();
  return (
    <Group>
      <Button variant="default" onClick={() => navigate(backTo)} data-testid="back">
        {backLabel}
      </Button>
      <Title order={2} data-testid="detail-title">
        {title}
      </Title>
      {children}
    </Group>
  );
}
