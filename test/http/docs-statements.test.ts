import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { SUBSCRIBABLE } from "../../src/domain/webhooks/schemas.ts";

// Statements of the docs that the code once contradicted (issue 32, item 10 c and d), held to
// the code: the behaviour behind each is tested where it lives (the webhook schema's list; the
// location's debtor in test/http/due-date-sandbox.test.ts).

const doc = (name: string) => readFileSync(new URL(`../../docs/${name}`, import.meta.url), "utf8");

test("docs/webhooks.md's subscription rule names every event a webhook may subscribe to, and not webhook.test", () => {
  const rule = /^- `events`:[\s\S]*?(?=^- )/m.exec(doc("webhooks.md"))?.[0] ?? "";
  assert.ok(rule, "the events bullet is there");
  for (const name of SUBSCRIBABLE) assert.ok(rule.includes(`\`${name}\``), `names ${name}`);
  assert.match(rule, /`webhook\.test` cannot be\s+subscribed to/);
});

test("docs/checkout.md's customer-data rule says a bill's public location carries the debtor, as BACEN's payload does", () => {
  const rule = /^\*\*No customer data[\s\S]*?(?=\n\n)/m.exec(doc("checkout.md"))?.[0] ?? "";
  assert.ok(rule, "the customer-data paragraph is there");
  assert.match(rule, /location/);
  assert.match(rule, /`devedor`/);
});
