import {
  effectiveThresholds,
  vehicleWriteSchema,
  type AlertAttribute,
  type Tracker,
  type Vehicle,
  type VehicleForm,
  type VehicleWrite,
} from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useRef } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../routing/routes';
import { NotFound } from '../../../routing/StatusPages';
import { useIdParam } from '../../../routing/useIdParam';
import { useDomainText } from '../../../i18n/useDomainText';
import { uploadSheet } from '../../../components/thresholds/sheet-upload';
import { firstErrorMessage } from '../../../components/first-error-message';
import { useFocusFirstError } from '../../../components/useFocusFirstError';
import { fetchTemplate, useVehicle } from '../api/vehicles-api';
import { useTracker } from '../tracker/api/tracker-api';
import { useTrackerForm } from '../tracker/tracker-form';
import { TrackerFormSection } from '../tracker/TrackerFormSection';
import { useSaveOneMetric } from './useSaveOneMetric';
import { useVehicleFormSubmit } from './useVehicleFormSubmit';
import { DeviceCredential } from './DeviceCredential';
import { NotificationsSettings } from './NotificationsSettings';
import { formValuesOf } from './vehicle-form-values';
import { VehicleFields } from './VehicleFields';

/** /vehicle/new and /vehicle/{id}/edit (administrators; the routes check). */
export function VehicleFormPage() {
  const { t } = useTranslation('vehicles');
  const editing = useParams().id !== undefined;
  const id = useIdParam();
  const vehicle = useVehicle(editing ? id : null);
  const tracker = useTracker(editing ? id : null);
  if (editing && id === null) return <NotFound />;
  if (editing && (vehicle.isError || tracker.isError))
    return (
      <Alert color="red" m="md">
        {t('loadFailed')}
      </Alert>
    );
  if (editing && (!vehicle.data || !tracker.data)) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  // Keyed by what it edits: another vehicle starts a fresh form, a refetch does not wipe unsaved edits.
  return <VehicleFormBody key={vehicle.data?.id ?? 'new'} vehicle={vehicle.data} tracker={tracker.data} />;
}

/**
 * The vehicle form (§2, §4, §5): Back, the heading, the fields, the tracker, 'Notifications Settings'
 * and Save (useVehicleFormSubmit says what a Save does).
 */
function VehicleFormBody({ vehicle, tracker }: { vehicle: Vehicle | undefined; tracker: Tracker | undefined }) {
  const trackerForm = useTrackerForm(tracker);
  const form = useForm<VehicleForm, unknown, VehicleWrite>({
    resolver: zodResolver(vehicleWriteSchema),
    defaultValues: formValuesOf(vehicle),
    // useFocusFirstError does it, for every kind of input and for the server's field errors too.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(form.formState, formRef);
  const submit = useVehicleFormSubmit({ vehicle, form, trackerForm });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md" p="md">
        <VehicleFormHeader vehicle={vehicle} saving={form.formState.isSubmitting} />
        <Paper withBorder radius="md" p="md">
          <VehicleFields form={form} onTemplateChosen={(templateId) => void applyTemplate(form, templateId)} />
        </Paper>
        {vehicle && <DeviceCredential vehicleId={vehicle.id} vin={vehicle.vin} />}
        <TrackerFormSection form={trackerForm} saved={tracker} vehicleId={vehicle?.id} />
        <ThresholdsField form={form} vehicleId={vehicle?.id} />
      </Stack>
    </form>
  );
}

/** §4: choosing a template replaces the thresholds with the template's. */
async function applyTemplate(form: UseFormReturn<VehicleForm, unknown, VehicleWrite>, templateId: number) {
  try {
    const template = await fetchTemplate(templateId);
    form.setValue('attributes', effectiveThresholds({ template: template.attributes }), {
      shouldDirty: true,
      shouldValidate: true,
    });
  } catch {
    // the HTTP client has already said why; the thresholds stay as they were
  }
}

/** Back to the list, the vehicle's name (or Add Vehicle) and Save. */
function VehicleFormHeader({ vehicle, saving }: { vehicle: Vehicle | undefined; saving: boolean }) {
  const { t } = useTranslation('vehicles');
  const navigate = useNavigate();
  return (
    <Group justify="space-between">
      <Group gap="sm">
        <Button variant="default" onClick={() => navigate(ROUTES.vehicle)} data-testid="vehicle-back">
          {t('form.back')}
        </Button>
        <Title order={2} data-testid="vehicle-form-title">
          {vehicle ? t('form.titleEdit', { name: vehicle.name, vin: vehicle.vin }) : t('form.titleNew')}
        </Title>
      </Group>
      <Button type="submit" loading={saving} data-testid="vehicle-save">
        {t('form.save')}
      </Button>
    </Group>
  );
}

/**
 * 'Notifications Settings': the vehicle's thresholds, saved with the form; a stored vehicle's also
 * uploaded as a sheet or saved one metric at a time.
 */
function ThresholdsField({
  form,
  vehicleId,
}: {
  form: UseFormReturn<VehicleForm, unknown, VehicleWrite>;
  vehicleId: number | undefined;
}) {
  const domainText = useDomainText();
  const upload =
    vehicleId === undefined ? undefined : (file: File) => uploadSheet(`api/vehicles/upload/${vehicleId}`, file);
  const saveOne = useSaveOneMetric(vehicleId);
  return (
    <Controller
      control={form.control}
      name="attributes"
      render={({ field }) => (
        <NotificationsSettings
          value={(field.value ?? []) as AlertAttribute[]}
          onChange={field.onChange}
          upload={upload}
          onSaveOne={saveOne.run}
          savingOne={saveOne.saving}
          error={domainText(firstErrorMessage(form.formState.errors.attributes))}
        />
      )}
    />
  );
}
