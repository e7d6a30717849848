import { API_KEY_SCOPES, apiKeyCreateSchema, type ApiKeyCreated } from '@evfleet/domain';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateTimeField } from '../../components/DateTimeField';
import { EntityModal } from '../../components/EntityModal';
import { CheckboxListField } from '../../components/form/CheckboxListField';
import { TextFields } from '../../components/form/TextFields';
import { useFormField } from '../../components/form/useFormField';
import type { ModalProps } from '../../components/modal-props';
import { useCreateApiKey } from './api/api-keys-api';

type KeyForm = UseFormReturn<z.input<typeof apiKeyCreateSchema>, unknown, unknown>;

interface NewKeyModalProps extends ModalProps {
  /** The server made the key: the only moment its whole text is known. */
  onCreated: (created: ApiKeyCreated) => void;
}

/** A new key: its name, scopes and expiry, checked by the domain's schema on both sides. */
export function NewKeyModal({ onCreated, ...modal }: NewKeyModalProps) {
  const { t } = useTranslation('api-keys');
  const create = useCreateApiKey();

  return (
    <EntityModal
      {...modal}
      title={t('create.title')}
      schema={apiKeyCreateSchema}
      defaultValues={{ name: '', scopes: ['read'], expiresAt: null }}
      submitLabel={t('create.submit')}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(values);
        modal.onClose();
        onCreated(created);
      }}
    >
      {(form) => (
        <>
          <TextFields
            form={form}
            required
            fields={[{ name: 'name', label: t('create.name'), autofocus: true, testId: 'api-key-name' }]}
          />
          <ScopeChoice form={form} />
          <ExpiryField form={form} />
        </>
      )}
    </EntityModal>
  );
}

/** The scopes as ticks, each with what it lets the key do. */
function ScopeChoice({ form }: { form: KeyForm }) {
  const { t } = useTranslation('api-keys');
  return (
    <CheckboxListField
      control={form.control}
      name="scopes"
      label={t('create.scopes')}
      choices={API_KEY_SCOPES.map((scope) => ({
        value: scope,
        // A scope is named as the API and its documentation name it, in every language.
        label: scope,
        description: t(`scope.${scope}`),
        testId: `api-key-scope-${scope}`,
      }))}
      testId="api-key-scopes"
    />
  );
}

/** When the key stops working; empty: never. */
function ExpiryField({ form }: { form: KeyForm }) {
  const { t } = useTranslation('api-keys');
  const { field, error } = useFormField(form.control, 'expiresAt');
  return (
    <DateTimeField
      label={t('create.expiresAt')}
      description={t('create.expiresHint')}
      error={error}
      value={typeof field.value === 'string' ? new Date(field.value) : null}
      onChange={(picked) => field.onChange(picked ? picked.toISOString() : null)}
      onBlur={field.onBlur}
      ref={field.ref}
      testId="api-key-expires"
    />
  );
}
