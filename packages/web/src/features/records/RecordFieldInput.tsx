import type { RecordField, RecordFieldKind, RecordVehicleRef } from '@evfleet/domain';
import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core';
import type { ComponentType } from 'react';
import { Controller, type Control, type ControllerRenderProps } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../i18n/useDomainText';
import { DateTimeField } from '../../components/DateTimeField';
import { firstErrorMessage } from '../../components/first-error-message';
import { toLocalDateTime, type RecordFormValues } from './record-form-values';
import { VehiclePicker, VehiclesPicker } from './VehiclePicker';

interface RecordFieldInputProps {
  name: string;
  field: RecordField;
  control: Control<RecordFormValues, unknown, Record<string, unknown>>;
  /** The references the record already holds, so the pickers can name them before any search. */
  known: readonly RecordVehicleRef[];
}

/** What the input of every kind is given: the field, its controlled value, and what each input shows alike. */
interface KindInputProps {
  field: RecordField;
  input: ControllerRenderProps<RecordFormValues, string>;
  common: {
    label: string;
    description: string | undefined;
    error: string | undefined;
    withAsterisk: boolean | undefined;
    'data-testid': string;
  };
  known: readonly RecordVehicleRef[];
}

/**
 * The input of one field, by its kind (§3, §5): text stays text, a reading's number is typed as text
 * and checked by the domain schema, a flag is a checkbox, an enumeration and a vehicle are selects.
 */
export function RecordFieldInput({ name, field, control, known }: RecordFieldInputProps) {
  const domainText = useDomainText();
  const KindInput = KIND_INPUTS[field.kind];
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: input, fieldState }) => (
        <KindInput
          field={field}
          input={input}
          known={known}
          common={{
            label: domainText(field.label),
            description: domainText(field.hint),
            error: domainText(firstErrorMessage(fieldState.error)),
            withAsterisk: field.required,
            'data-testid': `field-${name}`,
          }}
        />
      )}
    />
  );
}

/** A flag: a check box, without the asterisk the other inputs show. */
function FlagInput({ input, common: { withAsterisk: _withAsterisk, ...shown } }: KindInputProps) {
  return (
    <Checkbox
      {...shown}
      checked={input.value === true}
      onChange={(event) => input.onChange(event.currentTarget.checked)}
    />
  );
}

/** The enumeration's values by their names; '—' first where the field may stay empty. */
function EnumInput({ field, input, common }: KindInputProps) {
  const domainText = useDomainText();
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
}

function VehicleInput({ field, input, common, known }: KindInputProps) {
  const { t } = useTranslation('records');
  return (
    <VehiclePicker
      {...common}
      testId={common['data-testid']}
      required={field.required}
      known={known}
      value={String(input.value)}
      onChange={input.onChange}
      placeholder={t('picker.search')}
    />
  );
}

function VehiclesInput({ input, common, known }: KindInputProps) {
  const { t } = useTranslation('records');
  return (
    <VehiclesPicker
      {...common}
      testId={common['data-testid']}
      known={known}
      value={input.value as string[]}
      onChange={input.onChange}
      placeholder={t('picker.search')}
    />
  );
}

/** A long text, or a list typed one item a line. */
function LinesInput({ field, input, common }: KindInputProps) {
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
}

function MomentInput({ input, common: { 'data-testid': testId, ...shown } }: KindInputProps) {
  return (
    <DateTimeField
      {...shown}
      testId={testId}
      withSeconds
      value={input.value ? new Date(String(input.value)) : null}
      onChange={(picked) => input.onChange(picked ? toLocalDateTime(picked) : '')}
      onBlur={input.onBlur}
      ref={input.ref}
    />
  );
}

function TypedInput({ field, input, common }: KindInputProps) {
  return (
    <TextInput
      {...common}
      inputMode={field.kind === 'number' ? 'decimal' : undefined}
      {...input}
      value={String(input.value)}
    />
  );
}

/** Which input each kind of field is typed in. */
const KIND_INPUTS: Record<RecordFieldKind, ComponentType<KindInputProps>> = {
  boolean: FlagInput,
  enum: EnumInput,
  vehicle: VehicleInput,
  vehicles: VehiclesInput,
  longText: LinesInput,
  textList: LinesInput,
  dateTime: MomentInput,
  text: TypedInput,
  number: TypedInput,
};
