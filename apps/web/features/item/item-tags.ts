/** The data-cache tag of an item's descendants (its modifier tree) on one menu snapshot. */
export function itemDetailsTag(snapshotId: number, itemPathKey: string): string {
  return `item-descendants-${snapshotId}-${itemPathKey}`;
}
