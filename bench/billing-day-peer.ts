import { createInterface } from "node:readline";
import { startPspPeer } from "../test/helpers/psp-peer/index.ts";

// The PSP peer of bench/billing-day-live.ts, in its own process so its TLS and validation work
// and its memory are not the scheduler's. It holds `N` approved recs (idRec recIdOf(i)) and
// prints its credentials as one JSON line; "report" on stdin prints what it saw.
const n = Number(process.argv[2] ?? 0);
const now = new Date(process.argv[3] ?? Date.now());
export const recIdOf = (i: number) => `RR1234567820260302${String(i).padStart(11, "0")}`;

const peer = await startPspPeer({ profile: "generic", now: () => now });
for (let i = 0; i < n; i++) {
  const idRec = recIdOf(i);
  peer.recState.recs.set(idRec, {
    idRec,
    status: "APROVADA",
    body: {
      vinculo: { contrato: `sub_${i}`, devedor: { cpf: "52998224725", nome: "Maria Silva" } },
      calendario: { dataInicial: "2026-03-10", periodicidade: "MENSAL" },
      valor: { valorRec: "49.90" },
      politicaRetentativa: "NAO_PERMITE",
    },
    atualizacao: [],
    tipoJornada: "JORNADA_2",
  });
}
const cpuMs = () => {
  const c = process.cpuUsage();
  return Math.round((c.user + c.system) / 1000);
};
process.stdout.write(
  `${JSON.stringify({ ...peer.credentials(), pixKey: peer.pixKey, profile: peer.profile })}\n`,
);
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === "report") {
    process.stdout.write(
      `${JSON.stringify({
        cobrs: peer.cobrs.size,
        violations: peer.violations.length,
        firstViolation: peer.violations[0] ?? null,
        requests: peer.requests.length,
        cpuMs: cpuMs(),
        peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      })}\n`,
    );
  }
}
await peer.close();
