import { NativeSelect } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useDomainText } from '../../i18n/useDomainText';

interface OptionSelectProps<In extends FieldValues> {
  control: Control<In, unknown, unknown>;
  name: Path<In>;
  label: string;
  description?: string;
  required?: boolean;
  /** The first, empty choice: a 'Loading…' or 'Choose…' text. */
  placeholder: string;
  options: { value: string; label: string }[];
  testId: string;
}

/** A select of records (a fleet, a dealer, a user) whose id the form keeps as text. */
export function OptionSelect<In extends FieldValues>({
  control,
  name,
  label,
  description,
  required,
  placeholder,
  options,
  testId,
}: OptionSelectProps<In>) {
  const domainText = useDomainText();
  return (
    <Controller
      control={control}
      name={name}
      // Controlled, so the chosen record shows even when the options arrive after the form.
      render={({ field, fieldState }) => (
        <NativeSelect
          label={label}
          description={description}
          withAsterisk={required}
          data={[{ value: '', label: placeholder }, ...options]}
          data-testid={testId}
          error={domainText(fieldState.error?.message)}
          {...field}
          value={String(field.value ?? '')}
        />
      )}
    />
  );
}
