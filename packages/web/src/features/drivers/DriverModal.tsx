import { PEOPLE_TEXTS, driverWriteSchema, type Driver, type DriverWrite } from '@evfleet/domain';
import { NativeSelect, TextInput, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ROUTES } from '../../app/routes';
import { NotFound } from '../../app/shell/StatusPages';
import { toast } from '../../app/toast';
import { EntityModal } from '../../components/EntityModal';
import { useIdParam } from '../../app/useIdParam';
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
    toast.success(editing ? PEOPLE_TEXTS.driverUpdated : PEOPLE_TEXTS.driverCreated);
    close();
  };

  // Only Active fleets are offered (§4); a driver's current fleet stays listed so editing keeps it.
  const options = (fleets.data ?? []).map((fleet) => ({ value: String(fleet.id), label: fleet.name }));
  const current = driver.data;
  if (current?.fleetId && !options.some((option) => option.value === String(current.fleetId))) {
    options.push({ value: String(current.fleetId), label: `${current.fleetName ?? current.fleetId} (Inactive)` });
  }

  return (
    <EntityModal
      opened
      onClose={close}
      title={editing ? 'Edit Driver' : 'Add Driver'}
      schema={driverWriteSchema}
      defaultValues={defaultsFor(current)}
      loading={editing && driver.isPending}
      onSubmit={submit}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            data-testid="driver-name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            data-testid="driver-email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label="Mobile"
            inputMode="numeric"
            withAsterisk
            data-testid="driver-mobile"
            error={errors.mobile?.message}
            {...register('mobile')}
          />
          <Textarea
            label="Address"
            withAsterisk
            autosize
            minRows={2}
            data-testid="driver-address"
            error={errors.address?.message}
            {...register('address')}
          />
          <Controller
            control={control}
            name="fleetId"
            // Controlled, so the chosen fleet shows even when the options arrive after the form.
            render={({ field, fieldState }) => (
              <NativeSelect
                label="Fleet"
                withAsterisk
                data={[{ value: '', label: fleets.isPending ? 'Loading..' : 'Select a fleet' }, ...options]}
                data-testid="driver-fleetId"
                error={fieldState.error?.message}
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
                label="Photo"
                alt="Driver photo"
                testId="driver-photo"
                initialData={current?.data ?? null}
                initialFileId={current?.dbFileId ?? undefined}
                onFileId={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </>
      )}
    </EntityModal>
  );
}
