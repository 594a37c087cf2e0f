export { HelpSidebar } from './help-sidebar';
