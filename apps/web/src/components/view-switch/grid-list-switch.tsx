import { Center, SegmentedControl, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An icon-only segment: the name shows as a tooltip and stays the radio's accessible name. */
const Segment = ({ icon, text }: { icon: ReactNode; text: string }) => (
  <Tooltip label={text}>
    {/* As tall as a line of label text, so the control keeps the height of the buttons beside it. */}
    <Center h="calc(var(--sc-font-size) * var(--mantine-line-height))">
      {icon}
      <VisuallyHidden>{text}</VisuallyHidden>
    </Center>
  </Tooltip>
);

interface GridListSwitchProps {
  grid: boolean;
  onChange(grid: boolean): void;
  labels: { switch: string; grid: string; list: string };
}

/** The live views' switch between cards and a table, with icons only so that their toolbars fit on one line. */
export function GridListSwitch({ grid, onChange, labels }: GridListSwitchProps) {
  return (
    <SegmentedControl
      aria-label={labels.switch}
      value={grid ? 'grid' : 'list'}
      onChange={(value) => onChange(value === 'grid')}
      data={[
        { value: 'grid', label: <Segment icon={<IconLayoutGrid size={16} />} text={labels.grid} /> },
        { value: 'list', label: <Segment icon={<IconList size={16} />} text={labels.list} /> },
      ]}
    />
  );
}
