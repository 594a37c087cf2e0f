import { Box } from '@mantine/core';
import { AlarmInbox } from './alarm-inbox';

/**
 * Alarm inbox across sites (route `/alarms`): the alarms of every site the user may see. The overview layout has no
 * padding of its own; the page keeps the overview's distance from the window's edges.
 */
export default function AllAlarmsPage() {
  return (
    <Box p="md">
      <AlarmInbox />
    </Box>
  );
}
