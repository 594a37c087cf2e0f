/**
 * The hues of a chart's series (groups, batteries, charger-station units), one each: charts draw at most
 * CHART_SERIES_MAX series, the rest added up as "Others", so no two series share a hue.
 */
export const SERIES_HUES = ['blue', 'orange', 'teal', 'grape', 'red', 'lime', 'cyan', 'pink', 'indigo', 'yellow'];

/** Series a chart draws at most: the largest ones, the rest summed up as "Others" (tables keep them all). */
export const CHART_SERIES_MAX = 6;

/** Legend entries in the series' own order: recharts sorts them by series key otherwise ("≤ 100 %" before "< 20 %"). */
export const LEGEND_IN_SERIES_ORDER = { itemSorter: null };
