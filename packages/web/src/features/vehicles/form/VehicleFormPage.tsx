import {
  effectiveThresholds,
  vehicleWriteSchema,
  type AlertAttribute,
  type Vehicle,
  type VehicleForm,
  type VehicleWrite,
} from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { applyServerFieldErrors } from '../../../api/field-errors';
import { ROUTES } from '../../../app/routes';
import { NotFound } from '../../../app/shell/StatusPages';
import { toast } from '../../../app/toast';
import { useIdParam } from '../../../app/useIdParam';
import { useDomainText } from '../../../i18n/useDomainText';
import { uploadSheet } from '../../../components/thresholds/sheet-upload';
import { useFocusFirstError } from '../../../components/useFocusFirstError';
import { fetchTemplate, useSaveVehicle, useVehicle } from '../api/vehicles-api';
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
  if (editing && id === null) return <NotFound />;
  if (editing && vehicle.isError)
    return (
      <Alert color="red" m="md">
        {t('loadFailed')}
      </Alert>
    );
  if (editing && !vehicle.data) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  // Keyed by what it edits: another vehicle starts a fresh form, a refetch does not wipe unsaved edits.
  return <VehicleFormBody key={vehicle.data?.id ?? 'new'} vehicle={vehicle.data} />;
}

/**
 * The vehicle form (§2, §4, §5): Back, the heading, the fields, 'Notifications Settings' and Save.
 * Saving a new vehicle returns to the list; saving an existing one stays and shows it refetched.
 */
function VehicleFormBody({ vehicle }: { vehicle: Vehicle | undefined }) {
  const { t } = useTranslation('vehicles');
  const domainText = useDomainText();
  const navigate = useNavigate();
  const save = useSaveVehicle();
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

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      if (vehicle) {
        toast.success(t('toast.updated'));
        // §4: it stays, showing the vehicle as stored now.
        form.reset(formValuesOf(saved));
      } else {
        toast.success(t('toast.created'));
        back();
      }
    } catch (error) {
      applyServerFieldErrors(error, form);
    }
  });

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
