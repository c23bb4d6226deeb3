import assert from "node:assert/strict";
import { test } from "node:test";
import { addUser, getPage, postForm, signInInject } from "../helpers/dashboard.ts";
import { useFileService } from "../helpers/service.ts";

// Issue 34 item 8 on the dashboard: a webhook whose deliveries fail reads as failing (not
// "Ativo"), and a failing delivery shows when it is tried next and a resend button wherever it
// is listed (the home page, the webhook's log). No worker runs: the deliveries' state is set in
// the database as the worker leaves it after failed attempts.

const svc = useFileService({
  env: { TOSTAO_WORKERS: "false", TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" },
});

test("a webhook whose latest delivery fails reads as failing, with its next attempt and a resend button", async () => {
  const a = await svc.newAccount();
  const made = async (url: string) => {
    const res = await svc.call("POST", "/api/webhooks/create", {
      token: a.test,
      body: { url, events: ["*"] },
    });
    assert.equal(res.statusCode, 200, res.body);
    const id: string = res.json().data.id;
    const sent = await svc.call("POST", "/api/webhooks/test", { token: a.test, body: { id } });
    assert.equal(sent.statusCode, 200, sent.body);
    return { id, delivery: sent.json().data.deliveryId as string };
  };
  const failing = await made("http://127.0.0.1:9/failing");
  const fine = await made("http://127.0.0.1:9/fine");
  // As the worker leaves them: one retried after two failed attempts, one delivered.
  const next = new Date(Date.now() + 3_600_000);
  await svc.deps.db.query(
    `UPDATE deliveries SET status = 'pending', attempts = 2, next_attempt_at = $2,
       last_error = 'connection refused' WHERE id = $1`,
    [failing.delivery, next],
  );
  await svc.deps.db.query(
    `UPDATE deliveries SET status = 'succeeded', attempts = 1, completed_at = now() WHERE id = $1`,
    [fine.delivery],
  );
  await addUser(svc, a.accountId, "health@example.com");
  const s = await signInInject(svc, "health@example.com");

  const list = (await getPage(svc, s, "/dashboard/webhooks")).body;
  const row = (id: string) => {
    const at = list.indexOf(`/dashboard/webhooks/${id}"`);
    return list.slice(at, list.indexOf("</tr>", at));
  };
  assert.match(row(failing.id), /data-health="failing">Falhando</);
  assert.doesNotMatch(row(failing.id), /Ativo/);
  assert.match(row(fine.id), /data-health="active">Ativo</);

  const redeliver = `/dashboard/webhooks/${failing.id}/deliveries/${failing.delivery}/redeliver`;
  const log = (await getPage(svc, s, `/dashboard/webhooks/${failing.id}`)).body;
  assert.match(log, /id="webhook-health"><span class="badge failed" data-health="failing">/);
  assert.match(log, /class="next-attempt">Próxima tentativa: /);
  assert.ok(log.includes(`action="${redeliver}"`), "the log's resend button");

  const home = (await getPage(svc, s, "/dashboard")).body;
  assert.match(home, /class="next-attempt">Próxima tentativa: /);
  assert.ok(home.includes(`action="${redeliver}"`), "the home page's resend button");
  const resent = await postForm(svc, s, redeliver, { _csrf: s.csrf });
  assert.equal(resent.statusCode, 303, resent.body);
  assert.match(resent.headers.location ?? "", /done=redelivered/);
});
