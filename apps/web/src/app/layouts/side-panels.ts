/**
 * Below this width (Mantine's `lg`, 1200 px: tablets and small laptops) the menu and the help sidebar lie over
 * the page instead of taking width from it, so the cards keep their columns at 1024 px and 768 px.
 */
export const SIDE_PANEL_BREAKPOINT = 'lg';
export const SIDE_PANEL_BREAKPOINT_PX = 1200;
