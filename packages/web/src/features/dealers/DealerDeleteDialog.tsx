import { PEOPLE_TEXTS, dealerDeleteBlock } from '@evfleet/domain';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../app/routes';
import { NotFound } from '../../app/shell/StatusPages';
import { toast } from '../../app/toast';
import { DeleteDialog } from '../../components/list/DeleteDialog';
import { useIdParam } from '../../app/useIdParam';
import { useDealer, useDeleteDealer } from './api/dealers-api';

/** /dealer/:id/delete: a dealer with fleets or vehicles cannot be deleted; the dialog names them (§4, §8). */
export function DealerDeleteDialog() {
  const id = useIdParam();
  const navigate = useNavigate();
  const dealer = useDealer(id);
  const remove = useDeleteDealer();
  if (id === null) return <NotFound />;

  const close = () => navigate(ROUTES.dealer);
  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
      toast.success(PEOPLE_TEXTS.dealerDeleted);
      close();
    } catch {
      // the HTTP client has already shown the server's message
    }
  };

  return (
    <DeleteDialog
      loading={dealer.isPending}
      blocked={
        dealer.data
          ? (dealerDeleteBlock({ fleets: dealer.data.fleetIdANdName, vehicles: dealer.data.vehicleIdANdName })
              ?.sentences ?? null)
          : dealer.isError
            ? 'This dealer could not be loaded.'
            : null
      }
      question={`Are you sure you want to delete this dealer (${dealer.data?.name ?? ''})?`}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
