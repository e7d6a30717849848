import type { RecordField, RecordVehicleRef } from '@evfleet/domain';
import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../i18n/useDomainText';
import { DateTimeField } from '../../components/DateTimeField';
import { toLocalDateTime, type RecordFormValues } from './record-form-values';
import { VehiclePicker, VehiclesPicker } from './VehiclePicker';

/** The message of a field's error; a list's error sits on its item (emails[1]): the first one found. */
function errorText(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string' && error.message) return error.message;
  for (const [key, nested] of Object.entries(error)) {
    // `ref` is the input element, not an error.
    const text = key === 'ref' ? undefined : errorText(nested);
    if (text) return text;
  }
  return undefined;
}

interface RecordFieldInputProps {
  name: string;
  field: RecordField;
  control: Control<RecordFormValues, unknown, Record<string, unknown>>;
  /** The references the record already holds, so the pickers can name them before any search. */
  known: readonly RecordVehicleRef[];
}

/**
 * The input of one field, by its kind (§3, §5): text stays text, a reading's number is typed as text
 * and checked by the domain schema, a flag is a checkbox, an enumeration and a vehicle are selects.
 */
export function RecordFieldInput({ name, field, control, known }: RecordFieldInputProps) {
  const { t } = useTranslation('records');
  const domainText = useDomainText();
  const label = domainText(field.label);
  const hint = domainText(field.hint);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: input, fieldState }) => {
        const error = domainText(errorText(fieldState.error));
        const common = {
          label,
          description: hint,
          error,
          withAsterisk: field.required,
          'data-testid': `field-${name}`,
        };
        switch (field.kind) {
          case 'boolean':
            return (
              <Checkbox
                label={label}
                description={hint}
                error={error}
                checked={input.value === true}
                onChange={(event) => input.onChange(event.currentTarget.checked)}
                data-testid={`field-${name}`}
              />
            );
          case 'enum':
            return (
              <NativeSelect
                {...common}
                data={[
                  ...(field.write.safeParse(undefined).data === null ? [{ value: '', label: '—' }] : []),
                  ...(field.options ?? []).map((value) => ({
                    value,
                    label: domainText(field.optionLabels?.[value] ?? value),
                  })),
                ]}
                value={String(input.value)}
                onChange={(event) => input.onChange(event.currentTarget.value)}
                onBlur={input.onBlur}
              />
            );
          case 'vehicle':
            return (
              <VehiclePicker
                {...common}
                testId={`field-${name}`}
                required={field.required}
                known={known}
                value={String(input.value)}
                onChange={input.onChange}
                placeholder={t('picker.search')}
              />
            );
          case 'vehicles':
            return (
              <VehiclesPicker
                {...common}
                testId={`field-${name}`}
                known={known}
                value={input.value as string[]}
                onChange={input.onChange}
                placeholder={t('picker.search')}
              />
            );
          case 'longText':
          case 'textList':
            return (
              <Textarea
                {...common}
                autosize
                minRows={field.kind === 'longText' ? 4 : 2}
                maxRows={12}
                {...input}
                value={String(input.value)}
              />
            );
          case 'dateTime':
            return (
              <DateTimeField
                label={label}
                description={hint}
                error={error}
                withAsterisk={field.required}
                testId={`field-${name}`}
                withSeconds
                value={input.value ? new Date(String(input.value)) : null}
                onChange={(picked) => input.onChange(picked ? toLocalDateTime(picked) : '')}
                onBlur={input.onBlur}
                ref={input.ref}
              />
            );
          default:
            return (
              <TextInput
                {...common}
                inputMode={field.kind === 'number' ? 'decimal' : undefined}
                {...input}
                value={String(input.value)}
              />
            );
        }
      }}
    />
  );
}
