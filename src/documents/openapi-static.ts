// The two operations that are not routes of the route table: /docs, which the reference
// renderer's plugin registers (its routes are hidden), and /metrics, registered only when
// configured and kept out of the API's manifest. Written out here, once, so the document still
// describes them.

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
const common = {
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
  "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
};

export const STATIC_PATHS = {
  "/docs": {
    get: {
      operationId: "getApiReference",
      summary: "This API reference (HTML, with try-it); all its assets are served from here",
      tags: ["health"],
      security: [],
      responses: {
        "200": {
          description: "OK",
          headers: common,
          content: { "text/html": { schema: { type: "string" } } },
        },
        "429": ref("RateLimited"),
        "500": ref("Internal"),
      },
    },
  },
  "/metrics": {
    get: {
      operationId: "getMetrics",
      summary:
        "Prometheus metrics; only with TOSTAO_METRICS=open (no token) or TOSTAO_METRICS_TOKEN (that bearer token), else 404",
      tags: ["health"],
      security: [{ metricsToken: [] }, {}],
      responses: {
        "200": {
          description: "OK",
          headers: common,
          content: { "text/plain": { schema: { type: "string" } } },
        },
        "401": ref("Unauthenticated"),
        "404": { description: "Metrics are off (the default)." },
        "429": ref("RateLimited"),
        "500": ref("Internal"),
      },
    },
  },
};
