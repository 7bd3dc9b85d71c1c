import type { FastifyInstance } from 'fastify';

/**
 * Every route under /api as `METHOD /path` (e.g. `GET /api/surveys/:surveyId`), read from Fastify's
 * route tree; HEAD twins of GET routes are left out. Suites that must cover every endpoint (the
 * role matrix, the hostile-input suite) compare their tables with this list, so a new route
 * without a row fails them.
 */
export function registeredApiRoutes(app: FastifyInstance): string[] {
  return routesFromTree(app.printRoutes({ commonPrefix: false }));
}

/** Parses the text of `printRoutes({ commonPrefix: false })`. */
export function routesFromTree(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      if (path.startsWith('/api/')) routes.push(`${method} ${path}`);
    }
  }
  return routes;
}
