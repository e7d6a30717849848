import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const CONTROL_LABELS = {
  first: 'pager.first',
  previous: 'pager.previous',
  next: 'pager.next',
  last: 'pager.last',
} as const;

/** A pager of a server-paged list: where it stands, and how it asks for another page. */
export interface PagerProps {
  /** 0-based page, as requested from the server. */
  page: number;
  size: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** How many pages `total` rows fill, `size` a page; an empty list still has its one page. */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

/** The pager under a server-paged grid: shows 1-based pages, reports 0-based ones (§4). */
export function Pager({ page, size, total, onPageChange }: PagerProps) {
  const { t } = useTranslation('components');
  const pages = pageCount(total, size);
  const first = total === 0 ? 0 : page * size + 1;
  const last = Math.min(total, (page + 1) * size);
  return (
    <Group justify="space-between" mt="sm" data-testid="pager">
      <Text size="sm" c="dimmed">
        {t('pager.showing', { first, last, total })}
      </Text>
      <Pagination
        total={pages}
        value={page + 1}
        onChange={(value) => onPageChange(value - 1)}
        size="sm"
        withEdges
        // The first, previous, next and last controls are icons: they need names.
        getControlProps={(control) => ({ 'aria-label': t(CONTROL_LABELS[control]) })}
        getItemProps={(item) => ({ 'aria-label': t('pager.page', { page: item }) })}
      />
    </Group>
  );
}
