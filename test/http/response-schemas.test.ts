import { after, before, describe } from "node:test";
import { startFakeEsplora } from "../helpers/fake-chain.ts";
import { responseSchemaSuite } from "../helpers/schema-suite.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

let svc: TestService;
let chain: Awaited<ReturnType<typeof startFakeEsplora>>;
before(async () => {
  chain = await startFakeEsplora();
  svc = await startTestService({
    // Webhook URLs resolve to a public address and nothing is delivered.
    lookup: async () => [{ address: "93.184.216.34", family: 4 }],
    // localhost: the local PSP peer of the live PIX provider routes.
    env: {
      TOSTAO_ESPLORA_URL_TESTNET: chain.url,
      TOSTAO_WORKERS: "false",
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost",
    },
  });
});
after(async () => {
  await svc.close();
  await chain.close();
});

describe("response schemas on every route", () => {
  responseSchemaSuite(() => svc);
});
