import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useDomainText } from '../../i18n/useDomainText';

/** A controlled field of a form, and the schema's message about it in the portal's language. */
export function useFormField<In extends FieldValues>(control: Control<In, unknown, unknown>, name: Path<In>) {
  const domainText = useDomainText();
  const { field, fieldState } = useController({ control, name });
  return { field, error: domainText(fieldState.error?.message) };
}
