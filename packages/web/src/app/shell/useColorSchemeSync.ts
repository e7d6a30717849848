import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';

/**
 * The scheme Mantine shows (the user's choice, else the system's), handed to what Mantine does not
 * style: AG Grid's themes switch on `data-ag-theme-mode` of an ancestor. Returns it for the others.
 */
export function useColorSchemeSync(): 'light' | 'dark' {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    document.documentElement.setAttribute('data-ag-theme-mode', scheme);
  }, [scheme]);
  return scheme;
}
