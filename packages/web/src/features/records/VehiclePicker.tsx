import type { RecordVehicleRef } from '@evfleet/domain';
import { MultiSelect, Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVehicleOptions } from './api/records-api';

/** Part 2 §9: the vehicle search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

type Option = { value: string; label: string };

/**
 * The vehicles matching the typed text (searched on the server, within the caller's scope), plus the
 * chosen ones, whose names stay known even when the search no longer finds them.
 */
function useChoices(known: readonly RecordVehicleRef[], selected: readonly string[]) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Record<string, string>>({});
  const labels: Record<string, string> = {
    ...Object.fromEntries(known.map((vehicle) => [String(vehicle.id), vehicle.name])),
    ...picked,
  };
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // A single select shows the chosen name as its text: that is not a new search.
  const query = selected.some((id) => labels[id] === debounced) ? '' : debounced;
  const options = useVehicleOptions(query);
  const found: Option[] = (options.data ?? []).map((vehicle) => ({
    value: String(vehicle.id),
    label: `${vehicle.name} (${vehicle.vin})`,
  }));
  const foundIds = new Set(found.map((option) => option.value));
  const data = [
    ...selected.filter((id) => !foundIds.has(id)).map((id) => ({ value: id, label: labels[id] ?? `#${id}` })),
    ...found,
  ];
  const remember = (ids: readonly string[]) =>
    setPicked((current) => ({
      ...current,
      ...Object.fromEntries(
        data.filter((option) => ids.includes(option.value)).map((option) => [option.value, option.label]),
      ),
    }));
  return { data, search, setSearch, remember, loading: options.isFetching };
}

interface VehiclePickerProps {
  label?: string;
  placeholder?: string;
  description?: string;
  error?: string;
  required?: boolean;
  testId: string;
  /** Vehicles already chosen, with their names. */
  known: readonly RecordVehicleRef[];
}

/** The server already matched the text; the options are not filtered again here. */
const serverFiltered: OptionsFilter = ({ options }) => options;

const common = (loading: boolean, t: TFunction<'records'>) => ({
  searchable: true,
  clearable: true,
  filter: serverFiltered,
  nothingFoundMessage: loading ? t('record.loading') : t('picker.none'),
});

/** One vehicle. */
export function VehiclePicker({
  value,
  onChange,
  known,
  testId,
  required,
  ...props
}: VehiclePickerProps & { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation('records');
  const choices = useChoices(known, value ? [value] : []);
  return (
    <Select
      {...props}
      {...common(choices.loading, t)}
      withAsterisk={required}
      data={choices.data}
      value={value || null}
      onChange={(next) => {
        if (next) choices.remember([next]);
        onChange(next ?? '');
      }}
      searchValue={choices.search}
      onSearchChange={choices.setSearch}
      data-testid={testId}
    />
  );
}

/** Several vehicles (a notification list's). */
export function VehiclesPicker({
  value,
  onChange,
  known,
  testId,
  ...props
}: VehiclePickerProps & { value: string[]; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation('records');
  const choices = useChoices(known, value);
  return (
    <MultiSelect
      {...props}
      {...common(choices.loading, t)}
      data={choices.data}
      value={value}
      onChange={(next) => {
        choices.remember(next);
        onChange(next);
      }}
      searchValue={choices.search}
      onSearchChange={choices.setSearch}
      data-testid={testId}
    />
  );
}
