import { PasswordInput, Textarea, TextInput } from '@mantine/core';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { useDomainText } from '../../i18n/useDomainText';

/** How a field is typed in: plain text, an e-mail address, digits, a decimal, several lines, or a password. */
type TextKind = 'text' | 'email' | 'mobile' | 'decimal' | 'multiline' | 'password';

export interface TextField<In extends FieldValues> {
  name: Path<In>;
  label: string;
  testId: string;
  kind?: TextKind;
  autoComplete?: string;
  placeholder?: string;
  description?: string;
  /** The field the form focuses when it opens. */
  autofocus?: boolean;
  /** How the box's text becomes the form's value. */
  registerOptions?: RegisterOptions<In, Path<In>>;
}

/** A password being chosen: browsers offer to generate one rather than fill in a saved one. */
export const NEW_PASSWORD = { kind: 'password', autoComplete: 'new-password' } as const;

/** The password one has now: browsers fill in the saved one. */
export const CURRENT_PASSWORD = { kind: 'password', autoComplete: 'current-password' } as const;

interface TextFieldsProps<In extends FieldValues> {
  form: UseFormReturn<In, unknown, unknown>;
  fields: readonly TextField<In>[];
  /** Every field is required: each shows the mark (not on a read-only form). */
  required?: boolean;
  readOnly?: boolean;
}

/**
 * The text inputs of a form, in the order given: each registered with the form and showing the
 * schema's message (in the portal's language) under it.
 */
export function TextFields<In extends FieldValues>({ form, fields, required, readOnly = false }: TextFieldsProps<In>) {
  const domainText = useDomainText();
  return fields.map(({ name, testId, kind = 'text', autofocus, registerOptions, ...texts }) => {
    const common = {
      ...texts,
      withAsterisk: required && !readOnly,
      readOnly: readOnly || undefined,
      'data-autofocus': autofocus || undefined,
      'data-testid': testId,
      error: domainText(form.getFieldState(name, form.formState).error?.message),
      ...form.register(name, registerOptions),
    };
    if (kind === 'multiline') return <Textarea key={name} autosize minRows={2} {...common} />;
    if (kind === 'password') return <PasswordInput key={name} {...common} />;
    if (kind === 'email') return <TextInput key={name} type="email" {...common} />;
    if (kind === 'mobile') return <TextInput key={name} inputMode="numeric" {...common} />;
    if (kind === 'decimal') return <TextInput key={name} inputMode="decimal" {...common} />;
    return <TextInput key={name} {...common} />;
  });
}
