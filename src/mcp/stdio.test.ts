import assert from "node:assert/strict";
import { test } from "node:test";
import { stdioSettings } from "./stdio.ts";

// The stdio server's variables: SVC_BASE_URL and SVC_API_TOKEN (contract.md), or the service's
// style of names where those are unset; a configuration with the SVC_ names means what it did.

test("the SVC_ names win; the service's style of names fill in only what they leave unset", () => {
  assert.deepEqual(stdioSettings({}), {
    baseUrl: "http://localhost:3000",
    token: undefined,
    tokenVariable: "SVC_API_TOKEN",
  });
  assert.deepEqual(
    stdioSettings({
      TOSTAO_BASE_URL: "https://pay.loja.example",
      TOSTAO_API_TOKEN: " svc_test_a\n",
    }),
    { baseUrl: "https://pay.loja.example", token: "svc_test_a", tokenVariable: "TOSTAO_API_TOKEN" },
  );
  assert.deepEqual(
    stdioSettings({
      SVC_BASE_URL: "http://127.0.0.1:4000",
      SVC_API_TOKEN: "svc_test_svc",
      TOSTAO_BASE_URL: "https://pay.loja.example",
      TOSTAO_API_TOKEN: "svc_test_tostao",
    }),
    { baseUrl: "http://127.0.0.1:4000", token: "svc_test_svc", tokenVariable: "SVC_API_TOKEN" },
  );
  // An empty SVC_ variable (an env file's `SVC_API_TOKEN=`) counts as unset.
  assert.equal(
    stdioSettings({ SVC_API_TOKEN: "", TOSTAO_API_TOKEN: "svc_test_tostao" }).token,
    "svc_test_tostao",
  );
});
