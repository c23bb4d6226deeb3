import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type LiveSetup, providerBody, startLiveSetup } from "../helpers/live-pix.ts";
import { makeTestPki } from "../helpers/psp-peer/index.ts";
import { until } from "../helpers/until.ts";

// The notification webhooks a PSP connection registers at the PSP, against the peer: the
// key's (PUT /webhook/{chave}) and Pix Automático's (PUT /webhookrec, PUT /webhookcobr) hold
// exactly our URL in the profile's form, and deleting the connection removes the ones that are
// still ours, and only those.
let s: LiveSetup;
before(async () => {
  s = await startLiveSetup({ pki: makeTestPki(), profile: "efi" });
});
after(() => s?.close());

const save = async () => {
  const res = await s.svc.call("POST", "/api/pix/provider", {
    token: s.account.live,
    body: providerBody(s.peer),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { notificationPath: string; notificationUrl: string };
};
const del = async () => {
  const res = await s.svc.call("POST", "/api/pix/provider/delete", { token: s.account.live });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().data.webhookRemoval, "requested");
};
const requests = (method: string, path: string) =>
  s.peer.requests.filter((r) => r.method === method && r.path.endsWith(path)).length;

describe("the PSP webhooks of a connection", () => {
  test("Efí holds each URL with its ?ignorar= suffix once: /webhook/{chave}, /webhookrec and /webhookcobr", async () => {
    const view = await save();
    const expected = `https://tostao.example${view.notificationPath}?ignorar=`;
    assert.equal(view.notificationUrl, expected, "the view shows the URL as the PSP holds it");
    assert.equal(s.peer.webhooks.get(s.peer.pixKey)?.webhookUrl, expected);
    assert.equal(s.peer.recState.webhookRec, expected);
    assert.equal(s.peer.recState.webhookCobr, expected);
    // Efí's test notification went to the URL being registered, in the same form.
    assert.equal(s.peer.probes.at(-1)?.url, expected);
    s.peer.assertNoViolations();
  });

  test("deleting the connection removes webhookrec and webhookcobr at the PSP, as it removes the key's webhook", async () => {
    await save();
    assert.ok(s.peer.recState.webhookRec && s.peer.recState.webhookCobr);
    await del();
    await until(
      "the webhooks' removal",
      () =>
        s.peer.recState.webhookRec === undefined &&
        s.peer.recState.webhookCobr === undefined &&
        !s.peer.webhooks.has(s.peer.pixKey),
      3000,
    );
    s.peer.assertNoViolations();
  });

  test("a webhookcobr that is no longer ours (replaced in the PSP's portal) is kept; ours is removed", async () => {
    await save();
    const foreign = "https://erp.example.com/pix/automatico";
    s.peer.recState.webhookCobr = foreign;
    const deletesBefore = requests("DELETE", "/webhookcobr");
    const readsBefore = requests("GET", "/webhookcobr");
    await del();
    await until(
      "webhookrec's removal and webhookcobr's read",
      () =>
        s.peer.recState.webhookRec === undefined &&
        requests("GET", "/webhookcobr") > readsBefore &&
        !s.peer.webhooks.has(s.peer.pixKey),
      3000,
    );
    // A DELETE would follow its GET at once: give it the time it would take.
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(s.peer.recState.webhookCobr, foreign);
    assert.equal(requests("DELETE", "/webhookcobr"), deletesBefore, "never asked to delete it");
    s.peer.assertNoViolations();
  });
});
