import { createServer } from "node:net";

// A first start on a taken port used to create the account, the sandbox token and the setup
// link, and only then die on listen with an EADDRINUSE stack trace: the next start printed
// neither. The start asks this before it creates anything (the bind may still be lost to a race
// between this check and the service's own listen; main.ts reports that case the same way).

/** Whether something already listens on host:port (false for port 0, which any free port serves). */
export async function portTaken(port: number, host: string): Promise<boolean> {
  if (port === 0) return false;
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "EADDRINUSE"));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

/** The one line that says the port is taken and how to choose another. */
export function portTakenMessage(port: number, host: string): string {
  return (
    `port ${port} on ${host} is taken (another Tostão or another program listens there): ` +
    `stop it, or choose another port with PORT, e.g. PORT=${port === 3000 ? 3001 : port + 1} npm start`
  );
}
