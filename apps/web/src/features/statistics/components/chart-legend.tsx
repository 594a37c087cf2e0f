import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { ChartModel, LegendEntry } from '../statistics-model';

/** "blue.7" as the theme's CSS variable. */
const cssColour = (colour: string) => `var(--mantine-color-${colour.replace('.', '-')})`;

function LegendRow({ entries }: { entries: LegendEntry[] }) {
  return (
    <Group component="ul" gap="md" wrap="wrap" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => (
        <Group component="li" key={entry.label} gap={6} wrap="nowrap">
          <ColorSwatch color={cssColour(entry.color)} size={12} aria-hidden />
          <Text size="xs">{entry.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The chart's legend: one row of series (their hue), one of figures (their shade), instead of every pair. */
export function ChartLegend({ legend }: { legend: ChartModel['legend'] }) {
  return (
    <Stack gap={4} mt="xs">
      {legend.series.length > 0 && <LegendRow entries={legend.series} />}
      {legend.metrics.length > 0 && <LegendRow entries={legend.metrics} />}
    </Stack>
  );
}
