import {
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  webhookCreateSchema,
  type Webhook,
  type WebhookCreated,
} from '@evfleet/domain';
import { Code, Input, SegmentedControl } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityModal } from '../../components/EntityModal';
import { CheckboxListField } from '../../components/form/CheckboxListField';
import { OwnerSelect } from '../../components/form/OwnerSelect';
import { TextFields } from '../../components/form/TextFields';
import { useFormField } from '../../components/form/useFormField';
import type { ModalProps } from '../../components/modal-props';
import { useCreateWebhook, useUpdateWebhook } from './api/webhooks-api';
import { useScopeChooser, useWebhookOwners } from './api/webhook-owners';
import { formOf, type WebhookFormValues } from './webhook-form';

type WebhookForm = UseFormReturn<WebhookFormValues, unknown, unknown>;

interface WebhookModalProps extends ModalProps {
  /** The hook to change; null: a new one. */
  hook: Webhook | null;
  /** The server made the hook: the only moment its secret is known (a new hook's form only). */
  onCreated?: (created: WebhookCreated) => void;
}

/** A new hook or a change to one: its URL, events, format, secret and scope, checked by the domain's schema. */
export function WebhookModal({ hook, onCreated, ...modal }: WebhookModalProps) {
  const { t } = useTranslation('webhooks');
  const create = useCreateWebhook();
  const update = useUpdateWebhook();

  return (
    <EntityModal
      {...modal}
      title={hook ? t('form.editTitle') : t('form.createTitle')}
      schema={webhookCreateSchema}
      defaultValues={formOf(hook)}
      submitLabel={hook ? undefined : t('form.create')}
      onSubmit={async (values) => {
        if (hook) {
          await update.mutateAsync({ id: hook.id, hook: { ...values, active: hook.active } });
          modal.onClose();
          return;
        }
        const created = await create.mutateAsync(values);
        modal.onClose();
        onCreated?.(created);
      }}
    >
      {(form) => (
        <>
          <TextFields
            form={form}
            required
            fields={[
              {
                name: 'url',
                label: t('form.url'),
                description: t('form.urlHint'),
                placeholder: 'https://',
                autofocus: true,
                testId: 'webhook-url',
              },
            ]}
          />
          <EventChoice form={form} />
          <FormatChoice form={form} />
          <TextFields
            form={form}
            fields={[
              {
                name: 'secret',
                label: t('form.secret'),
                description: hook ? t('form.secretKeep') : t('form.secretHint'),
                kind: 'password',
                autoComplete: 'new-password',
                testId: 'webhook-secret-input',
                // An empty box asks for no new secret: the server makes one, or keeps the hook's.
                registerOptions: { setValueAs: (value: string) => value || null },
              },
            ]}
          />
          <ScopeChoice form={form} />
        </>
      )}
    </EntityModal>
  );
}

/** The events as ticks, each named in words with its name in the deliveries beside it. */
function EventChoice({ form }: { form: WebhookForm }) {
  const { t } = useTranslation('webhooks');
  return (
    <CheckboxListField
      control={form.control}
      name="events"
      label={t('form.events')}
      choices={WEBHOOK_EVENTS.map((event) => ({
        value: event,
        label: t(`event.${event}`),
        description: <Code>{event}</Code>,
        testId: `webhook-event-${event}`,
      }))}
      columns={2}
      testId="webhook-events"
    />
  );
}

/** The body's shape: evfleet's JSON, or a message Slack or Microsoft Teams shows. */
function FormatChoice({ form }: { form: WebhookForm }) {
  const { t } = useTranslation('webhooks');
  const { field, error } = useFormField(form.control, 'format');
  return (
    <Input.Wrapper label={t('form.format')} description={t('form.formatHint')} error={error} id="webhook-format">
      <SegmentedControl
        display="flex"
        mt={4}
        aria-labelledby="webhook-format-label"
        value={typeof field.value === 'string' ? field.value : 'json'}
        onChange={field.onChange}
        data={WEBHOOK_FORMATS.map((format) => ({ value: format, label: t(`format.${format}`) }))}
        data-testid="webhook-format"
      />
    </Input.Wrapper>
  );
}

/** Whose vehicles' events the hook gets: an administrator and a dealer may narrow it; a fleet owner's is its fleet. */
function ScopeChoice({ form }: { form: WebhookForm }) {
  const { t } = useTranslation('webhooks');
  const chooser = useScopeChooser();
  const owners = useWebhookOwners(chooser);
  if (chooser === null) return null;
  return (
    <OwnerSelect
      control={form.control}
      owners={owners}
      label={t('form.scope')}
      description={chooser === 'admin' ? t('form.scopeHintAdmin') : t('form.scopeHintDealer')}
      emptyLabel={chooser === 'admin' ? t('scope.all') : t('form.scopeDealership')}
      required={false}
      testId="webhook-scope"
    />
  );
}
