import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { ViewCtx } from "../../src/web/dashboard/routes/page.ts";
import { chargeBatchView, reportOrder } from "../../src/web/dashboard/views/charge-batch.ts";
import { deliveryCard } from "../../src/web/dashboard/views/delivery-card.ts";
import { keysView } from "../../src/web/dashboard/views/keys.ts";
import { unmatchedView } from "../../src/web/dashboard/views/live-money.ts";
import { dataTable, longValue } from "../../src/web/dashboard/views/parts.ts";
import { pixProviderView } from "../../src/web/dashboard/views/pix-provider.ts";
import { webhooksView } from "../../src/web/dashboard/views/webhooks.ts";
import { translator } from "../../src/web/i18n/catalogue.ts";
import { common } from "../../src/web/i18n/common.ts";
import { dashboard } from "../../src/web/i18n/dashboard.ts";

// The dashboard's views are pure functions of data to HTML: each is called here with data made
// by hand, no service, no database, and its markup read back.

const ctx = (lang: "pt-BR" | "en" = "pt-BR", mode: "test" | "live" = "test"): ViewCtx => ({
  t: translator(lang, common, dashboard),
  lang,
  url: "/dashboard/x",
  csrf: "csrf-token",
  who: { accountId: "acct_1", mode, tokenId: "session" },
  userId: "usr_1",
  formKey: "form-key",
  role: "owner",
  can: () => true,
});

const html = (v: { main: unknown }) => String(v.main);

