import { NumberInput } from '@mantine/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useFormField } from '../../components/form/useFormField';

interface NumberFieldProps<In extends FieldValues> {
  control: Control<In, unknown, unknown>;
  name: Path<In>;
  label: string;
  testId: string;
  description?: string;
  required?: boolean;
  /** What an empty box means: no value (null, e.g. no speed limit) or the schema's default (undefined). */
  empty?: null;
  allowDecimal?: boolean;
  suffix?: string;
  readOnly?: boolean;
}

/** A number of the zone form, kept as a number (or empty) with the schema's message under it. */
export function NumberField<In extends FieldValues>({
  control,
  name,
  empty,
  allowDecimal = true,
  testId,
  ...props
}: NumberFieldProps<In>) {
  const { field, error } = useFormField(control, name);
  return (
    <NumberInput
      {...props}
      withAsterisk={props.required && !props.readOnly}
      ref={field.ref}
      name={field.name}
      onBlur={field.onBlur}
      value={field.value ?? ''}
      onChange={(value) => field.onChange(typeof value === 'number' ? value : empty)}
      allowDecimal={allowDecimal}
      decimalSeparator="."
      hideControls
      error={error}
      data-testid={testId}
    />
  );
}
