import { driverWriteSchema, type Driver, type DriverWrite } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { EntityModal } from '../../components/EntityModal';
import { TextFields } from '../../components/form/TextFields';
import { OptionSelect } from '../../components/person/OptionSelect';
import { useRoutedModal } from '../../components/person/useRoutedModal';
import { useActiveFleets, useDriver, useSaveDriver } from './api/drivers-api';
import { FormImageField } from '../../components/form/FormImageField';

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
  const { editing, editId, badId, close, saved } = useRoutedModal(ROUTES.driver);
  const driver = useDriver(editId);
  const fleets = useActiveFleets();
  const save = useSaveDriver();
  if (badId) return <NotFound />;

  const submit = async (values: DriverWrite) => {
    await save.mutateAsync(values);
    saved(t(editing ? 'toast.updated' : 'toast.created'));
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
      {(form) => (
        <>
          <TextFields
            form={form}
            required
            fields={[
              { name: 'name', label: t('name'), testId: 'driver-name', autofocus: true },
              { name: 'email', label: t('email'), testId: 'driver-email', kind: 'email' },
              { name: 'mobile', label: t('mobile'), testId: 'driver-mobile', kind: 'mobile' },
              { name: 'address', label: t('address'), testId: 'driver-address', kind: 'multiline' },
            ]}
          />
          <OptionSelect
            control={form.control}
            name="fleetId"
            label={t('fleet')}
            required
            placeholder={t(fleets.isPending ? 'form.loading' : 'form.chooseFleet')}
            options={options}
            testId="driver-fleetId"
          />
          <FormImageField
            control={form.control}
            name="dbFileId"
            label={t('form.photo')}
            alt={t('form.photoAlt')}
            testId="driver-photo"
            initialData={current?.data ?? null}
            initialFileId={current?.dbFileId ?? undefined}
          />
        </>
      )}
    </EntityModal>
  );
}
