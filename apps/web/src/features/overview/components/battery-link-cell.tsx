import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { batteryPagePath } from '../../../lib/page-paths';

interface BatteryLinkCellProps {
  battery: { operatingSiteId: number; batterySerialNumber: string; batteryName: string };
  /** Whether the user may open a battery's page; otherwise the link leads to the site's live view. */
  canOpenBattery: boolean;
}

/** A battery's name as a link to its page (or its site's live view), its serial number below. */
export function BatteryLinkCell({ battery, canOpenBattery }: BatteryLinkCellProps) {
  return (
    <Table.Td>
      <Anchor
        component={Link}
        fw={600}
        c="inherit"
        underline="always"
        style={{ whiteSpace: 'nowrap' }}
        to={
          canOpenBattery
            ? batteryPagePath(battery.operatingSiteId, battery.batterySerialNumber)
            : `/${battery.operatingSiteId}/live`
        }
      >
        {battery.batteryName}
      </Anchor>
      <Text size="xs">{battery.batterySerialNumber}</Text>
    </Table.Td>
  );
}
