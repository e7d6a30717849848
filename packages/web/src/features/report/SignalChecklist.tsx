import { Checkbox, Group, ScrollArea, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PickerOption } from './picker-choice';

interface SignalChecklistProps {
  options: PickerOption[];
  /** The ticked signals' keys. */
  columns: string[];
  onChange: (columns: string[]) => void;
}

/** The signals offered, each a box to tick, with one box that ticks or clears them all. */
export function SignalChecklist({ options, columns, onChange }: SignalChecklistProps) {
  const { t } = useTranslation('report');
  return (
    <>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('criteria.signals')}
        </Text>
        <Checkbox
          label={t('picker.selectAll')}
          checked={options.length > 0 && columns.length === options.length}
          indeterminate={columns.length > 0 && columns.length < options.length}
          onChange={(e) => onChange(e.currentTarget.checked ? options.map((option) => option.value) : [])}
          data-testid="history-select-all"
        />
      </Group>
      <ScrollArea h={240} type="auto">
        <Checkbox.Group value={columns} onChange={onChange}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" data-testid="history-signals">
            {options.map(({ value, label, description }) => (
              <Checkbox key={value} value={value} label={label} title={description} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      </ScrollArea>
    </>
  );
}
