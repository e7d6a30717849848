import { CheckIcon, Combobox, Group, Input, InputBase, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PickerOption {
  value: string;
  label: string;
  /** One line on what the option is, shown when the pointer rests on it. */
  description?: string;
}

interface FilterPickerProps {
  label: string;
  options: PickerOption[];
  /** The chosen values; a single-select holds at most one. */
  value: string[];
  onChange: (value: string[]) => void;
  /** One value or many; many adds 'Select All' and keeps the list open after each choice. */
  multiple?: boolean;
  placeholder: string;
  /** The filter box inside the list (§2: 'Filter by Vehicle', 'Filter by Notification Settings'). */
  filterPlaceholder: string;
  disabled?: boolean;
  testId: string;
}

const SELECT_ALL = '__select_all__';

/** What the closed picker shows: the chosen labels in the options' order. */
function summary(options: PickerOption[], value: string[]): string {
  const chosen = new Set(value);
  return options
    .filter((option) => chosen.has(option.value))
    .map((option) => option.label)
    .join(', ');
}

/**
 * The report's drop-downs (part 2 §2): a button that opens a list with its own filter box, for one
 * value (the vehicle) or many (signals, columns: with 'Select All' over the filtered options).
 */
export function FilterPicker({
  label,
  options,
  value,
  onChange,
  multiple,
  placeholder,
  filterPlaceholder,
  disabled,
  testId,
}: FilterPickerProps) {
  const { t } = useTranslation('report');
  const [filter, setFilter] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setFilter('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });

  const needle = filter.trim().toLowerCase();
  // The key matches too, for whoever knows a signal by the name its device sends.
  const shown = needle
    ? options.filter((option) => `${option.label}\n${option.value}`.toLowerCase().includes(needle))
    : options;
  const chosen = new Set(value);
  const allShownChosen = shown.length > 0 && shown.every((option) => chosen.has(option.value));

  /** The chosen values in the options' order, whatever order they were clicked in. */
  const inOrder = (keep: (option: PickerOption) => boolean) => options.filter(keep).map((option) => option.value);

  const choose = (picked: string) => {
    if (!multiple) {
      onChange([picked]);
      combobox.closeDropdown();
      return;
    }
    if (picked === SELECT_ALL) {
      // Over the filtered options only: all of them on, or (when they already are) all of them off.
      const shownValues = new Set(shown.map((option) => option.value));
      onChange(
        inOrder((o) =>
          allShownChosen
            ? chosen.has(o.value) && !shownValues.has(o.value)
            : chosen.has(o.value) || shownValues.has(o.value),
        ),
      );
      return;
    }
    onChange(inOrder((o) => (o.value === picked ? !chosen.has(picked) : chosen.has(o.value))));
  };

  const text = summary(options, value);
  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal width={360} position="bottom-start">
      <Combobox.Target>
        <InputBase
          component="button"
          type="button"
          pointer
          label={label}
          disabled={disabled}
          rightSection={<Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.toggleDropdown()}
          data-testid={testId}
          title={text || undefined}
        >
          {text ? (
            <Text span size="sm" truncate="end" display="block">
              {text}
            </Text>
          ) : (
            <Input.Placeholder>{placeholder}</Input.Placeholder>
          )}
        </InputBase>
      </Combobox.Target>

      <Combobox.Dropdown data-testid={`${testId}-list`}>
        <Combobox.Search
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          placeholder={filterPlaceholder}
          aria-label={filterPlaceholder}
        />
        <Combobox.Options>
          <ScrollArea.Autosize mah={280} type="scroll">
            {multiple && shown.length > 0 && (
              <Combobox.Option value={SELECT_ALL} active={allShownChosen} data-testid={`${testId}-select-all`}>
                <Group gap="xs">
                  <Check on={allShownChosen} />
                  <span>{t('picker.selectAll')}</span>
                </Group>
              </Combobox.Option>
            )}
            {shown.map((option) => (
              <Combobox.Option
                value={option.value}
                key={option.value}
                active={chosen.has(option.value)}
                title={option.description}
              >
                <Group gap="xs" wrap="nowrap">
                  {multiple && <Check on={chosen.has(option.value)} />}
                  <span>{option.label}</span>
                </Group>
              </Combobox.Option>
            ))}
            {shown.length === 0 && <Combobox.Empty>{t('picker.nothingFound')}</Combobox.Empty>}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** A checkbox look for multi-select options (the option itself takes the click). */
function Check({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        width: 16,
        height: 16,
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        border: '1px solid var(--mantine-color-gray-5)',
        borderRadius: 3,
        background: on ? 'var(--mantine-color-blue-filled)' : 'transparent',
        color: 'white',
      }}
    >
      {on && <CheckIcon size={10} />}
    </span>
  );
}
