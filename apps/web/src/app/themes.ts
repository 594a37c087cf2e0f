import type { Theme } from '@cbm/contracts/themes';
import { Badge, createTheme, Loader, type MantineThemeOverride, Select } from '@mantine/core';

export interface ThemeLook {
  mantine: MantineThemeOverride;
  /** Header background and the brand mark shown in the logo area. */
  headerColor: string;
  brandMark: string;
  brandName: string;
}

const base = {
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  // Filled buttons and badges take dark text on light shades (teal, orange): 4.5:1 contrast (decision 034).
  autoContrast: true,
  components: {
    // Choosing the chosen option again keeps it: a required choice is not cleared by a second click (optional
    // choices are `clearable`).
    Select: Select.extend({ defaultProps: { allowDeselect: false } }),
    // A spinner is a status: the name some spinners carry is forbidden on a span without a role (axe's
    // aria-prohibited-attr).
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    // A badge is never cut to "CHA…": it keeps its text's width and the row or cell around it wraps instead.
    Badge: Badge.extend({
      styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible', textOverflow: 'clip' } },
    }),
  },
} as const;

/** The four themes of the product scope, visibly different in colour and logo area. */
export const THEME_LOOKS: Record<Theme, ThemeLook> = {
  default: {
    mantine: createTheme({ ...base, primaryColor: 'teal' }),
    headerColor: '#0b3d2e',
    brandMark: '⚡',
    brandName: 'CBM',
  },
  crown: {
    mantine: createTheme({ ...base, primaryColor: 'indigo', fontFamily: 'Georgia, "Times New Roman", serif' }),
    headerColor: '#1c1f4a',
    brandMark: '♛',
    brandName: 'CBM Crown',
  },
  markus: {
    mantine: createTheme({ ...base, primaryColor: 'red', defaultRadius: 'xs' }),
    headerColor: '#4a0d0d',
    brandMark: 'M',
    brandName: 'CBM Markus',
  },
  triathlon: {
    mantine: createTheme({ ...base, primaryColor: 'orange', defaultRadius: 'xl' }),
    headerColor: '#083b57',
    brandMark: '▲',
    brandName: 'CBM Triathlon',
  },
};
