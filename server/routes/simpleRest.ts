import type { FastifyReply } from 'fastify';

/** A list page in ra-data-simple-rest's dialect: the rows, and `Content-Range: <unit> <first>-<last>/<total>` (`*` when past the end). */
export const sendRange = (reply: FastifyReply, unit: string, page: { records: readonly unknown[]; start: number; total: number }) => {
  const { records, start, total } = page;
  const range = records.length > 0 ? `${start}-${start + records.length - 1}` : '*';
  return reply.header('Content-Range', `${unit} ${range}/${total}`).send(records);
};
