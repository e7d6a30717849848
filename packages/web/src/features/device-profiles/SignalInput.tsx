import { EXTRA_SIGNALS, MAX_CELLS, SIGNAL_KEYS, isKnownSignal, cellOfSignal, signalLabel } from '@evfleet/domain';
import { Autocomplete, Text, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { forwardRef, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../i18n/useDomainText';

/** What a mapping may fill besides any other name: the stored signals and the cell voltages (docs/devices.md). */
const SIGNAL_CHOICES = [
  ...SIGNAL_KEYS,
  ...EXTRA_SIGNALS.map((signal) => signal.key),
  ...Array.from({ length: MAX_CELLS }, (_, i) => `cell${i + 1}`),
];

interface SignalInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  label: string;
  error?: string;
  testId?: string;
}

/**
 * A mapping's signal: a known key picked by its key or its name ('Battery Charge' finds
 * batteryCharge), or any other name typed, which the tracker's readings keep as an unknown signal.
 * Under it, what the key means.
 */
export const SignalInput = forwardRef<HTMLInputElement, SignalInputProps>(function SignalInput(
  { value, onChange, onBlur, label, error, testId },
  ref,
) {
  const { t } = useTranslation('device-profiles');
  const domainText = useDomainText();
  const filter = useMemo<OptionsFilter>(
    () =>
      ({ options, search }) => {
        const needle = search.trim().toLowerCase();
        if (!needle) return options;
        return (options as ComboboxItem[]).filter(
          (option) =>
            option.value.toLowerCase().includes(needle) ||
            domainText(signalLabel(option.value)).toLowerCase().includes(needle),
        );
      },
    [domainText],
  );
  const known = isKnownSignal(value) || cellOfSignal(value) !== null;
  const meaning = !value.trim() ? undefined : known ? domainText(signalLabel(value)) : t('mappings.unknownSignal');

  return (
    <Autocomplete
      ref={ref}
      size="xs"
      aria-label={label}
      data={SIGNAL_CHOICES}
      filter={filter}
      limit={60}
      maxDropdownHeight={280}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      description={meaning}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      renderOption={({ option }) => (
        <div>
          <Text size="xs" ff="monospace">
            {option.value}
          </Text>
          <Text size="xs" c="dimmed">
            {domainText(signalLabel(option.value))}
          </Text>
        </div>
      )}
      autoComplete="off"
      spellCheck={false}
      data-testid={testId}
    />
  );
});
