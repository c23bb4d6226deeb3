import { createServer } from "node:http";

// The webhook receiver of the deliveries row (bench/deliveries.ts), in its own process so that
// neither the service's deliveries nor the bare fetch loop share an event loop with it: it
// reads each POST whole, answers 200 "ok", and counts. GET /count says how many it has had,
// GET /size the byte length of the last body.

let received = 0;
let lastSize = 0;
const server = createServer((req, res) => {
  if (req.method === "GET") {
    res.end(String(req.url === "/size" ? lastSize : received));
    return;
  }
  let size = 0;
  req.on("data", (c: Buffer) => {
    size += c.length;
  });
  req.on("end", () => {
    received++;
    lastSize = size;
    res.end("ok");
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const a = server.address();
  const port = typeof a === "object" && a ? a.port : 0;
  process.stdout.write(`receiver listening on http://127.0.0.1:${port}\n`);
});
process.on("SIGTERM", () => process.exit(0));
