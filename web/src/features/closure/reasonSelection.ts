import type { ReasonChild, ReasonParent } from './queries/reasons';

/**
 * Which reason the page shows for ?parent_id=&child_id= (spec: the child from the query, or the
 * first child). A child id alone finds its parent; unknown ids fall back to the first reason.
 */
export function selectReason(tree: readonly ReasonParent[], parentId?: number, childId?: number): { parent?: ReasonParent; child?: ReasonChild } {
  const byChild = childId === undefined ? undefined : tree.find((p) => p.child.some((c) => c.id === childId));
  const parent = tree.find((p) => p.id === parentId && (byChild === undefined || byChild.id === p.id)) ?? byChild ?? tree.find((p) => p.child.length > 0);
  const child = parent?.child.find((c) => c.id === childId) ?? parent?.child[0];
  return { parent, child };
}
