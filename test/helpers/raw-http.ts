import { connect, type Socket } from "node:net";

export type RawResponse = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection. */
  closed: boolean;
  /** Milliseconds from the first byte sent to the end of the answer. */
  ms: number;
};

/** Parses the first HTTP/1.1 response in `text` (headers lower-cased; body as sent). */
export function parseResponse(text: string): Omit<RawResponse, "closed" | "ms"> {
  const end = text.indexOf("\r\n\r\n");
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(":");
    if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
  }
  return {
    status: Number(statusLine.split(" ")[1]),
    headers,
    body: end === -1 ? "" : text.slice(end + 4),
  };
}

/**
 * Opens a TCP connection, writes `bytes` as they are (no HTTP client fixing them up), and
 * collects what comes back until the server closes or `waitMs` passes.
 */
export function rawExchange(
  port: number,
  bytes: string | Buffer,
  opts: { waitMs?: number } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket: Socket = connect(port, "127.0.0.1");
    let got = "";
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseResponse(got), closed, ms: performance.now() - started });
    };
    const timer = setTimeout(finish, opts.waitMs ?? 5_000);
    socket.on("data", (d) => (got += d.toString("latin1")));
    socket.on("end", () => {
      closed = true;
      finish();
    });
    socket.on("close", () => {
      closed = true;
      finish();
    });
    socket.on("error", (err) => (got ? finish() : reject(err)));
    socket.write(bytes);
  });
}

/** Sends the headers and part of a body, and keeps the connection open (a slow client). */
export function slowRequest(port: number, head: string, partialBody: string) {
  const started = performance.now();
  const socket = connect(port, "127.0.0.1");
  let got = "";
  socket.on("data", (d) => (got += d.toString("latin1")));
  socket.on("error", () => {});
  const ended = new Promise<RawResponse>((resolve) =>
    socket.on("close", () =>
      resolve({ ...parseResponse(got), closed: true, ms: performance.now() - started }),
    ),
  );
  socket.write(head + partialBody);
  return { ended, destroy: () => socket.destroy() };
}
