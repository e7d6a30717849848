import type { TrackerWrite, Vehicle, VehicleForm, VehicleWrite } from '@evfleet/domain';
import type { FormEvent } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyServerFieldErrors } from '../../../api/field-errors';
import { toast } from '../../../notify/toast';
import { ROUTES } from '../../../routing/routes';
import { useSaveVehicle } from '../api/vehicles-api';
import { useSaveTracker } from '../tracker/api/tracker-api';
import { trackerFormOf, type TrackerForm } from '../tracker/tracker-form';
import { formValuesOf } from './vehicle-form-values';

interface VehicleFormSubmitOptions {
  /** The vehicle as stored; undefined for a new one. */
  vehicle: Vehicle | undefined;
  form: UseFormReturn<VehicleForm, unknown, VehicleWrite>;
  trackerForm: UseFormReturn<TrackerForm, unknown, TrackerWrite>;
}

/**
 * Save: both forms are checked first, then the vehicle is saved and, when its fields changed, the
 * tracker (it needs the vehicle's id). A new vehicle returns to the list; an existing one stays,
 * showing it as stored now.
 */
export function useVehicleFormSubmit({ vehicle, form, trackerForm }: VehicleFormSubmitOptions) {
  const { t } = useTranslation('vehicles');
  const navigate = useNavigate();
  const save = useSaveVehicle();
  const saveTracker = useSaveTracker();
  // Read while rendering, so the form keeps it current for the submit below.
  const trackerChanged = trackerForm.formState.isDirty;

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

  /** Where the form goes once the vehicle is saved, whether or not its tracker was. */
  const after = (saved: Vehicle, trackerStored: boolean) => {
    toast.success(t(vehicle ? 'toast.updated' : 'toast.created'));
    if (vehicle) {
      // §4: it stays, showing the vehicle as stored now.
      form.reset(formValuesOf(saved));
    } else if (trackerStored) navigate(ROUTES.vehicle);
    else {
      // The vehicle exists now: its edit page takes the tracker again, with what refused it still in a toast.
      toast.warning(t('tracker.notSavedWithVehicle'));
      navigate(`${ROUTES.vehicle}/${saved.id}/edit`);
    }
  };

  return async (event: FormEvent) => {
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
      after(saved, await storeTracker(saved.id, checked.tracker));
    })();
  };
}
