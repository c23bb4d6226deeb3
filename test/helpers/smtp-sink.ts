import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { makeSelfSignedCert } from "./tls.ts";

// A local SMTP server for the tests, speaking the real protocol through smtp-server (Nodemailer's
// own server library): it offers STARTTLS with a throwaway certificate and, when asked, refuses
// AUTH before TLS and any mail before AUTH, as a submission relay does. Each accepted message is
// parsed (mailparser) and kept with its envelope and raw bytes. A test can script the next
// replies (a 451 or a 550 for a recipient) or take the server down and bring it back on the same
// port.

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: Buffer;
  parsed: ParsedMail;
  /** Whether the session had upgraded to TLS, and who signed in. */
  secure: boolean;
  user: string | undefined;
};

export type SmtpSink = {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Replies to use for the next RCPT commands, in order (e.g. [451, 451] then accept). */
  scriptRcpt(codes: number[]): void;
  /** Refuses every RCPT to this address with `code` until cleared. */
  refuseAddress(address: string, code: number): void;
  /** Connections closed and refused until start() again (same port). */
  stop(): Promise<void>;
  start(): Promise<void>;
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export async function startSmtpSink(
  opts: { user?: string; pass?: string; requireTls?: boolean; port?: number } = {},
): Promise<SmtpSink> {
  const { key, cert } = makeSelfSignedCert();
  const user = opts.user ?? "relay-user";
  const pass = opts.pass ?? "relay-pass-Secret123";
  const received: ReceivedMail[] = [];
  const script: number[] = [];
  const refused = new Map<string, number>();
  let port = opts.port ?? 0;
  let server: SMTPServer | undefined;

  const make = () =>
    new SMTPServer({
      key,
      cert,
      // AUTH only over TLS (smtp-server's default without allowInsecureAuth): STARTTLS first.
      authOptional: false,
      authMethods: ["PLAIN", "LOGIN"],
      logger: false,
      // The client's pool keeps its connections open: close them at once when the test ends.
      closeTimeout: 50,
      size: 10 * 1024 * 1024,
      onAuth(auth, session, cb) {
        if (opts.requireTls !== false && !session.secure) {
          return cb(new Error("Must issue a STARTTLS command first"));
        }
        if (auth.username === user && auth.password === pass) return cb(null, { user });
        return cb(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
      },
      onRcptTo(address, _session, cb) {
        const code = refused.get(address.address.toLowerCase()) ?? script.shift();
        if (code !== undefined && code >= 400) {
          return cb(
            Object.assign(
              new Error(code >= 500 ? "5.1.1 mailbox unavailable" : "4.7.1 try later"),
              {
                responseCode: code,
              },
            ),
          );
        }
        cb();
      },
      onData(stream, session: SMTPServerSession, cb) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", async () => {
          const raw = Buffer.concat(chunks);
          const parsed = await simpleParser(raw, { keepCidLinks: true });
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            parsed,
            secure: session.secure,
            user: typeof session.user === "string" ? session.user : undefined,
          });
          cb();
        });
      },
    });

  const start = async () => {
    server = make();
    server.on("error", () => {});
    await new Promise<void>((resolve) => server?.listen(port, "127.0.0.1", () => resolve()));
    port = (server.server.address() as AddressInfo).port;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await start();
  const url = `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}`;
  return {
    url,
    port,
    received,
    scriptRcpt: (codes) => script.push(...codes),
    refuseAddress: (address, code) => refused.set(address.toLowerCase(), code),
    stop,
    start,
    async waitFor(n, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) {
          throw new Error(`expected ${n} mails at the sink, got ${received.length}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return received.slice(0, n);
    },
    close: stop,
  };
}
