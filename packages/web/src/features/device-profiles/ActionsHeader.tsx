import { Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The header of a column of row buttons: named for screen readers, empty to the eye. */
export function ActionsHeader({ w }: { w: number }) {
  const { t } = useTranslation('device-profiles');
  return (
    <Table.Th w={w}>
      <VisuallyHidden>{t('column.actions')}</VisuallyHidden>
    </Table.Th>
  );
}
