import { NativeSelect } from '@mantine/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useFormField } from '../form/useFormField';

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
  // Controlled, so the chosen record shows even when the options arrive after the form.
  const { field, error } = useFormField(control, name);
  return (
    <NativeSelect
      label={label}
      description={description}
      withAsterisk={required}
      data={[{ value: '', label: placeholder }, ...options]}
      data-testid={testId}
      error={error}
      {...field}
      value={String(field.value ?? '')}
    />
  );
}
