import { Container, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router';

/**
 * The record areas under / (vehicles, dealers, fleets, drivers, ...) before their own issues land.
 * Titles are deliberately not the spec's screen titles, which belong to the real screens.
 */
export default function EntityPlaceholder() {
  const area = useLocation().pathname.split('/')[1] ?? '';
  return (
    <Container fluid py="md">
      <Title order={2} data-testid="entity-placeholder">
        {area.replace(/-/g, ' ')}
      </Title>
      <Text c="dimmed">This screen is not built yet.</Text>
    </Container>
  );
}
