import type { StatisticsResponse } from '@cbm/contracts/statistics';
import { useMantineTheme } from '@mantine/core';

interface BoxPlotProps {
  response: StatisticsResponse;
  periodText: (period: string) => string;
  label: string;
}

const WIDTH = 800;
const HEIGHT = 300;
const PAD = { left: 40, right: 10, top: 10, bottom: 40 };
const y = (soc: number) => PAD.top + ((100 - soc) / 100) * (HEIGHT - PAD.top - PAD.bottom);

/** Start SoC per period as boxes (min, quartiles, median, max), one per series side by side. */
export function BoxPlot({ response, periodText, label }: BoxPlotProps) {
  const theme = useMantineTheme();
  const colours = ['blue', 'teal', 'orange', 'grape', 'red', 'cyan', 'lime', 'pink'].map((c) => theme.colors[c]?.[6]);
  const slot = (WIDTH - PAD.left - PAD.right) / Math.max(1, response.periods.length);
  const box = Math.max(2, Math.min(24, (slot * 0.8) / response.series.length));
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-label={label}>
      {[0, 20, 40, 60, 80, 100].map((soc) => (
        <g key={soc}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(soc)} y2={y(soc)} stroke="#dee2e6" />
          <text x={PAD.left - 6} y={y(soc) + 4} fontSize={11} textAnchor="end">
            {soc}
          </text>
        </g>
      ))}
      {response.periods.map((period, index) => {
        const x0 = PAD.left + index * slot + (slot - box * response.series.length) / 2;
        return (
          <g key={period}>
            {response.series.map((entry, n) => {
              const value = (metric: string) => entry.values[metric]?.[index] ?? null;
              const figures = ['min', 'q1', 'median', 'q3', 'max'].map(value);
              if (figures.some((figure) => figure === null)) return null;
              const [min, q1, median, q3, max] = figures as [number, number, number, number, number];
              const x = x0 + n * box;
              const colour = colours[n % colours.length];
              return (
                <g key={entry.key} stroke={colour}>
                  <title>{`${entry.label} ${periodText(period)}: ${min} / ${q1} / ${median} / ${q3} / ${max}`}</title>
                  <line x1={x + box / 2} x2={x + box / 2} y1={y(max)} y2={y(min)} />
                  <rect x={x + 1} width={box - 2} y={y(q3)} height={Math.max(1, y(q1) - y(q3))} fill="white" />
                  <line x1={x + 1} x2={x + box - 1} y1={y(median)} y2={y(median)} strokeWidth={2} />
                </g>
              );
            })}
            <text x={PAD.left + index * slot + slot / 2} y={HEIGHT - PAD.bottom + 16} fontSize={10} textAnchor="middle">
              {response.periods.length <= 16 || index % Math.ceil(response.periods.length / 16) === 0
                ? periodText(period)
                : ''}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
