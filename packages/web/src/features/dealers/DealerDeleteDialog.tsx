import { namesPhrase, type Dealer } from '@evfleet/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../routing/routes';
import { byId, RoutedDeleteDialog } from '../../components/delete/RoutedDeleteDialog';
import { useDealer, useDeleteDealer } from './api/dealers-api';

/**
 * The domain's dealerDeleteBlock in the screen's language: a sentence for the fleets and one for
 * the vehicles that keep the dealer, or null when none do.
 */
function blockSentences(dealer: Dealer, t: TFunction<'dealers'>): string[] | null {
  const sentences = [namesPhrase(dealer.fleetIdANdName), namesPhrase(dealer.vehicleIdANdName)]
    .filter((names) => names !== null)
    .map((names) => t('delete.blocked', { names }));
  return sentences.length ? sentences : null;
}

/** /dealer/:id/delete: a dealer with fleets or vehicles cannot be deleted; the dialog names them (§4, §8). */
export function DealerDeleteDialog() {
  const { t } = useTranslation('dealers');
  return (
    <RoutedDeleteDialog
      ns="dealers"
      listRoute={ROUTES.dealer}
      useRecord={useDealer}
      useRemove={useDeleteDealer}
      request={byId}
      blocked={(dealer) => blockSentences(dealer, t)}
    />
  );
}
