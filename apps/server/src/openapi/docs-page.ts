import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { apiDocsAssetParamsSchema, type API_DOCS_ASSETS } from '@quorum/contract';
import type { ZodApp } from '../lib/zod-app';

type AssetName = (typeof API_DOCS_ASSETS)[number];

/**
 * The API docs page: Swagger UI rendering the OpenAPI document. Its files come from the installed package (the
 * build of Swagger UI that @fastify/swagger-ui ships), never from a CDN, and the page has no inline script, so the
 * app's Content-Security-Policy (script-src 'self') holds for it like for every other page.
 */
export function registerDocsPage(app: ZodApp, paths: { page: string; document: string }): void {
  const require = createRequire(import.meta.url);
  const staticDir = path.join(path.dirname(require.resolve('@fastify/swagger-ui/package.json')), 'static');
  const fromPackage = (file: string) => () => readFile(path.join(staticDir, file));
  const assets = new Map<AssetName, { type: string; load: () => Promise<Buffer> }>([
    ['swagger-ui.css', { type: 'text/css; charset=utf-8', load: fromPackage('swagger-ui.css') }],
    [
      'swagger-ui-bundle.js',
      { type: 'application/javascript; charset=utf-8', load: fromPackage('swagger-ui-bundle.js') },
    ],
    ['favicon.png', { type: 'image/png', load: fromPackage('favicon-32x32.png') }],
    [
      'quorum-docs.js',
      { type: 'application/javascript; charset=utf-8', load: async () => Buffer.from(initScript(paths.document)) },
    ],
  ]);
  /** Each file read once, with its gzip form made once: the bundle is 1.5 MB, 0.4 MB gzipped. */
  const loaded = new Map<AssetName, Promise<{ body: Buffer; gzip: Buffer }>>();
  const load = (name: AssetName) => {
    let entry = loaded.get(name);
    if (!entry) {
      entry = assets
        .get(name)!
        .load()
        .then((body) => ({ body, gzip: gzipSync(body) }));
      // A failed read is tried again on the next request.
      entry.catch(() => loaded.delete(name));
      loaded.set(name, entry);
    }
    return entry;
  };

  const page = pageHtml(paths.page);
  app.get(paths.page, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page),
  );

  app.get(
    `${paths.page}/:file`,
    { schema: { hide: true, params: apiDocsAssetParamsSchema } },
    async (request, reply) => {
      const name = request.params.file;
      const { body, gzip } = await load(name);
      const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      void reply
        .type(assets.get(name)!.type)
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'accept-encoding');
      if (acceptsGzip) void reply.header('content-encoding', 'gzip');
      return reply.send(acceptsGzip ? gzip : body);
    },
  );
}

function pageHtml(base: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Quorum API</title>
    <link rel="icon" type="image/png" href="${base}/favicon.png" />
    <link rel="stylesheet" href="${base}/swagger-ui.css" />
    <style>
      body { margin: 0; background: #fafafa; }
      .swagger-ui .info { margin: 24px 0; }
      /* Swagger UI's colours, darkened to a contrast of at least 4.5:1. */
      .swagger-ui .opblock .opblock-summary-method { color: #fff; }
      .swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f5fa8; }
      .swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1d7048; }
      .swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a5100; }
      .swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b3261e; }
      .swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #17675a; }
      .swagger-ui .info .title small { background: #555c69; }
      .swagger-ui .info .title small.version-stamp { background: #466300; }
      .swagger-ui .info .url, .swagger-ui .info a { color: #1f5fa8; }
      .swagger-ui .btn.authorize { color: #1d7048; border-color: #1d7048; }
      .swagger-ui .btn.authorize svg { fill: #1d7048; }
    </style>
  </head>
  <body>
    <main id="swagger-ui"><p>Loading the Quorum API reference…</p></main>
    <script src="${base}/swagger-ui-bundle.js"></script>
    <script src="${base}/quorum-docs.js"></script>
  </body>
</html>
`;
}

/** Starts Swagger UI on the document; a file, not an inline script, so the CSP needs no exception. */
function initScript(documentPath: string): string {
  return `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(documentPath)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: false,
    filter: true,
    validatorUrl: null,
    onComplete: function () {
      var servers = document.getElementById('servers');
      if (servers) servers.setAttribute('aria-label', 'Server');
    },
  });
});
`;
}
