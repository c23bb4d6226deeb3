import assert from "node:assert/strict";
import { test } from "node:test";
import { addUser, getPage, signInInject } from "../helpers/dashboard.ts";
import { useTestService } from "../helpers/service.ts";

// The dashboard's charge list links its CSV export with the filters on screen, and the export
// answers the signed-in account's rows of the session's mode, filtered like the list.

const s = useTestService();

test("the charge list's export link carries the filters on screen and exports only those rows", async () => {
  const a = await s.svc.newAccount();
  await addUser(s.svc, a.accountId, "export@example.com");
  for (const body of [
    { value: 12.34, title: "=cmd", external_id: "keep" },
    { value: 1, title: "other" },
  ]) {
    const res = await s.svc.call("POST", "/api/pix/charge/create", { token: a.test, body });
    assert.equal(res.statusCode, 200, res.body);
  }
  const session = await signInInject(s.svc, "export@example.com");
  const list = await getPage(s.svc, session, "/dashboard/charges?external_id=keep&status=");
  assert.equal(list.statusCode, 200);
  const href = /href="(\/dashboard\/charges\/export[^"]*)"/
    .exec(list.body)?.[1]
    ?.replaceAll("&amp;", "&");
  assert.ok(href?.includes("external_id=keep"), href);
  const csv = await getPage(s.svc, session, href ?? "");
  assert.equal(csv.statusCode, 200);
  assert.match(String(csv.headers["content-type"]), /^text\/csv/);
  const lines = csv.body.split("\r\n").filter(Boolean);
  assert.equal(lines.length, 2, csv.body);
  assert.ok(lines[0]?.startsWith("\uFEFFid;"), "the dashboard's export is excel-br");
  assert.ok(lines[1]?.includes(";'=cmd;") && lines[1]?.includes(";12,34;"), lines[1]);
});
