import { describe } from "node:test";
import { securitySuite } from "../helpers/security-suite.ts";
import { useFileService } from "../helpers/service.ts";

const svc = useFileService();

describe("authentication on every route", () => {
  securitySuite(() => svc);
});
