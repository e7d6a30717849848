import type { ComponentProps } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { ImageField } from '../ImageField';
import { useFormField } from './useFormField';

type FormImageFieldProps<In extends FieldValues> = Omit<ComponentProps<typeof ImageField>, 'onFileId' | 'error'> & {
  control: Control<In, unknown, unknown>;
  /** The form's field that keeps the image's file id. */
  name: Path<In>;
};

/** An image field whose uploaded file id is a value of the form, with the schema's message under it. */
export function FormImageField<In extends FieldValues>({ control, name, ...image }: FormImageFieldProps<In>) {
  const { field, error } = useFormField(control, name);
  return <ImageField {...image} onFileId={field.onChange} error={error} />;
}
