import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../components/format/useFormat';
import { pageCount, type PagerProps } from '../../components/list/Pager';

/** §2 saved template page: Previous Page, Next Page and a 'Go to' box with its confirm, over totalCount. */
export function TemplatePager({ page, size, total, onPageChange }: PagerProps) {
  const { t } = useTranslation('report');
  const format = useFormat();
  const pages = pageCount(total, size);
  const [target, setTarget] = useState<string | number>('');
  const goTo = () => {
    const wanted = Number(target);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > pages) return;
    onPageChange(wanted - 1);
    setTarget('');
  };

  return (
    <Group justify="space-between" mt="sm" data-testid="template-pager">
      <Text size="sm" c="dimmed" data-testid="template-page-info">
        {t('pager.info', { page: page + 1, pages, rows: format.number(total, { max: 0 }), count: total })}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={page === 0}
          onClick={() => onPageChange(page - 1)}
          data-testid="previous-page"
        >
          {t('pager.previous')}
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={page + 1 >= pages}
          onClick={() => onPageChange(page + 1)}
          data-testid="next-page"
        >
          {t('pager.next')}
        </Button>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            goTo();
          }}
        >
          <Group gap={4}>
            <NumberInput
              size="xs"
              w={90}
              min={1}
              max={pages}
              allowDecimal={false}
              allowNegative={false}
              placeholder={t('pager.goTo')}
              aria-label={t('pager.goToPage')}
              value={target}
              onChange={setTarget}
              data-testid="go-to-page"
            />
            <Button type="submit" size="xs" data-testid="go-to-confirm">
              {t('pager.go')}
            </Button>
          </Group>
        </form>
      </Group>
    </Group>
  );
}
