// The pages' HTML templates: the one escaping rule lives in kernel/html.ts, shared with the
// payers' mail (domain/notifications/render/), which may not import src/web.
export * from "../kernel/html.ts";
