import { Button, Checkbox, Group, Popover, ScrollArea, Stack } from '@mantine/core';
import type { Column, GridApi } from 'ag-grid-community';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ColumnsMenuProps {
  api: GridApi | null;
  testId: string;
  /** A column was shown or hidden. */
  onChange: () => void;
  /** Forgets the user's order, widths and hidden columns. */
  onReset: () => void;
}

interface Choice {
  colId: string;
  label: string;
  visible: boolean;
}

/** Columns with a header the user may hide; the Action column stays, else rows could not be opened. */
const choicesOf = (api: GridApi): Choice[] =>
  (api.getColumns() ?? [])
    .filter((column: Column) => column.getColDef().headerName && !column.getColDef().lockVisible)
    .map((column) => ({
      colId: column.getColId(),
      label: column.getColDef().headerName ?? column.getColId(),
      visible: column.isVisible(),
    }));

/** 'Columns': a checkbox per column to show or hide it, and a way back to the grid's own layout. */
export function DataGridColumnsMenu({ api, testId, onChange, onReset }: ColumnsMenuProps) {
  const { t } = useTranslation('components');
  const [choices, setChoices] = useState<Choice[]>([]);
  const visibleCount = choices.filter((choice) => choice.visible).length;

  const toggle = (choice: Choice, visible: boolean) => {
    api?.setColumnsVisible([choice.colId], visible);
    setChoices((all) => all.map((c) => (c.colId === choice.colId ? { ...c, visible } : c)));
    onChange();
  };

  return (
    <Popover position="bottom-end" shadow="md" withinPortal onOpen={() => api && setChoices(choicesOf(api))}>
      <Popover.Target>
        <Button size="compact-sm" variant="subtle" disabled={!api} data-testid={`${testId}-columns`}>
          {t('grid.columns')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid={`${testId}-columns-menu`}>
        <ScrollArea.Autosize mah={320} type="auto">
          <Stack gap={6} pr="xs">
            {choices.map((choice) => (
              <Checkbox
                key={choice.colId}
                label={choice.label}
                checked={choice.visible}
                // The last shown column stays: a grid without columns cannot bring them back by itself.
                disabled={choice.visible && visibleCount === 1}
                onChange={(event) => toggle(choice, event.currentTarget.checked)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end" mt="sm">
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => {
              onReset();
              if (api) setChoices(choicesOf(api));
            }}
            data-testid={`${testId}-columns-reset`}
          >
            {t('grid.resetColumns')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
