/** The price grid's fixed heights (px): the virtualizers, the keyboard's page size and the stylesheet agree on them. */
export const HEADER_H = 30;

/** One line per row, or two with details in cells. */
export function rowHeight(detailsInCells: boolean): number {
  return detailsInCells ? 36 : 24;
}
