import { Title } from '@mantine/core';

// Until features/vehicles/detail/VehicleDetailPage.tsx lands (another change), /vehicle/{id} shows
// only a heading so the list's links resolve; VehicleRoutes switches to the detail page then.
export function VehicleDetailPending() {
  return (
    <Title order={2} p="md">
      Vehicle
    </Title>
  );
}
