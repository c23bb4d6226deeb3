import { after, before, describe } from "node:test";
import { securitySuite } from "../helpers/security-suite.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

let svc: TestService;
before(async () => {
  svc = await startTestService();
});
after(() => svc.close());

describe("authentication on every route", () => {
  securitySuite(() => svc);
});
