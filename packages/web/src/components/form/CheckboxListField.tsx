import { Checkbox, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useFormField } from './useFormField';

/** One tick of the list: the value it adds, and how it is named. */
export interface CheckboxChoice {
  value: string;
  label: ReactNode;
  description?: ReactNode;
  testId: string;
}

interface CheckboxListFieldProps<In extends FieldValues> {
  control: Control<In, unknown, unknown>;
  /** A field holding a list of the choices' values; at least one is required. */
  name: Path<In>;
  label: string;
  choices: readonly CheckboxChoice[];
  testId: string;
  /** Side by side from a small screen up; one a line unless told. */
  columns?: number;
}

/** A form's list field as ticks, with the schema's message (in the portal's language) under them. */
export function CheckboxListField<In extends FieldValues>({
  control,
  name,
  label,
  choices,
  testId,
  columns = 1,
}: CheckboxListFieldProps<In>) {
  const { field, error } = useFormField(control, name);
  return (
    <Checkbox.Group
      label={label}
      withAsterisk
      // useFormField types a value as any of the form's: this field's is always the list.
      value={Array.isArray(field.value) ? field.value : []}
      onChange={field.onChange}
      error={error}
      data-testid={testId}
    >
      <SimpleGrid cols={{ base: 1, xs: columns }} spacing="xs" mt={6}>
        {choices.map(({ value, label: choiceLabel, description, testId: choiceTestId }) => (
          <Checkbox
            key={value}
            value={value}
            label={choiceLabel}
            description={description}
            data-testid={choiceTestId}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
