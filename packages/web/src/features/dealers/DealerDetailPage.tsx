import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../routing/routes';
import { NotFound } from '../../routing/StatusPages';
import { DetailFields } from '../../components/DetailFields';
import { useCan } from '../../session/useCan';
import { useIdParam } from '../../routing/useIdParam';
import { useDealer } from './api/dealers-api';

/** /dealer/:id: the small dealer detail of §2.7 (Company, User id, Back and Edit). */
export function DealerDetailPage() {
  const { t } = useTranslation('dealers');
  const id = useIdParam();
  const navigate = useNavigate();
  const dealer = useDealer(id);
  const write = useCan('dealers');
  if (id === null) return <NotFound />;

  return (
    <Stack gap="md" p="md">
      <Title order={2} data-testid="detail-title">
        {t('detail.title')}
      </Title>
      {dealer.isPending && (
        <Center py="md">
          <Loader size="sm" />
        </Center>
      )}
      {dealer.isError && <Alert color="red">{t('loadFailed')}</Alert>}
      {dealer.data && (
        <DetailFields
          fields={[
            { label: t('detail.name'), value: dealer.data.name, testId: 'dealer-detail-name' },
            { label: t('column.company'), value: dealer.data.company, testId: 'dealer-detail-company' },
            { label: t('detail.userId'), value: dealer.data.userId, testId: 'dealer-detail-user' },
          ]}
        />
      )}
      <Group>
        <Button variant="default" onClick={() => navigate(ROUTES.dealer)} data-testid="back">
          {t('back')}
        </Button>
        {write && (
          <Button onClick={() => navigate(`${ROUTES.dealer}/${id}/edit`)} data-testid="detail-edit">
            {t('edit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
