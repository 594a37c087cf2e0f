import { PARENTS_SEPARATOR, type SiteNode } from './sites';

export interface FlatOperatingSite {
  operatingSiteId: number;
  name: string;
  /** Tree path of the site's ancestors joined with " > " (entity fields). */
  parents: string;
  location?: SiteNode['location'];
}

/** Flattens the site tree into its leaves (type operatingSite), each with its parents path. */
export function flattenOperatingSites(tree: SiteNode[], ancestors: string[] = []): FlatOperatingSite[] {
  return tree.flatMap((node) =>
    node.type === 'operatingSite'
      ? [
          {
            operatingSiteId: node.operatingSiteId,
            name: node.name,
            parents: ancestors.join(PARENTS_SEPARATOR),
            location: node.location,
          },
        ]
      : flattenOperatingSites(node.children, [...ancestors, node.name]),
  );
}
