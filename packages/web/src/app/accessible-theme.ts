import { Modal, type MantineThemeOverride } from '@mantine/core';

/**
 * The theme settings that keep the portal within WCAG 2.1 AA, which
 * e2e/every-page.e2e.ts checks with axe-core on every page.
 */
export const accessibleTheme = {
  // Mantine's default shade 6 reads at 3.5:1 under white text (blue); shade 9 at 6:1, and at 4.5:1
  // or more as the text of the light variants (a pale tint of the colour behind).
  primaryShade: { light: 9, dark: 8 },
  // Filled buttons and badges take black or white text by their colour's luminance: with the
  // switch at 0.18 the text reads at 4.5:1 or more either way (white below it, black above).
  autoContrast: true,
  luminanceThreshold: 0.18,
  // Modals, menus and drop-downs open at once for those whose system asks for less motion (see
  // motion.css); the browser tests ask so too, and wait for no transition.
  respectReducedMotion: true,
  components: {
    // A modal's close button is an icon: it needs a name.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
} satisfies MantineThemeOverride;
