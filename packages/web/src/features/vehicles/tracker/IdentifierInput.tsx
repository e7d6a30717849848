import type { TrackerWrite } from '@evfleet/domain';
import { TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDomainText } from '../../../i18n/useDomainText';
import type { TrackerForm } from './tracker-form';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

type IdentifierInputProps = {
  form: UseFormReturn<TrackerForm, unknown, TrackerWrite>;
  /** What the identifier is, which names it and its hint: a Teltonika box's IMEI or a phone's id. */
  kind: 'imei' | 'phoneId';
} & Omit<TextInputProps, 'form' | 'name' | 'error' | 'label' | 'description'>;

/**
 * The one identifier a tracker is known by (the IMEI or the phone's id): required, typed in
 * monospace so it reads character by character, its domain message under it.
 */
export function IdentifierInput({ form, kind, ...props }: IdentifierInputProps) {
  const { t } = useTranslation('vehicles');
  const domainText = useDomainText();
  return (
    <TextInput
      label={t(`tracker.${kind}`)}
      description={t(`tracker.${kind}Hint`)}
      withAsterisk
      autoComplete="off"
      styles={MONOSPACE}
      error={domainText(form.formState.errors.identifier?.message)}
      data-testid="tracker-identifier"
      {...props}
      {...form.register('identifier')}
    />
  );
}
