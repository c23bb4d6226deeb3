// A readable API reference page at /docs, drawn from the OpenAPI document (no external assets).

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

type Op = {
  summary?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; required: boolean; schema: unknown }>;
  requestBody?: {
    content: {
      "application/json": {
        schema: {
          properties?: Record<string, { type?: string; description?: string }>;
          required?: string[];
        };
      };
    };
  };
};

export function renderDocsPage(doc: {
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
}): string {
  const sections = Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, raw]) => {
        const op = raw as Op;
        const params = (op.parameters ?? []).map(
          (p) => `<li><code>${esc(p.name)}</code> (query${p.required ? ", required" : ""})</li>`,
        );
        const body = op.requestBody?.content["application/json"].schema;
        const fields = Object.entries(body?.properties ?? {}).map(
          ([name, f]) =>
            `<li><code>${esc(name)}</code>${body?.required?.includes(name) ? " <b>required</b>" : ""}${f.type ? ` ${esc(String(f.type))}` : ""}${f.description ? `: ${esc(f.description)}` : ""}</li>`,
        );
        const auth =
          op.security === undefined
            ? "no token"
            : op.security.length > 1
              ? "token optional"
              : "bearer token";
        return `<section><h2><span class="m">${method.toUpperCase()}</span> <code>${esc(path)}</code></h2>
<p>${esc(op.summary ?? "")} <i>(${auth})</i></p>${params.length ? `<ul>${params.join("")}</ul>` : ""}${fields.length ? `<p>Body:</p><ul>${fields.join("")}</ul>` : ""}</section>`;
      }),
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:880px;margin:2rem auto;padding:0 1rem}h2{font-size:1.05rem;margin:1.6rem 0 .3rem}.m{display:inline-block;min-width:3.5rem;color:#075}code{background:#f3f3f3;padding:0 .2rem}</style>
</head><body><h1>${esc(doc.info.title)} ${esc(doc.info.version)}</h1>
<p>Every request: <code>Authorization: Bearer &lt;token&gt;</code>. Every answer: <code>{"success": true, "data": …}</code> or <code>{"success": false, "error": "…"}</code>. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>, <a href="/api/integrations/mcp/manifest">manifest</a>, <a href="/api/integrations/mcp/guide">guide</a>.</p>
${sections}</body></html>`;
}
