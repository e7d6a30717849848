import type { SuppressKeyboardEventParams } from 'ag-grid-community';

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab through the buttons and links inside a cell (the Action column) before AG Grid moves to the
 * next cell; without it the grid's own Tab handling steps over them and they are mouse-only.
 * Returning true leaves the key to the browser, whose Tab order runs through the cell's children.
 */
export function tabThroughCellChildren({ event }: SuppressKeyboardEventParams): boolean {
  if (event.key !== 'Tab') return false;
  const cell = (event.target as HTMLElement | null)?.closest<HTMLElement>('.ag-cell');
  if (!cell) return false;
  const children = [...cell.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (children.length === 0) return false;
  const index = children.indexOf(document.activeElement as HTMLElement);
  if (index === -1) {
    // The cell itself has focus: step into it, on its first child (Tab) or its last (Shift+Tab).
    children[event.shiftKey ? children.length - 1 : 0].focus();
    event.preventDefault();
    return true;
  }
  return event.shiftKey ? index > 0 : index < children.length - 1;
}
