import { LineChart, type LineChartProps } from '@mantine/charts';
import { Paper, Title } from '@mantine/core';
import type { ProfileRow } from '../profile-series';

type ChartOptions = Omit<LineChartProps, 'data' | 'dataKey' | 'h'>;

/** One chart of the profile, as a figure named by its title. */
export function ProfileChart({
  title,
  titleOrder,
  rows,
  ...chart
}: ChartOptions & { title: string; titleOrder: 2 | 3; rows: ProfileRow[] }) {
  return (
    <Paper component="figure" aria-label={title} withBorder p="md" m={0}>
      <Title order={titleOrder} size="h4" mb="xs">
        {title}
      </Title>
      <LineChart
        h={200}
        data={rows}
        dataKey="time"
        withDots={false}
        connectNulls={false}
        curveType="linear"
        strokeWidth={1.5}
        xAxisProps={{ minTickGap: 40 }}
        {...chart}
      />
    </Paper>
  );
}
