import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Center, Group, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type DefaultValues, type FieldValues, type Mode, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerFieldErrors } from '../api/field-errors';
import type { ModalProps } from './modal-props';

interface EntityModalProps<In extends FieldValues, Out> extends ModalProps {
  title: ReactNode;
  /** A domain schema: its messages show under the fields, its output is what `onSubmit` receives. */
  schema: z.ZodType<Out, In>;
  defaultValues: DefaultValues<In>;
  /** Saves; a rejection keeps the modal open with the server's field errors under the inputs. */
  onSubmit: (values: Out) => Promise<unknown>;
  children: (form: UseFormReturn<In, unknown, Out>) => ReactNode;
  submitLabel?: string;
  cancelLabel?: string;
  /** The record to edit is still loading: the form waits, since its defaults are read once. */
  loading?: boolean;
  /** When the fields are checked: on submit unless told ('onTouched': as each is left). */
  mode?: Mode;
}

/** The add/edit modal of every list screen: a zod-resolved form, Save disabled while saving. */
export function EntityModal<In extends FieldValues, Out>({
  opened,
  title,
  onClose,
  loading,
  ...formProps
}: EntityModalProps<In, Out>) {
  // On a phone a long form takes the screen, its Save button reached by scrolling the page, not the box.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg" fullScreen={phone}>
      {/* Modal content unmounts when closed, so each opening starts a fresh form from defaultValues. */}
      {loading ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        <EntityForm onClose={onClose} {...formProps} />
      )}
    </Modal>
  );
}

function EntityForm<In extends FieldValues, Out>({
  schema,
  defaultValues,
  onSubmit,
  onClose,
  children,
  submitLabel,
  cancelLabel,
  mode,
}: Omit<EntityModalProps<In, Out>, 'opened' | 'title' | 'loading'>) {
  const { t } = useTranslation('components');
  const form = useForm<In, unknown, Out>({ resolver: zodResolver(schema), defaultValues, mode });
  const saving = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="entity-modal">
      <Stack gap="sm">
        {children(form)}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={saving} data-testid="entity-cancel">
            {cancelLabel ?? t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={saving} data-testid="entity-save">
            {submitLabel ?? t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
