import type { ReportDefaults } from '@cbm/contracts/reports';
import type { SavedFile } from '../../lib/save-file';

/** A generated report kept for the preview (its object URL) and the download button. */
export interface ReportFile extends SavedFile {
  url: string;
  type: 'pdf' | 'csv';
}

/** Report setup (state rules): idle → loading (defaults are fetched) → ready; reset clears everything. */
export interface ReportSetup {
  status: 'idle' | 'loading' | 'ready';
  serial: string;
  csv: File | null;
  defaults: ReportDefaults | null;
  file: ReportFile | null;
}

export type ReportSetupAction =
  | { type: 'select'; serial: string; csv: File | null }
  | { type: 'loaded'; defaults: ReportDefaults }
  | { type: 'failed' }
  | { type: 'generated'; file: ReportFile }
  | { type: 'reset' };

export const IDLE_SETUP: ReportSetup = { status: 'idle', serial: '', csv: null, defaults: null, file: null };

export function reportSetupReducer(state: ReportSetup, action: ReportSetupAction): ReportSetup {
  switch (action.type) {
    case 'select':
      return { ...IDLE_SETUP, status: 'loading', serial: action.serial, csv: action.csv };
    case 'loaded':
      return state.status === 'loading' ? { ...state, status: 'ready', defaults: action.defaults } : state;
    case 'failed':
      return state.status === 'loading' ? IDLE_SETUP : state;
    case 'generated':
      return state.status === 'ready' ? { ...state, file: action.file } : state;
    case 'reset':
      return IDLE_SETUP;
  }
}
