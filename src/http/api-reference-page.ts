// What makes /docs Tostão's page rather than the framework's, and usable on a phone. Swagger
// UI's own page (from @fastify/swagger-ui) has no viewport declaration, so a phone lays it out
// 980 px wide and shrinks it; it wears Swagger's logo and favicon; and it lists operations in
// the order the routes were registered, where "create a charge" came after batches and reads.
// The plugin takes a stylesheet but offers no hook for the page itself, so api-reference.ts
// rewrites the page as it is sent (brandPage) and hands the plugin the stylesheet below.

/** What a newcomer does first, in order: create a PIX charge, read its status, list charges. */
const FIRST_PATHS = ["/api/pix/charge/create", "/api/pix/charge/status", "/api/pix/charges"];

/** The document's paths with the newcomer's first ones in front (Swagger UI keeps path order). */
export function newcomerOrder(doc: Record<string, unknown>): Record<string, unknown> {
  const paths = (doc.paths ?? {}) as Record<string, unknown>;
  const first = FIRST_PATHS.filter((p) => p in paths);
  const ordered = Object.fromEntries([
    ...first.map((p) => [p, paths[p]] as const),
    ...Object.entries(paths).filter(([p]) => !first.includes(p)),
  ]);
  return { ...doc, paths: ordered };
}

const HEADER = `<header class="tostao-bar"><div class="inner">
<a class="brand" href="/docs">Tostão</a><span class="what">API reference</span>
<nav><a href="/dashboard">Dashboard</a><a href="/api/openapi.json">OpenAPI (JSON)</a></nav>
</div></header>
`;

/**
 * The plugin's page with a viewport for phones, no favicon request (as the dashboard's pages:
 * none, rather than Swagger's) and Tostão's bar above the reference. Its pieces are matched
 * literally; should a plugin upgrade change them, the browser test of /docs fails.
 */
export function brandPage(page: string): string {
  return page
    .replace(
      '<meta charset="UTF-8">',
      '<meta charset="UTF-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n<link rel="icon" href="data:,">',
    )
    .replace('<div id="swagger-ui"></div>', `${HEADER}<div id="swagger-ui"></div>`);
}

/**
 * Tostão's bar (the dashboard's colours) and what keeps the reference inside a 390 px screen:
 * long paths and summaries wrap instead of widening their row, code and tables scroll within
 * their own box.
 */
export const THEME_CSS = `
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.tostao-bar { background: #1d2126; color: #fff; }
.tostao-bar .inner {
  display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.25rem 1rem;
  max-width: 1460px; margin: 0 auto; padding: 0.7rem 20px;
}
.tostao-bar .brand { color: #fff; font-weight: 700; font-size: 1.2rem; text-decoration: none; }
.tostao-bar .what { color: #d5dbe1; }
.tostao-bar nav { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; margin-left: auto; }
.tostao-bar nav a { color: #d5dbe1; text-decoration: none; }
.tostao-bar nav a:hover, .tostao-bar nav a:focus { color: #fff; text-decoration: underline; }
.swagger-ui .btn.authorize { border-color: #0b6e4f; color: #0b6e4f; }
.swagger-ui .btn.authorize svg { fill: #0b6e4f; }
/* An operation's id whole on one line, not broken before its last letter. */
.swagger-ui .opblock .opblock-summary-operation-id { word-break: normal; white-space: nowrap; }
@media (max-width: 640px) {
  .swagger-ui .opblock .opblock-summary-operation-id { white-space: normal; overflow-wrap: anywhere; }
  .tostao-bar .inner, .swagger-ui .wrapper { padding-left: 12px; padding-right: 12px; }
  .swagger-ui .information-container .info { margin: 20px 0; }
  .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; gap: 4px 8px; }
  .swagger-ui .opblock .opblock-summary-path,
  .swagger-ui .opblock .opblock-summary-path__deprecated {
    flex-shrink: 1; max-width: 100%; word-break: break-all; padding-right: 0;
  }
  .swagger-ui .opblock .opblock-summary-description { flex: 1 1 100%; word-break: normal; }
  .swagger-ui .opblock-summary-control { flex-wrap: wrap; }
  .swagger-ui .opblock .opblock-summary .view-line-link { flex-shrink: 0; }
  .swagger-ui .opblock-tag { flex-wrap: wrap; font-size: 18px; }
  .swagger-ui .opblock-tag small { flex: 1 1 100%; padding: 0; }
  .swagger-ui .scheme-container .schemes { flex-wrap: wrap; gap: 8px; }
  .swagger-ui .opblock-section-header, .swagger-ui .opblock-description-wrapper,
  .swagger-ui .opblock-body .execute-wrapper, .swagger-ui .table-container,
  .swagger-ui .responses-inner { padding-left: 8px; padding-right: 8px; }
  /* Parameters, responses and their headers: each row a block of its own, cells one under the
     other, rather than columns a few letters wide. */
  .swagger-ui table.parameters, .swagger-ui table.responses-table, .swagger-ui table.headers,
  .swagger-ui table.parameters tbody, .swagger-ui table.responses-table tbody,
  .swagger-ui table.headers tbody, .swagger-ui table.parameters tr,
  .swagger-ui table.responses-table tr, .swagger-ui table.headers tr,
  .swagger-ui table.parameters td, .swagger-ui table.responses-table td,
  .swagger-ui table.headers td { display: block; width: auto; max-width: 100%; }
  .swagger-ui table.parameters thead, .swagger-ui table.responses-table thead,
  .swagger-ui table.headers thead { display: none; }
  .swagger-ui table.responses-table td, .swagger-ui table.parameters td { padding: 6px 0; }
  .swagger-ui table.headers td { padding: 2px 0; }
  .swagger-ui table.headers tr { padding: 6px 0; border-bottom: 1px solid #e8e8e8; }
  /* Code keeps its lines and scrolls inside its box. */
  .swagger-ui pre { white-space: pre; overflow-x: auto; max-width: 100%; }
  .swagger-ui pre code { white-space: pre !important; word-break: normal !important; }
  .swagger-ui .model-box { display: block; max-width: 100%; overflow-x: auto; }
  .swagger-ui textarea, .swagger-ui .parameters-col_description input,
  .swagger-ui .parameters-col_description select { max-width: 100%; }
}
`;
