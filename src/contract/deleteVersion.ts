import { z } from 'zod';

/**
 * `DELETE ...?version=N`: the version of the record the admin saw when asking to delete it
 * (docs/api.md "Versions"). Optional, as the update bodies' `version` is: without it the delete
 * works as the spec's call always did; with it, a record changed since is refused with 409
 * VERSION_CONFLICT and stays. A query parameter because a DELETE carries no body.
 */
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
