import { TextInput, Textarea } from '@mantine/core';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useDomainText } from '../../i18n/useDomainText';

/** How a contact field is typed in: plain text, an e-mail address, digits, or a multi-line address. */
export type ContactKind = 'text' | 'email' | 'mobile' | 'address';

export interface ContactField<In extends FieldValues> {
  name: Path<In>;
  label: string;
  testId: string;
  kind?: ContactKind;
  /** The field the modal focuses when it opens. */
  autofocus?: boolean;
}

interface ContactFieldsProps<In extends FieldValues> {
  form: UseFormReturn<In, unknown, unknown>;
  fields: ContactField<In>[];
}

/** The required contact inputs of a person's form (name, e-mail, mobile, address…), in the order given. */
export function ContactFields<In extends FieldValues>({ form, fields }: ContactFieldsProps<In>) {
  const domainText = useDomainText();
  return fields.map(({ name, label, testId, kind = 'text', autofocus }) => {
    const common = {
      label,
      withAsterisk: true,
      'data-autofocus': autofocus || undefined,
      'data-testid': testId,
      error: domainText(form.getFieldState(name, form.formState).error?.message),
      ...form.register(name),
    };
    if (kind === 'address') return <Textarea key={name} autosize minRows={2} {...common} />;
    if (kind === 'email') return <TextInput key={name} type="email" {...common} />;
    if (kind === 'mobile') return <TextInput key={name} inputMode="numeric" {...common} />;
    return <TextInput key={name} {...common} />;
  });
}
