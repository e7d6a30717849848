import { driverDeleteBlock } from '@evfleet/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { toast } from '../../notify/toast';
import { DeleteDialog } from '../../components/list/DeleteDialog';
import { useIdParam } from '../../routing/useIdParam';
import { useDeleteDriver, useDriver } from './api/drivers-api';

/** /driver/:id/delete: a driver with vehicles is warned that they will all be unassigned (§4). */
export function DriverDeleteDialog() {
  const { t } = useTranslation('drivers');
  const id = useIdParam();
  const navigate = useNavigate();
  const driver = useDriver(id);
  const remove = useDeleteDriver();
  if (id === null) return <NotFound />;

  const close = () => navigate(ROUTES.driver);
  // What the server would refuse without the confirm flag, the dialog warns of; Yes then confirms.
  const needsConfirm = driverDeleteBlock({ hasVehicles: driver.data?.vehicleExist ?? false }, false) !== null;
  const name = driver.data?.name ?? '';
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id, unassignVehicles: needsConfirm });
      toast.success(t('toast.deleted'));
      close();
    } catch {
      // the HTTP client has already shown the server's message
    }
  };

  return (
    <DeleteDialog
      loading={driver.isPending}
      blocked={driver.isError ? t('loadFailed') : null}
      question={t(needsConfirm ? 'delete.withVehicles' : 'delete.question', { name })}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