describe("the markup every page builds with", () => {
  test("a data table is table.cards with each cell labelled by its (translated) heading", () => {
    const out = dataTable(
      [{ a: "um", n: 2 }],
      [
        { label: "Nome", cell: (r) => r.a },
        { label: "Ações", hideLabel: true, class: "num", cell: (r) => r.n },
      ],
    ).value;
    assert.match(out, /<table class="cards">/);
    assert.match(out, /<td data-label="Nome">um<\/td>/);
    assert.match(out, /<td class="num" data-label="Ações">2<\/td>/);
    assert.match(out, /<th class="num"><span class="visually-hidden">Ações<\/span><\/th>/);
  });

  test("a long value is one line with its whole value in the title, and a copy button app.js knows", () => {
    const out = longValue(
      translator("pt-BR", common, dashboard),
      "https://a.example/<x>",
      "u",
    ).value;
    assert.equal(
      out,
      '<span class="long" title="https://a.example/&lt;x&gt;" id="u">https://a.example/&lt;x&gt;</span><button type="button" class="copy secondary" data-copy="#u" data-copied="Copiado">Copiar</button>',
    );
  });

  test("keys: a new key's value is shown with its copy button, the table is cards, amounts none", () => {
    const out = html(
      keysView(ctx(), [], { created: { token: "svc_test_abc", mode: "test", label: "loja" } }),
    );
    assert.match(out, /id="new-key">svc_test_abc<\/span><button type="button" class="copy/);
    assert.match(out, /name="_once" value="form-key"/);
    assert.match(out, /name="_csrf" value="csrf-token"/);
  });
});

describe("the CSV report leads with what needs the merchant", () => {
  const report = {
    created: 2,
    duplicates: 1,
    failed: 1,
    lines: [
      { row: 2, chargeId: "pix_a", value: 150, dueDate: "2026-12-10" },
      { row: 3, chargeId: "pix_b", duplicate: true },
      { row: 4, error: "customer_cpf: must be a valid CPF" },
      { row: 5, chargeId: "pix_c", value: 10, dueDate: "2026-12-11" },
    ],
  };

  test("refused lines first, then lines already billed, then the charges made, each in file order", () => {
    assert.deepEqual(
      reportOrder(report.lines).map((l) => l.row),
      [4, 3, 2, 5],
    );
  });

  test("the counts (created, already there, refused) come before any line", () => {
    const out = html(chargeBatchView(ctx("en"), {}, { report }));
    const at = (s: string) => out.indexOf(s);
    for (const s of ['data-count="created"', 'data-count="duplicates"', 'data-count="failed"'])
      assert.ok(at(s) > 0, s);
    assert.match(out, /data-count="created"><span class="n">2<\/span><span class="l">Created/);
    assert.match(out, /data-count="failed"><span class="n">1<\/span><span class="l">Refused/);
    assert.ok(at('data-count="failed"') < at("<table"), "the counts lead");
    assert.ok(at("must be a valid CPF") < at("pix_b"), "the error before the duplicate");
    assert.ok(at("pix_b") < at("pix_a"), "the duplicate before the successes");
    assert.match(out, /<span class="amount">R\$\s?150\.00<\/span>/);
  });
});

describe("failing webhook deliveries", () => {
  const t = translator("en", common, dashboard);
  const card = (d: { status: string; attempts: number; nextAttemptAt: string | null }) =>
    deliveryCard(
      { t, csrf: "c" },
      { id: "dlv_1", event: "charge.approved", attemptLog: [], ...d },
      { redeliverAction: "/dashboard/x/redeliver", aside: "" },
    ).value;

  test("a delivery being retried shows its next attempt and a resend button", () => {
    const out = card({ status: "pending", attempts: 2, nextAttemptAt: "2026-12-10T15:00:00Z" });
    assert.match(out, /class="next-attempt">Next attempt: /);
    assert.match(out, /action="\/dashboard\/x\/redeliver"/);
  });

  test("a failed one has the resend button; one queued and never tried has neither", () => {
    const failed = card({ status: "failed", attempts: 8, nextAttemptAt: null });
    assert.match(failed, /action="\/dashboard\/x\/redeliver"/);
    assert.doesNotMatch(failed, /next-attempt/);
    const queued = card({ status: "pending", attempts: 0, nextAttemptAt: "2026-12-10T15:00:00Z" });
    assert.doesNotMatch(queued, /redeliver|next-attempt/);
  });

  test("a webhook whose latest delivery fails reads as failing, never Active", () => {
    const hook = (health: "active" | "failing" | "disabled") => ({
      id: `wh_${health}`,
      url: `https://${health}.example/hook`,
      events: ["*"],
      active: health !== "disabled",
      disabledReason: null,
      createdAt: "2026-12-01T00:00:00Z",
      health,
    });
    const out = html(webhooksView(ctx("pt-BR"), [hook("failing"), hook("active")] as never, {}));
    const row = (id: string) => out.slice(out.indexOf(id), out.indexOf("</tr>", out.indexOf(id)));
    assert.match(row("wh_failing"), /data-health="failing">Falhando</);
    assert.doesNotMatch(row("wh_failing"), /Ativo/);
    assert.match(row("wh_active"), /data-health="active">Ativo</);
  });
});

test("the PSP form refused keeps what was typed (never a secret)", () => {
  const data = { live: true as const, view: undefined, receiver: undefined, expiresSoon: false };
  const typed = {
    profile: "efi",
    client_id: "Client_Id_123",
    pix_key: "loja@example.com",
    merchant_name: "Loja Exemplo",
    merchant_city: "Recife",
    receiver_account: "123456-7",
    receiver_account_type: "POUPANCA",
  };
  const out = html(pixProviderView(ctx("pt-BR", "live"), data, { typed }));
  assert.match(out, /name="client_id"[^>]* value="Client_Id_123"/);
  assert.match(out, /name="pix_key"[^>]* value="loja@example.com"/);
  assert.match(out, /name="merchant_name"[^>]* value="Loja Exemplo"/);
  assert.match(out, /name="merchant_city"[^>]* value="Recife"/);
  assert.match(out, /name="receiver_account"[^>]* value="123456-7"/);
  assert.match(out, /<option value="POUPANCA" selected>/);
  assert.match(out, /<option value="efi" selected>/);
  assert.match(out, /id="kept-typed"/);
  assert.doesNotMatch(out, /name="client_secret" value=/);
});

test("the unmatched payments page says in the page's language who saw each payment, not the stored word", () => {
  const items = (["notification", "reconciliation", "sweep"] as const).map((source, i) => ({
    id: `unm_${i}`,
    accountId: "acct_1",
    e2eid: `E0000000020261128000000000000${i}`,
    txid: `tx${i}`,
    amountCents: 1234,
    paidAt: new Date("2026-11-28T12:00:00.000Z"),
    source,
    createdAt: new Date("2026-11-28T12:00:01.000Z"),
  }));
  const pt = html(unmatchedView(ctx("pt-BR", "live"), items));
  for (const word of ["Aviso do PSP", "Conciliação", "Verificação de cobranças removidas"]) {
    assert.ok(pt.includes(word), word);
  }
  assert.doesNotMatch(pt, />(notification|reconciliation|sweep|End-to-end id)</);
  const en = html(unmatchedView(ctx("en", "live"), items));
  assert.ok(en.includes("PSP notification"));
});
