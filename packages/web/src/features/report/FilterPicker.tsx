import { CheckIcon, Combobox, Group, Input, InputBase, ScrollArea, Text, useCombobox } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterPick, allChosen, matching, SELECT_ALL, summary, type PickerOption } from './picker-choice';

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
  const [filter, setFilter] = useState('');
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setFilter('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const shown = matching(options, filter);

  const choose = (picked: string) => {
    if (multiple) {
      onChange(afterPick(options, value, shown, picked));
      return;
    }
    onChange([picked]);
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal width={360} position="bottom-start">
      <Combobox.Target>
        <PickerButton
          label={label}
          placeholder={placeholder}
          disabled={disabled}
          testId={testId}
          text={summary(options, value)}
          onClick={() => combobox.toggleDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown data-testid={`${testId}-list`}>
        <Combobox.Search
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          placeholder={filterPlaceholder}
          aria-label={filterPlaceholder}
        />
        <PickerOptions shown={shown} value={value} multiple={multiple} testId={testId} />
      </Combobox.Dropdown>
    </Combobox>
  );
}

interface PickerButtonProps extends Pick<FilterPickerProps, 'label' | 'placeholder' | 'disabled' | 'testId'> {
  /** The chosen labels; empty, the placeholder shows. */
  text: string;
  onClick: () => void;
}

/** The closed picker: a button that shows what is chosen. */
function PickerButton({ label, placeholder, disabled, testId, text, onClick }: PickerButtonProps) {
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      label={label}
      disabled={disabled}
      rightSection={<Combobox.Chevron />}
      rightSectionPointerEvents="none"
      onClick={onClick}
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
  );
}

interface PickerOptionsProps {
  /** The options the filter lets through. */
  shown: PickerOption[];
  value: string[];
  multiple?: boolean;
  testId: string;
}

/** The open list: 'Select All' first when many may be chosen, then the options the filter lets through. */
function PickerOptions({ shown, value, multiple, testId }: PickerOptionsProps) {
  const { t } = useTranslation('report');
  const chosen = new Set(value);
  const allShownChosen = allChosen(shown, value);
  return (
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
