import { z } from 'zod';

/** docs/api.md "Versions": a query parameter because a DELETE carries no body. */
export const deleteVersionQuerySchema = z.object({
  version: z.coerce
    .number()
    .int()
    .min(0)
    .max(2_147_483_647)
    .optional()
    .describe('The version the admin saw; a record at another version is refused with 409 VERSION_CONFLICT'),
});

export type DeleteVersionQuery = z.infer<typeof deleteVersionQuerySchema>;
