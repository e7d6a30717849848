import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Switches between the light and the dark scheme; Mantine remembers the choice in localStorage. */
export function ColorSchemeToggle() {
  const { t } = useTranslation('app');
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = t(next === 'dark' ? 'header.toDark' : 'header.toLight');
  return (
    <Tooltip label={label}>
      <ActionIcon
        onClick={() => setColorScheme(next)}
        variant="subtle"
        color="white"
        aria-label={label}
        data-testid="color-scheme-toggle"
        data-scheme={scheme}
      >
        {scheme === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
