import type { Tracker, TrackerWrite } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { EntityModal } from '../../../components/EntityModal';
import { toast } from '../../../notify/toast';
import { useSaveTracker } from './api/tracker-api';
import { trackerFormOf, trackerFormSchema } from './tracker-form';
import { TrackerFields } from './TrackerFields';

interface TrackerModalProps {
  vehicleId: number;
  vehicleName: string;
  tracker: Tracker;
  opened: boolean;
  onClose: () => void;
}

/**
 * Sets or removes the vehicle's tracker. A refusal keeps it open: the IMEI's or id's message under
 * its field, another vehicle's tracker (409) in the HTTP client's toast.
 */
export function TrackerModal({ vehicleId, vehicleName, tracker, opened, onClose }: TrackerModalProps) {
  const { t } = useTranslation('vehicles');
  const save = useSaveTracker();
  const submit = async (values: TrackerWrite) => {
    await save.mutateAsync({ vehicleId, tracker: values });
    toast.success(t(values.protocol === 'none' ? 'tracker.removed' : 'tracker.saved'));
    onClose();
  };
  return (
    <EntityModal
      opened={opened}
      onClose={onClose}
      title={t('tracker.editTitle', { name: vehicleName })}
      schema={trackerFormSchema}
      defaultValues={trackerFormOf(tracker)}
      mode="onTouched"
      onSubmit={submit}
    >
      {(form) => <TrackerFields form={form} />}
    </EntityModal>
  );
}
