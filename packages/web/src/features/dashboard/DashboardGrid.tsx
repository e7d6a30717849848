import { DASHBOARD_GRID } from '@evfleet/domain';
import GridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DashboardTile {
  id: string;
  node: ReactNode;
}

interface DashboardGridProps {
  tiles: DashboardTile[];
  layout: Layout;
  /** Called once a card is dropped or resized: the arrangement the user chose. */
  onArranged: (layout: Layout) => void;
}

/** What a press on a card must leave to itself instead of starting a drag: its controls. */
const NOT_A_DRAG = 'button, a, input, textarea, select, label, [role="button"], .react-resizable-handle';

/** Below this width a twelfth of the grid is too narrow for a card: the cards stack instead. */
const STACK_BELOW_PX = 640;

/** The cards one under another, in the user's order (top to bottom, then left to right). */
function StackedCards({ tiles, layout }: Pick<DashboardGridProps, 'tiles' | 'layout'>) {
  const order = [...layout].sort((a, b) => a.y - b.y || a.x - b.x);
  const byId = new Map(tiles.map((tile) => [tile.id, tile]));
  return (
    <Stack gap="sm">
      {order.map((item) => (
        <div
          key={item.i}
          style={{ height: item.h * DASHBOARD_GRID.rowHeight + (item.h - 1) * 12 }}
          data-testid={`dashboard-tile-${item.i}`}
        >
          {byId.get(item.i)?.node}
        </div>
      ))}
    </Stack>
  );
}

/**
 * The draggable 12-column grid of part 2 §2 (row height 30). It is 1200 px wide on a wide screen and
 * follows its container below that; on a phone-sized window the cards stack and are not dragged.
 */
export function DashboardGrid({ tiles, layout, onArranged }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: DASHBOARD_GRID.width });
  return (
    <div ref={containerRef} style={{ maxWidth: DASHBOARD_GRID.width }} data-testid="dashboard-grid">
      {mounted && width < STACK_BELOW_PX && <StackedCards tiles={tiles} layout={layout} />}
      {mounted && width >= STACK_BELOW_PX && (
        <GridLayout
          width={Math.min(width, DASHBOARD_GRID.width)}
          layout={layout}
          gridConfig={{ cols: DASHBOARD_GRID.cols, rowHeight: DASHBOARD_GRID.rowHeight, margin: [12, 12] }}
          dragConfig={{ enabled: true, cancel: NOT_A_DRAG }}
          resizeConfig={{ enabled: true }}
          compactor={verticalCompactor}
          onDragStop={(next) => onArranged(next)}
          onResizeStop={(next) => onArranged(next)}
        >
          {tiles.map((tile) => (
            <div key={tile.id} style={{ cursor: 'grab' }} data-testid={`dashboard-tile-${tile.id}`}>
              {tile.node}
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
