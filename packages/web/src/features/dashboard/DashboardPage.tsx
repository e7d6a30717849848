import { Container, Title } from '@mantine/core';

/** / (exact). The counters and cards of part 2 come with the dashboard issue. */
export default function DashboardPage() {
  return (
    <Container fluid py="md">
      <Title order={2} data-testid="dashboard-title">Dashboard</Title>
    </Container>
  );
}
