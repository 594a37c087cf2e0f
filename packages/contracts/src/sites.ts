import { z } from 'zod';
import { featureSchema } from './features';

export const SITE_NODE_TYPES = ['organization', 'region', 'operatingSite'] as const;
export const siteNodeTypeSchema = z.enum(SITE_NODE_TYPES);
export type SiteNodeType = z.infer<typeof siteNodeTypeSchema>;

export const operatingSiteIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Location of a leaf (operatingSite) for the overview map; absent on inner nodes. */
export const siteLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  currency: z.string(),
});

export interface SiteNode {
  operatingSiteId: number;
  name: string;
  type: SiteNodeType;
  location?: z.infer<typeof siteLocationSchema>;
  children: SiteNode[];
}

/** Registered under an id so that the API document can refer to the recursive node as a component. */
export const siteNodeSchema: z.ZodType<SiteNode> = z.lazy(() =>
  z.object({
    operatingSiteId: z.number().int(),
    name: z.string(),
    type: siteNodeTypeSchema,
    location: siteLocationSchema.optional(),
    children: z.array(siteNodeSchema),
  }),
);
siteNodeSchema.register(z.globalRegistry, { id: 'SiteNode' });
export const siteTreeSchema = z.array(siteNodeSchema);

export const siteAccessQuerySchema = z.object({ featureName: featureSchema });
/** Operating-site ids the user may see with that feature. */
export const siteAccessResponseSchema = z.array(z.number().int());

export const PARENTS_SEPARATOR = ' > ';
