import { DEALER_ADDRESS, dealerFormSchema, dealerWriteSchema, type Dealer, type DealerWrite } from '@evfleet/domain';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { useCan } from '../../session/useCan';
import { EntityModal } from '../../components/EntityModal';
import { TextFields } from '../../components/form/TextFields';
import { OptionSelect } from '../../components/person/OptionSelect';
import { useRoutedModal } from '../../components/person/useRoutedModal';
import { ActivationSwitch } from './ActivationSwitch';
import { useDomainText } from '../../i18n/useDomainText';
import { useDealer, useSaveDealer, useUserOptions } from './api/dealers-api';
import { DealerPasswordField } from './DealerPasswordField';

type DealerFormInput = z.input<typeof dealerWriteSchema>;

function defaultsFor(dealer: Dealer | undefined): DealerFormInput {
  const base = { address: DEALER_ADDRESS, password: '' };
  if (!dealer) return { ...base, name: '', email: '', mobileNumber: '', company: '', activation: false, userId: '' };
  const { id, name, email, mobileNumber, company, activation, userId } = dealer;
  return { ...base, id, name, email, mobileNumber, company, activation, userId: userId ? String(userId) : '' };
}

/** /dealer/new and /dealer/:id/edit (§2.7): the dealer form, over the list. */
export function DealerModal() {
  const { t } = useTranslation('dealers');
  const domainText = useDomainText();
  const { editing, editId, badId, close, saved } = useRoutedModal(ROUTES.dealer);
  const mayReadUsers = useCan('users');
  const dealer = useDealer(editId);
  const users = useUserOptions(mayReadUsers);
  const save = useSaveDealer();
  if (badId) return <NotFound />;

  const submit = async (values: DealerWrite) => {
    // §2.7: the address is always sent as the fixed text 'Default'.
    await save.mutateAsync({ ...values, address: DEALER_ADDRESS });
    saved(t(editing ? 'toast.updated' : 'toast.created'));
  };
  const userOptions = (users.data ?? []).map((user) => ({
    value: String(user.id),
    label: `${user.login} (${user.email})`,
  }));

  return (
    <EntityModal
      opened
      onClose={close}
      title={t(editing ? 'form.edit' : 'form.add')}
      // A new dealer needs a password; an update without one keeps the current password.
      schema={editing ? dealerWriteSchema : dealerFormSchema}
      defaultValues={defaultsFor(dealer.data)}
      loading={editing && dealer.isPending}
      onSubmit={submit}
    >
      {(form) => (
        <>
          <TextFields
            form={form}
            required
            fields={[
              { name: 'name', label: t('detail.name'), testId: 'dealer-name', autofocus: true },
              { name: 'email', label: t('form.email'), testId: 'dealer-email', kind: 'email' },
              { name: 'mobileNumber', label: t('form.mobileNumber'), testId: 'dealer-mobileNumber', kind: 'mobile' },
              { name: 'company', label: t('column.company'), testId: 'dealer-company' },
            ]}
          />
          <DealerPasswordField
            required={!editing}
            error={domainText(form.formState.errors.password?.message)}
            registration={form.register('password', {
              setValueAs: (value: string) => (editing && !value ? undefined : value),
            })}
            onGenerate={(password) => form.setValue('password', password, { shouldValidate: true, shouldDirty: true })}
          />
          <Controller
            control={form.control}
            name="activation"
            render={({ field }) => <ActivationSwitch checked={field.value ?? false} onChange={field.onChange} />}
          />
          {mayReadUsers && (
            <OptionSelect
              control={form.control}
              name="userId"
              label={t('form.user')}
              description={t('form.userHint')}
              placeholder={t(users.isPending ? 'form.loading' : 'form.noUser')}
              options={userOptions}
              testId="dealer-userId"
            />
          )}
        </>
      )}
    </EntityModal>
  );
}
