import { driverWriteSchema, type Driver, type DriverWrite } from '@evfleet/domain';
import { NativeSelect, TextInput, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { toast } from '../../notify/toast';
import { EntityModal } from '../../components/EntityModal';
import { useIdParam } from '../../routing/useIdParam';
import { useDomainText } from '../../i18n/useDomainText';
import { useActiveFleets, useDriver, useSaveDriver } from './api/drivers-api';
import { ImageField } from '../../components/ImageField';

type DriverFormInput = z.input<typeof driverWriteSchema>;

function defaultsFor(driver: Driver | undefined): DriverFormInput {
  if (!driver) return { name: '', email: '', mobile: '', address: '', fleetId: '', dbFileId: '', status: true };
  const { id, name, email, mobile, address, fleetId, dbFileId, status } = driver;
  return {
    id,
    name,
    email,
    mobile,
    address,
    fleetId: fleetId ? String(fleetId) : '',
    dbFileId: dbFileId ?? '',
    status,
  };
}

/** /driver/new ('Add Driver') and /driver/:id/edit ('Edit Driver'), over the list. */
export function DriverModal() {
  const { t } = useTranslation('drivers');
  const domainText = useDomainText();
  const editing = useParams().id !== undefined;
  const id = useIdParam();
  const navigate = useNavigate();
  const driver = useDriver(editing ? id : null);
  const fleets = useActiveFleets();
  const save = useSaveDriver();
  if (editing && id === null) return <NotFound />;

  const close = () => navigate(ROUTES.driver);
  const submit = async (values: DriverWrite) => {
    await save.mutateAsync(values);
    toast.success(t(editing ? 'toast.updated' : 'toast.created'));
    close();
  };

  // Only Active fleets are offered (§4); a driver's current fleet stays listed so editing keeps it.
  const options = (fleets.data ?? []).map((fleet) => ({ value: String(fleet.id), label: fleet.name }));
  const current = driver.data;
  if (current?.fleetId && !options.some((option) => option.value === String(current.fleetId))) {
    options.push({
      value: String(current.fleetId),
      label: t('form.inactiveFleet', { fleet: current.fleetName ?? current.fleetId }),
    });
  }

  return (
    <EntityModal
      opened
      onClose={close}
      title={t(editing ? 'form.edit' : 'form.add')}
      schema={driverWriteSchema}
      defaultValues={defaultsFor(current)}
      loading={editing && driver.isPending}
      onSubmit={submit}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <TextInput
            label={t('name')}
            withAsterisk
            data-autofocus
            data-testid="driver-name"
            error={domainText(errors.name?.message)}
            {...register('name')}
          />
          <TextInput
            label={t('email')}
            type="email"
            withAsterisk
            data-testid="driver-email"
            error={domainText(errors.email?.message)}
            {...register('email')}
          />
          <TextInput
            label={t('mobile')}
            inputMode="numeric"
            withAsterisk
            data-testid="driver-mobile"
            error={domainText(errors.mobile?.message)}
            {...register('mobile')}
          />
          <Textarea
            label={t('address')}
            withAsterisk
            autosize
            minRows={2}
            data-testid="driver-address"
            error={domainText(errors.address?.message)}
            {...register('address')}
          />
          <Controller
            control={control}
            name="fleetId"
            // Controlled, so the chosen fleet shows even when the options arrive after the form.
            render={({ field, fieldState }) => (
              <NativeSelect
                label={t('fleet')}
                withAsterisk
                data={[{ value: '', label: t(fleets.isPending ? 'form.loading' : 'form.chooseFleet') }, ...options]}
                data-testid="driver-fleetId"
                error={domainText(fieldState.error?.message)}
                {...field}
                value={String(field.value ?? '')}
              />
            )}
          />
          <Controller
            control={control}
            name="dbFileId"
            render={({ field, fieldState }) => (
              <ImageField
                label={t('form.photo')}
                alt={t('form.photoAlt')}
                testId="driver-photo"
                initialData={current?.data ?? null}
                initialFileId={current?.dbFileId ?? undefined}
                onFileId={field.onChange}
                error={domainText(fieldState.error?.message)}
              />
            )}
          />
        </>
      )}
    </EntityModal>
  );
}
