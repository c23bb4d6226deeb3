import assert from "node:assert/strict";
import { test } from "node:test";
import { useFileService } from "../helpers/service.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// The subscription operations as MCP tools (they come from the operation table): an assistant
// with a test token creates a subscription, authorises it in the sandbox, reads, lists and
// cancels it; a key without the subscriptions scopes is refused by name.

const svc = useFileService();

const tool = (token: string, name: string, args: Record<string, unknown>) =>
  svc.call("POST", "/api/integrations/mcp/call", { token, body: { tool: name, arguments: args } });

test("the subscription tools create, authorise, read, list and cancel", async () => {
  const { test: token } = await svc.newAccount();
  const start = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const created = await tool(token, "create_subscription", {
    title: "Clube do livro",
    customer_name: "Maria Silva",
    customer_cnpj: "11.222.333/0001-81",
    periodicity: "quarterly",
    start_date: start,
    value: 59.9,
  });
  assert.equal(created.statusCode, 200, created.body);
  const id = created.json().data.subscriptionId as string;
  assert.equal(created.json().data.customer_cnpj, "11222333000181");
  const approved = await tool(token, "simulate_subscription_authorize", { subscription_id: id });
  assert.equal(approved.json().data.statusCode, "approved");
  const status = await tool(token, "get_subscription_status", { subscription_id: id });
  assert.equal(status.json().data.nextChargeDate, start);
  const list = await tool(token, "list_subscriptions", { limit: 5 });
  assert.deepEqual(
    list.json().data.subscriptions.map((s: { subscriptionId: string }) => s.subscriptionId),
    [id],
  );
  const canceled = await tool(token, "cancel_subscription", { subscription_id: id });
  assert.equal(canceled.json().data.statusCode, "canceled");
  const clock = await tool(token, "advance_test_clock", { days: 2 });
  assert.equal(clock.json().data.advancedDays, 2);
});

test("a charges-only key cannot reach subscriptions (403 naming the scope)", async () => {
  const { test: full } = await svc.newAccount();
  const made = await svc.call("POST", "/api/auth/token/create", {
    token: full,
    body: { label: "plugin", scopes: ["charges:read", "charges:write"] },
  });
  const narrow = made.json().data.token as string;
  const res = await svc.call("GET", "/api/pix/subscriptions", { token: narrow });
  assert.equal(res.statusCode, 403);
  assert.match(res.json().error ?? "", /subscriptions:read/);
});

test("live tokens: the sandbox tools are refused, and live subscriptions say what they need", async () => {
  const { live } = await svc.newAccount();
  const res = await tool(live, "advance_test_clock", { days: 1 });
  assert.equal(res.statusCode, 403);
  const create = await svc.call("POST", "/api/pix/subscriptions/create", {
    token: live,
    body: monthlyPlan("2099-01-10", { value: 10 }),
  });
  assert.equal(create.statusCode, 422);
  assert.match(create.json().error ?? "", /live subscriptions need this account.s PSP connection/);
});
