/** How many pages `total` items fill at `pageSize` a page: at least one, even when empty. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
