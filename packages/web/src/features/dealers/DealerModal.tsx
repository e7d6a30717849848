import { DEALER_ADDRESS, dealerFormSchema, dealerWriteSchema, type Dealer, type DealerWrite } from '@evfleet/domain';
import { NativeSelect, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { useCan } from '../../session/useCan';
import { toast } from '../../notify/toast';
import { EntityModal } from '../../components/EntityModal';
import { useIdParam } from '../../routing/useIdParam';
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
  const editing = useParams().id !== undefined;
  const id = useIdParam();
  const navigate = useNavigate();
  const mayReadUsers = useCan('users');
  const dealer = useDealer(editing ? id : null);
  const users = useUserOptions(mayReadUsers);
  const save = useSaveDealer();
  if (editing && id === null) return <NotFound />;

  const close = () => navigate(ROUTES.dealer);
  const submit = async (values: DealerWrite) => {
    // §2.7: the address is always sent as the fixed text 'Default'.
    await save.mutateAsync({ ...values, address: DEALER_ADDRESS });
    toast.success(t(editing ? 'toast.updated' : 'toast.created'));
    close();
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
      {({ register, control, setValue, formState: { errors } }) => (
        <>
          <TextInput
            label={t('detail.name')}
            withAsterisk
            data-autofocus
            data-testid="dealer-name"
            error={domainText(errors.name?.message)}
            {...register('name')}
          />
          <TextInput
            label={t('form.email')}
            type="email"
            withAsterisk
            data-testid="dealer-email"
            error={domainText(errors.email?.message)}
            {...register('email')}
          />
          <TextInput
            label={t('form.mobileNumber')}
            inputMode="numeric"
            withAsterisk
            data-testid="dealer-mobileNumber"
            error={domainText(errors.mobileNumber?.message)}
            {...register('mobileNumber')}
          />
          <TextInput
            label={t('column.company')}
            withAsterisk
            data-testid="dealer-company"
            error={domainText(errors.company?.message)}
            {...register('company')}
          />
          <DealerPasswordField
            required={!editing}
            error={domainText(errors.password?.message)}
            registration={register('password', {
              setValueAs: (value: string) => (editing && !value ? undefined : value),
            })}
            onGenerate={(password) => setValue('password', password, { shouldValidate: true, shouldDirty: true })}
          />
          <Controller
            control={control}
            name="activation"
            render={({ field }) => <ActivationSwitch checked={field.value ?? false} onChange={field.onChange} />}
          />
          {mayReadUsers && (
            <Controller
              control={control}
              name="userId"
              // Controlled, so the linked user shows even when the options arrive after the form.
              render={({ field, fieldState }) => (
                <NativeSelect
                  label={t('form.user')}
                  description={t('form.userHint')}
                  data={[{ value: '', label: t(users.isPending ? 'form.loading' : 'form.noUser') }, ...userOptions]}
                  data-testid="dealer-userId"
                  error={domainText(fieldState.error?.message)}
                  {...field}
                  value={String(field.value ?? '')}
                />
              )}
            />
          )}
        </>
      )}
    </EntityModal>
  );
}
