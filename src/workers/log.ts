// The logger the workers and jobs write to: the part of pino's interface they use, so the
// service passes Fastify's `app.log` and tests pass a capture. Lines are an object of fields and
// a message; callers never put a secret, a body or a URL's query in the fields.

export type Log = {
  debug(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

export const silentLog: Log = { debug() {}, warn() {}, error() {} };
