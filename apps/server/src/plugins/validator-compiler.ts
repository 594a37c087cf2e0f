import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType, z } from 'zod';

export interface ValidationItem {
  instancePath: string;
  message: string;
  issue: z.core.$ZodIssue & { params?: Record<string, string | number> };
}

/**
 * Like fastify-type-provider-zod's compiler, but keeps each issue whole (with its input) so the
 * error handler can put it into the request's language.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    const items: ValidationItem[] = result.error.issues.map((issue) => ({
      instancePath: `/${issue.path.join('/')}`,
      message: issue.message,
      issue,
    }));
    return { error: items as never };
  };
