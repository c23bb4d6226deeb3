import { badRequest } from "../domain/errors.ts";

// Passwords for `tostao user …`: from standard input with --password-stdin (scripts: the first
// line, its newline dropped), or typed at the terminal without echo, twice. Never from a flag,
// where it would sit in the shell's history and in the process list.

export async function readPasswordFromStdin(
  stdin: NodeJS.ReadStream = process.stdin,
): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
  const text = Buffer.concat(chunks).toString("utf8");
  return text.split(/\r?\n/)[0] ?? "";
}

function promptHidden(
  question: string,
  stdin: NodeJS.ReadStream,
  out: NodeJS.WriteStream,
): Promise<string> {
  return new Promise((resolve, reject) => {
    out.write(question);
    let typed = "";
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    const onData = (s: string) => {
      for (const ch of s) {
        if (ch === "\r" || ch === "\n") {
          done();
          out.write("\n");
          resolve(typed);
          return;
        }
        if (ch === "\u0003") {
          done();
          out.write("\n");
          reject(badRequest("cancelled"));
          return;
        }
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else typed += ch;
      }
    };
    const done = () => {
      stdin.off("data", onData);
      stdin.setRawMode(false);
      stdin.pause();
    };
    stdin.on("data", onData);
  });
}

/** The new password: stdin with --password-stdin, else asked twice at the terminal. */
export async function readNewPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readPasswordFromStdin();
  if (!process.stdin.isTTY) {
    throw badRequest("no terminal to ask the password on: pipe it in with --password-stdin");
  }
  const first = await promptHidden(
    "Password (at least 10 characters): ",
    process.stdin,
    process.stderr,
  );
  const again = await promptHidden("Repeat it: ", process.stdin, process.stderr);
  if (first !== again) throw badRequest("the two passwords differ");
  return first;
}
