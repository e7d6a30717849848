import {
  effectiveThresholds,
  vehicleWriteSchema,
  type AlertAttribute,
  type Tracker,
  type TrackerWrite,
  type Vehicle,
  type VehicleForm,
  type VehicleWrite,
} from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useRef, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { applyServerFieldErrors } from '../../../api/field-errors';
import { ROUTES } from '../../../routing/routes';
import { NotFound } from '../../../routing/StatusPages';
import { toast } from '../../../notify/toast';
import { useIdParam } from '../../../routing/useIdParam';
import { useDomainText } from '../../../i18n/useDomainText';
import { uploadSheet } from '../../../components/thresholds/sheet-upload';
import { useFocusFirstError } from '../../../components/useFocusFirstError';
import { fetchTemplate, useSaveVehicle, useVehicle } from '../api/vehicles-api';
import { useSaveTracker, useTracker } from '../tracker/api/tracker-api';
import { trackerFormOf, useTrackerForm } from '../tracker/tracker-form';
import { TrackerFormSection } from '../tracker/TrackerFormSection';
import { useSaveOneMetric } from './useSaveOneMetric';
import { DeviceCredential } from './DeviceCredential';
import { NotificationsSettings } from './NotificationsSettings';
import { firstMessage, formValuesOf } from './vehicle-form-values';
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
 * and Save. Saving a new vehicle returns to the list; saving an existing one stays and shows it
 * refetched. The tracker is saved after the vehicle (it needs the vehicle's id), and only when changed.
 */
function VehicleFormBody({ vehicle, tracker }: { vehicle: Vehicle | undefined; tracker: Tracker | undefined }) {
  const { t } = useTranslation('vehicles');
  const domainText = useDomainText();
  const navigate = useNavigate();
  const save = useSaveVehicle();
  const saveTracker = useSaveTracker();
  const trackerForm = useTrackerForm(tracker);
  // Read while rendering, so the form keeps it current for the submit below.
  const trackerChanged = trackerForm.formState.isDirty;
  const form = useForm<VehicleForm, unknown, VehicleWrite>({
    resolver: zodResolver(vehicleWriteSchema),
    defaultValues: formValuesOf(vehicle),
    // useFocusFirstError does it, for every kind of input and for the server's field errors too.
    shouldFocusError: false,
  });
  const { errors, isSubmitting } = form.formState;
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstError(form.formState, formRef);
  const back = () => navigate(ROUTES.vehicle);

  const chooseTemplate = async (templateId: number) => {
    try {
      // §4: choosing a template replaces the thresholds with the template's.
      const template = await fetchTemplate(templateId);
      form.setValue('attributes', effectiveThresholds({ template: template.attributes }), {
        shouldDirty: true,
        shouldValidate: true,
      });
    } catch {
      // the HTTP client has already said why; the thresholds stay as they were
    }
  };

  /** PUT api/vehicles/{id}/device when the tracker's fields changed; false when it was refused (the fields or a toast say why). */
  const storeTracker = async (vehicleId: number, values: TrackerWrite) => {
    if (!trackerChanged && (vehicle || values.protocol === 'none')) return true;
    try {
      trackerForm.reset(trackerFormOf(await saveTracker.mutateAsync({ vehicleId, tracker: values })));
      return true;
    } catch (error) {
      applyServerFieldErrors(error, trackerForm);
      return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The tracker's fields are checked with the vehicle's, so both show their messages before anything is saved.
    const checked: { tracker?: TrackerWrite } = {};
    await trackerForm.handleSubmit((values) => {
      checked.tracker = values;
    })();
    await form.handleSubmit(async (values) => {
      if (!checked.tracker) return;
      let saved: Vehicle;
      try {
        saved = await save.mutateAsync(values);
      } catch (error) {
        applyServerFieldErrors(error, form);
        return;
      }
      const trackerStored = await storeTracker(saved.id, checked.tracker);
      toast.success(t(vehicle ? 'toast.updated' : 'toast.created'));
      if (vehicle) {
        // §4: it stays, showing the vehicle as stored now.
        form.reset(formValuesOf(saved));
      } else if (trackerStored) back();
      else {
        // The vehicle exists now: its edit page takes the tracker again, with what refused it still in a toast.
        toast.warning(t('tracker.notSavedWithVehicle'));
        navigate(`${ROUTES.vehicle}/${saved.id}/edit`);
      }
    })();
  };

  const upload = vehicle ? (file: File) => uploadSheet(`api/vehicles/upload/${vehicle.id}`, file) : undefined;
  const saveOne = useSaveOneMetric(vehicle?.id);

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="md" p="md">
        <Group justify="space-between">
          <Group gap="sm">
            <Button variant="default" onClick={back} data-testid="vehicle-back">
              {t('form.back')}
            </Button>
            <Title order={2} data-testid="vehicle-form-title">
              {vehicle ? t('form.titleEdit', { name: vehicle.name, vin: vehicle.vin }) : t('form.titleNew')}
            </Title>
          </Group>
          <Button type="submit" loading={isSubmitting} data-testid="vehicle-save">
            {t('form.save')}
          </Button>
        </Group>
        <Paper withBorder radius="md" p="md">
          <VehicleFields form={form} onTemplateChosen={chooseTemplate} />
        </Paper>
        {vehicle && <DeviceCredential vehicleId={vehicle.id} vin={vehicle.vin} />}
        <TrackerFormSection form={trackerForm} saved={tracker} vehicleId={vehicle?.id} />
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
              error={domainText(firstMessage(errors.attributes))}
            />
          )}
        />
      </Stack>
    </form>
  );
}
