import { namesPhrase } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { toast } from '../../notify/toast';
import { DeleteDialog } from '../../components/list/DeleteDialog';
import { useIdParam } from '../../routing/useIdParam';
import { useDealer, useDeleteDealer } from './api/dealers-api';

/**
 * The domain's dealerDeleteBlock in the screen's language: a sentence for the fleets and one for
 * the vehicles that keep the dealer, or null when none do.
 */
function blockSentences(
  fleets: { name: string }[],
  vehicles: { name: string }[],
  t: TFunction<'dealers'>,
): string[] | null {
  const sentences = [namesPhrase(fleets), namesPhrase(vehicles)]
    .filter((names) => names !== null)
    .map((names) => t('delete.blocked', { names }));
  return sentences.length ? sentences : null;
}

/** /dealer/:id/delete: a dealer with fleets or vehicles cannot be deleted; the dialog names them (§4, §8). */
export function DealerDeleteDialog() {
  const { t } = useTranslation('dealers');
  const id = useIdParam();
  const navigate = useNavigate();
  const dealer = useDealer(id);
  const remove = useDeleteDealer();
  if (id === null) return <NotFound />;

  const close = () => navigate(ROUTES.dealer);
  const confirm = async () => {
    try {
      await remove.mutateAsync(id);
      toast.success(t('toast.deleted'));
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
          ? blockSentences(dealer.data.fleetIdANdName, dealer.data.vehicleIdANdName, t)
          : dealer.isError
            ? t('loadFailed')
            : null
      }
      question={t('delete.question', { name: dealer.data?.name ?? '' })}
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
