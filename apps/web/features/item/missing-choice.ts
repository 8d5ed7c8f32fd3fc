/**
 * What the grey Add to Order points the guest to (issue 24): the first thing still to choose, in reading order,
 * and the words that say it. Pure: the form scrolls, marks, focuses and announces.
 */
import type { MenuNode } from '@storefront/contracts/menu';
import {
  findMenuNode,
  itemPathKeyDepth,
  joinItemPathKey,
  splitItemPathKey,
} from '@storefront/contracts/menu-tree';
import type { GroupState, SelectionValidation } from '@storefront/contracts/pricing';

export type MissingTarget = { kind: 'portion' } | { kind: 'group'; groupKey: string };

export interface MissingChoice {
  /** Where the guest must choose (a group of the item itself: a nested group is reached through it), or null. */
  target: MissingTarget | null;
  /** What to choose, in the spec's words: 'Base: Required. Select one option'. */
  text: string;
}

/** 'Base: Required. Select one option', 'Protein: 1 Pending. Select between 2 and 3' (the group's own texts). */
function groupText(group: GroupState): string {
  const parts = [group.status, group.hint ?? group.message].filter((p): p is string => Boolean(p));
  return `${group.title}: ${parts.length > 0 ? parts.join('. ') : (group.message ?? 'Select an option')}`;
}

/** The group of the item itself that holds `key` (the key's first segments below the item's). */
function topGroupKey(item: MenuNode, key: string): string {
  return joinItemPathKey(splitItemPathKey(key).slice(0, itemPathKeyDepth(item.itemPathKey) + 1));
}

/**
 * The first missing choice: the size while none is chosen, else the first group (menu order, nested groups under
 * their chosen modifier) short of its minimum or over its maximum, else the first other issue the validator found
 * (a chosen modifier now out of stock). An item out of stock has nothing to choose: only the words say why.
 */
export function firstMissingChoice(item: MenuNode, validation: SelectionValidation): MissingChoice {
  const title = item.displayAttribute?.itemTitle ?? item.title;
  if (item.isOutOfStock) return { target: null, text: `${title} is not available` };
  if (!validation.portion.isValid)
    return {
      target: { kind: 'portion' },
      text: `Size: ${validation.portion.message ?? 'Select a portion size'}`,
    };
  const group = validation.groups.find((g) => !g.isValid);
  if (group) {
    if (group.parentKey === item.itemPathKey)
      return { target: { kind: 'group', groupKey: group.itemPathKey }, text: groupText(group) };
    const owner = findMenuNode([item], group.parentKey);
    const ownerTitle = owner ? (owner.displayAttribute?.itemTitle ?? owner.title) : null;
    return {
      target: { kind: 'group', groupKey: topGroupKey(item, group.itemPathKey) },
      text: ownerTitle ? `${ownerTitle}, ${groupText(group)}` : groupText(group),
    };
  }
  const issue = validation.issues.find((i) => i.itemPathKey !== item.itemPathKey) ?? validation.issues[0];
  if (!issue) return { target: null, text: '' };
  return issue.itemPathKey === item.itemPathKey
    ? { target: null, text: issue.message }
    : { target: { kind: 'group', groupKey: topGroupKey(item, issue.itemPathKey) }, text: issue.message };
}
