import { DASHBOARD_GRID } from '@evfleet/domain';
import GridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
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

/**
 * The draggable 12-column grid of part 2 §2 (row height 30). It is 1200 px wide on a wide screen and
 * follows its container below that, so the cards keep their columns on a narrow window too.
 */
export function DashboardGrid({ tiles, layout, onArranged }: DashboardGridProps) {
  const { width, containerRef, mounted } = useContainerWidth({ initialWidth: DASHBOARD_GRID.width });
  return (
    <div ref={containerRef} style={{ maxWidth: DASHBOARD_GRID.width }} data-testid="dashboard-grid">
      {mounted && (
        <GridLayout
          width={Math.min(width, DASHBOARD_GRID.width)}
          layout={layout}
          gridConfig={{ cols: DASHBOARD_GRID.cols, rowHeight: DASHBOARD_GRID.rowHeight, margin: [12, 12] }}
          dragConfig={{ enabled: true, handle: '.dashboard-card-handle' }}
          resizeConfig={{ enabled: true }}
          compactor={verticalCompactor}
          onDragStop={(next) => onArranged(next)}
          onResizeStop={(next) => onArranged(next)}
        >
          {tiles.map((tile) => (
            <div key={tile.id} data-testid={`dashboard-tile-${tile.id}`}>
              {tile.node}
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}
