import { Button, Group, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';
import { useFormat } from '../../components/format/useFormat';

interface TemplatePagerProps {
  /** 0-based, as the call wants it. */
  page: number;
  size: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** §2 saved template page: Previous Page, Next Page and a 'Go to' box with its confirm, over totalCount. */
export function TemplatePager({ page, size, total, onPageChange }: TemplatePagerProps) {
  const format = useFormat();
  const pages = Math.max(1, Math.ceil(total / size));
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
        Page {page + 1} of {pages} · {format.count(total, 'row')}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={page === 0}
          onClick={() => onPageChange(page - 1)}
          data-testid="previous-page"
        >
          Previous Page
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={page + 1 >= pages}
          onClick={() => onPageChange(page + 1)}
          data-testid="next-page"
        >
          Next Page
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
              placeholder="Go to"
              aria-label="Go to page"
              value={target}
              onChange={setTarget}
              data-testid="go-to-page"
            />
            <Button type="submit" size="xs" data-testid="go-to-confirm">
              Go
            </Button>
          </Group>
        </form>
      </Group>
    </Group>
  );
}
