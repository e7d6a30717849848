import { use } from 'react';

type GridLocale = Record<string, string>;

let german: Promise<GridLocale> | undefined;

/**
 * AG Grid's own texts (its loading and empty overlays, filters, aria labels) in the portal's
 * language: English is the grid's own, German comes from AG Grid's locale package, loaded the first
 * time a grid shows in German. Suspends while it loads (the grid waits in DataGrid's Suspense).
 */
export function useGridLocale(language: string | undefined): GridLocale | undefined {
  if (language !== 'de') return undefined;
  german ??= import('@ag-grid-community/locale').then(({ AG_GRID_LOCALE_DE }) => AG_GRID_LOCALE_DE);
  return use(german);
}
