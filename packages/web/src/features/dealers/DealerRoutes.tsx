import type { ReactNode } from 'react';
import { PeopleListPage } from '../../components/list/PeopleListPage';
import { EntityRoutes } from '../../routing/EntityRoutes';
import { ROUTES } from '../../routing/routes';
import { RequireCan } from '../../session/RequireCan';
import { DealerDeleteDialog } from './DealerDeleteDialog';
import { DealerDetailPage } from './DealerDetailPage';
import { DealerModal } from './DealerModal';
import { dealersSource } from './api/dealers-api';
import { dealerColumns } from './dealerColumns';

const writersOnly = (page: ReactNode) => <RequireCan what="dealers">{page}</RequireCan>;

/** /dealer/* (§2.7), loaded on demand. The form and delete routes are dialogs over the list. */
export default function DealerRoutes() {
  return (
    <EntityRoutes
      list={
        <PeopleListPage
          ns="dealers"
          source={dealersSource}
          columns={dealerColumns}
          writers="dealers"
          base={ROUTES.dealer}
          testId="dealers-grid"
        />
      }
      dialogs={{ new: <DealerModal />, ':id/edit': <DealerModal />, ':id/delete': <DealerDeleteDialog /> }}
      detail={<DealerDetailPage />}
      writersOnly={writersOnly}
    />
  );
}
