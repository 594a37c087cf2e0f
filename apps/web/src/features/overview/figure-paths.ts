import { FIGURE_LISTS, type FigureList } from '@cbm/contracts/fleet-health';

/** The list of the batteries an overview figure counts, across the user's sites or at one (`/batteries?figure=`). */
export const figureListPath = (figure: FigureList, siteId?: number) =>
  `/batteries?figure=${figure}${siteId === undefined ? '' : `&site=${siteId}`}`;

/** The figure a tile key names, where it has a list. */
export const figureListOf = (key: string): FigureList | undefined => FIGURE_LISTS.find((figure) => figure === key);
