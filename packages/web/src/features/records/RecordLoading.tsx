import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** §2: a record screen waiting for its data says 'Loading...'. */
export function RecordLoading() {
  const { t } = useTranslation('records');
  return (
    <Center py="xl" data-testid="records-loading">
      <Loader size="sm" mr="sm" />
      <Text>{t('record.loading')}</Text>
    </Center>
  );
}
