import { Center, Loader, Text } from '@mantine/core';
import { RECORD_TEXTS } from '@evfleet/domain';

/** §2: a record screen waiting for its data says 'Loading...'. */
export function RecordLoading() {
  return (
    <Center py="xl" data-testid="records-loading">
      <Loader size="sm" mr="sm" />
      <Text>{RECORD_TEXTS.loading}</Text>
    </Center>
  );
}
