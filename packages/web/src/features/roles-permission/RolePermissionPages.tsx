import { Container, Title } from '@mantine/core';

/** /roles-permission/fleet-owner; the static toggles of part 2 come with their own issue. */
export function FleetOwnerPermissionPage() {
  return (
    <Container fluid py="md">
      <Title order={2}>Fleet Owner</Title>
    </Container>
  );
}

/** /roles-permission/dealer-role. */
export function DealerPermissionPage() {
  return (
    <Container fluid py="md">
      <Title order={2}>Dealer</Title>
    </Container>
  );
}
