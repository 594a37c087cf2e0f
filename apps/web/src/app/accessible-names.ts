import { type MantineThemeOverride, Modal, mergeThemeOverrides, TableScrollContainer } from '@mantine/core';

export interface AccessibleNames {
  /** Every dialog's × button: an unnamed button is axe's `button-name`. */
  closeDialog: string;
  /**
   * A table larger than its box: its scroll area takes the keyboard focus (axe's `scrollable-region-focusable`), named
   * as a group: a named region would be a landmark, and two tables on a page two landmarks of one name.
   */
  scrollableTable: string;
}

/** The theme with the names Mantine leaves out, in the UI language. */
export function withAccessibleNames(theme: MantineThemeOverride, names: AccessibleNames): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: {
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': names.closeDialog } } }),
      TableScrollContainer: TableScrollContainer.extend({
        defaultProps: {
          scrollAreaProps: { viewportProps: { tabIndex: 0, role: 'group', 'aria-label': names.scrollableTable } },
        },
      }),
    },
  });
}
