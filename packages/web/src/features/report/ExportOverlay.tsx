import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** §2: the overlay over a report page while its spreadsheet is being exported (apart from the grid's own loading overlay). */
export function ExportOverlay({ visible }: { visible: boolean }) {
  const { t } = useTranslation('report');
  return (
    <LoadingOverlay
      visible={visible}
      zIndex={300}
      overlayProps={{ blur: 1 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="xs" data-testid="export-overlay">
            <Loader />
            <Text fw={500}>{t('export.busy')}</Text>
          </Stack>
        ),
      }}
    />
  );
}
