import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { DetailLayout } from '../../components/DetailLayout';
import { useCan } from '../../session/useCan';
import { useIdParam } from '../../routing/useIdParam';
import { useDealer } from './api/dealers-api';

/** /dealer/:id: the small dealer detail of §2.7 (Company, User id, Back and Edit). */
export function DealerDetailPage() {
  const { t } = useTranslation('dealers');
  const id = useIdParam();
  const dealer = useDealer(id);
  const write = useCan('dealers');
  if (id === null) return <NotFound />;

  return (
    <DetailLayout
      title={t('detail.title')}
      query={dealer}
      loadFailed={t('loadFailed')}
      fields={(record) => [
        { label: t('detail.name'), value: record.name, testId: 'dealer-detail-name' },
        { label: t('column.company'), value: record.company, testId: 'dealer-detail-company' },
        { label: t('detail.userId'), value: record.userId, testId: 'dealer-detail-user' },
      ]}
      backLabel={t('back')}
      backTo={ROUTES.dealer}
      editLabel={t('edit')}
      edit={write ? { to: `${ROUTES.dealer}/${id}/edit` } : undefined}
    />
  );
}
