import { Button, Group, Menu, ScrollArea, Text } from '@mantine/core';
import type { CellDetail, Severity } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../components/format/useFormat';

export const SEVERITY_COLOR: Record<Severity, string> = { NORMAL: 'green', WARNING: 'orange', SEVERE: 'red' };

/** 'View cells' (§2): each cell's status and value, coloured by status. */
export function CellsMenu({ cells }: { cells: CellDetail['cells'] }) {
  const { t } = useTranslation('vehicles');
  const format = useFormat();
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button size="compact-xs" variant="light" disabled={cells.length === 0} data-testid="view-cells">
          {t('info.viewCells')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="cells-list">
        <ScrollArea.Autosize mah={320} type="auto">
          {cells.map((cell, i) => (
            <Group key={i} justify="space-between" gap="lg" px="sm" py={4} wrap="nowrap" data-testid="cell-row">
              <Text size="sm">{t('cell', { number: i + 1 })}</Text>
              <Text size="sm" fw={600} c={SEVERITY_COLOR[cell.status]}>
                {t(`severity.${cell.status}`)}
              </Text>
              <Text size="sm">{format.reading(cell.value, 'V') ?? t('na')}</Text>
            </Group>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
