// The options every HTML route and asset is registered with. `unlisted` keeps them out of the
// route table (src/http/app.ts), which the manifest, the OpenAPI document and the security and
// schema suites read: they are pages, not API. `schema.hide` says the same to @fastify/swagger.
// No bearer token: the dashboard authenticates by its session cookie (dashboard/session.ts).

export const WEB_ROUTE = {
  config: { auth: "none" as const, unlisted: true },
  schema: { hide: true },
};
