import { SimpleGrid, Text } from '@mantine/core';

/** Labelled values in a grid, as a description list. */
export function FigureGrid({ figures }: { figures: readonly (readonly [string, string])[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 5 }} spacing="xs" verticalSpacing={4} m={0}>
      {figures.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
