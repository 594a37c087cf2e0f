import type { Theme } from '@cbm/contracts/themes';

export interface ReportPalette {
  brandName: string;
  /** Header band and headings. */
  dark: string;
  /** Charged energy bars and accents. */
  primary: string;
  /** Discharged energy bars. */
  secondary: string;
}

/** The user's theme (product scope) on paper: the header colours and brand names of the web app's themes. */
export const REPORT_PALETTES: Record<Theme, ReportPalette> = {
  default: { brandName: 'CBM', dark: '#0b3d2e', primary: '#12b886', secondary: '#868e96' },
  crown: { brandName: 'CBM Crown', dark: '#1c1f4a', primary: '#4c6ef5', secondary: '#868e96' },
  markus: { brandName: 'CBM Markus', dark: '#4a0d0d', primary: '#fa5252', secondary: '#868e96' },
  triathlon: { brandName: 'CBM Triathlon', dark: '#083b57', primary: '#fd7e14', secondary: '#868e96' },
};

export const TEXT_COLOR = '#212529';
export const MUTED_COLOR = '#6c757d';
export const RULE_COLOR = '#dee2e6';
