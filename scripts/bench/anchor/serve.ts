import { createRequire } from 'node:module';

// json-server 0.17 (Express 4) ships no types: what is used here.
interface Request {
  query: Record<string, unknown>;
}
interface Response {
  getHeader: (name: string) => unknown;
  setHeader: (name: string, value: string) => void;
  jsonp: (body: unknown) => void;
  locals: { data: unknown };
}
type Handler = (request: Request, response: Response, next: () => void) => void;
const jsonServer = createRequire(import.meta.url)('json-server') as {
  create: () => {
    use: (...handlers: Array<string | Handler | Handler[]>) => void;
    listen: (port: number, host: string, done: () => void) => void;
  };
  router: (file: string) => Handler & { render: (request: Request, response: Response) => void };
  defaults: (options: { static: string; logger: boolean }) => Handler[];
};

/**
 * `tsx scripts/bench/anchor/serve.ts <db.json> <built app folder> <port>`: the anchor's backend,
 * json-server (the backend of react-admin's tutorial) on 127.0.0.1, with the built anchor app
 * as its static files and its REST routes under /api in ra-data-simple-rest's dialect:
 * `range`, `sort` and `filter` become json-server's `_start`, `_end`, `_sort`, `_order`, and
 * the total goes back in `Content-Range`.
 */
const [databaseFile, staticDir, port] = process.argv.slice(2);
const server = jsonServer.create();
const router = jsonServer.router(databaseFile);

server.use(jsonServer.defaults({ static: staticDir, logger: false }));
server.use('/api', (request, _response, next) => {
  const { range, sort, filter, ...rest } = request.query as Record<string, string | undefined>;
  const query: Record<string, string> = Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  if (range) {
    const [start, end] = JSON.parse(range) as [number, number];
    query._start = String(start);
    query._end = String(end + 1);
  }
  if (sort) {
    const [field, order] = JSON.parse(sort) as [string, string];
    query._sort = field;
    query._order = order.toLowerCase();
  }
  for (const [key, value] of Object.entries(filter ? (JSON.parse(filter) as Record<string, unknown>) : {})) query[key] = String(value);
  Object.defineProperty(request, 'query', { value: query });
  next();
});
router.render = (request, response) => {
  const total = response.getHeader('X-Total-Count');
  if (total !== undefined) {
    const start = Number((request.query as Record<string, string>)._start ?? 0);
    const rows = Array.isArray(response.locals.data) ? response.locals.data.length : 0;
    response.setHeader('Content-Range', `items ${start}-${start + Math.max(rows - 1, 0)}/${total}`);
  }
  response.jsonp(response.locals.data);
};
server.use('/api', router);
server.listen(Number(port), '127.0.0.1', () => console.log(`anchor on http://127.0.0.1:${port}`));
