import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { hasError, isStaticPix, parsePix } from "pix-utils";
import { expireOverdueCharges } from "../../src/domain/charges/move-charge.ts";
import { ChargeStatusViewSchema } from "../../src/domain/charges/schemas.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { readQrDataUrl } from "../helpers/read-qr.ts";
import { useFileService } from "../helpers/service.ts";

const clock = manualClock();
const svc = useFileService({ clock });

const create = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  svc.call("POST", "/api/pix/charge/create", { token, body, headers });
const status = (token: string, id: string) =>
  svc.call("GET", `/api/pix/charge/status?charge_id=${encodeURIComponent(id)}`, { token });
const move = (action: string, token: string, id: string) =>
  svc.call("POST", `/api/pix/charge/${action}`, { token, body: { charge_id: id } });
const events = async (token: string, id: string) =>
  (await svc.call("GET", `/api/events?charge_id=${id}`, { token })).json().data.events as Array<{
    event: string;
    data: Record<string, unknown>;
  }>;

describe("PIX charges: the spec's integration flow", () => {
  test("create with value and title, read brCode and QR, simulate-pay, status approved", async () => {
    const { test: token } = await svc.newAccount();
    const res = await create(token, { value: 10.5, title: "Camiseta" });
    assert.equal(res.statusCode, 200);
    const c = res.json().data;
    assert.deepEqual(Object.keys(c).sort(), [
      "brCode",
      "chargeId",
      "expiresAt",
      "livemode",
      "paymentUrl",
      "provider",
      "qrCodeImage",
      "status",
      "statusCode",
      "value",
    ]);
    assert.match(c.chargeId, /^pix_/);
    assert.equal(c.status, "Pendente");
    assert.equal(c.statusCode, "pending");
    assert.equal(c.value, 10.5);
    assert.equal(c.livemode, false);
    assert.equal(c.provider, "sandbox");
    assert.equal(new Date(c.expiresAt).getTime(), clock.now().getTime() + 3600_000);

    // An independent BR Code reader accepts it with the right amount (and its CRC).
    const parsed = parsePix(c.brCode);
    if (hasError(parsed)) assert.fail(parsed.message);
    assert.ok(isStaticPix(parsed));
    assert.equal(parsed.transactionAmount, 10.5);
    assert.equal(parsed.txid, c.chargeId.slice(4, 29));
    // The QR image decodes to the brCode.
    assert.equal(readQrDataUrl(c.qrCodeImage), c.brCode);

    const paid = await move("simulate-pay", token, c.chargeId);
    assert.equal(paid.statusCode, 200);
    assert.equal(paid.json().data.statusCode, "approved");
    const st = (await status(token, c.chargeId)).json().data;
    assert.equal(st.status, "Aprovado");
    assert.equal(st.statusCode, "approved");
    assert.equal(st.approvedAt, clock.now().toISOString());
    assert.equal(readQrDataUrl(st.qrCodeImage), c.brCode);

    const evs = await events(token, c.chargeId);
    assert.deepEqual(
      evs.map((e) => e.event),
      ["charge.created", "charge.pending", "charge.approved"],
    );
    assert.equal(evs[2]?.data.statusCode, "approved");
    assert.equal(evs[2]?.data.livemode, false);
  });

  test("the status and list items carry the webhook data fields plus brCode, expiresAt, updatedAt", async () => {
    const { test: token } = await svc.newAccount();
    const body = {
      value: 99.9,
      title: "Pedido 42",
      external_id: "order-42",
      customer_name: "Maria da Silva",
      customer_email: "maria@example.com",
      customer_cpf: "529.982.247-25",
      customer_phone: "(11) 91234-5678",
      address: { zip: "01310-100", state: "sp", city: "São Paulo" },
    };
    const id = (await create(token, body)).json().data.chargeId;
    const st = (await status(token, id)).json().data;
    assert.equal(st.order_id, "order-42");
    assert.equal(st.customer_cpf, "52998224725");
    assert.equal(st.customer_phone, "+5511912345678");
    assert.equal(st.customer_email, "maria@example.com");
    assert.equal(st.external_id, "order-42");
    assert.equal(st.product_id, null);
    const list = (await svc.call("GET", "/api/pix/charges", { token })).json().data.charges;
    assert.equal(list.length, 1);
    const { qrCodeImage: _q, ...withoutQr } = st;
    assert.deepEqual(list[0], withoutQr);
    // The status read is sent by sendOk, through its schema's compiled serializer; its fields
    // are checked here too: exactly the schema's, each valid, nothing internal (details, txid).
    // Optional fields without a value (amountReceived of an unpaid charge) are absent.
    const shape = ChargeStatusViewSchema.shape as Record<
      string,
      { safeParse(v: unknown): { success: boolean } }
    >;
    const expected = Object.keys(shape).filter(
      (k) => k in st || !shape[k]?.safeParse(undefined).success,
    );
    assert.deepEqual(Object.keys(st).sort(), expected.sort());
    assert.ok(!("amountReceived" in st), "no amountReceived before any payment");
    assert.deepEqual(ChargeStatusViewSchema.parse(st), st);
  });
});

describe("PIX charges: validation", () => {
  const cases: Array<[string, Record<string, unknown>, number, RegExp]> = [
    ["value 0", { value: 0 }, 422, /^value: must be greater than 0$/],
    ["negative value", { value: -5 }, 422, /^value: must be greater than 0$/],
    ["three decimals", { value: 10.123 }, 422, /^value: must have at most 2 decimal places$/],
    ["value as a string", { value: "10" }, 400, /^value: must be a number$/],
    [
      "no value and no product",
      { title: "x" },
      400,
      /^value: is required when product_id is absent$/,
    ],
    ["over the maximum", { value: 100_000.01 }, 422, /^value: must be at most 100000\.00$/],
    [
      "bad CPF",
      { value: 1, customer_cpf: "529.982.247-24" },
      422,
      /^customer_cpf: must be a valid CPF/,
    ],
    [
      "bad e-mail",
      { value: 1, customer_email: "maria@" },
      422,
      /^customer_email: must be a valid e-mail/,
    ],
    ["bad phone", { value: 1, customer_phone: "12345" }, 422, /^customer_phone: /],
    [
      "bad CEP",
      { value: 1, customer_zip: "1234" },
      422,
      /^customer_zip: must be a CEP of 8 digits$/,
    ],
    [
      "bad UF",
      { value: 1, customer_state: "XX" },
      422,
      /^customer_state: must be one of the 27 UFs/,
    ],
    ["bad nested CEP", { value: 1, address: { zip: "abc" } }, 422, /^address\.zip: must be a CEP/],
    [
      "unknown nested field",
      { value: 1, address: { country: "BR" } },
      400,
      /^address\.country: unknown field$/,
    ],
    [
      "long title",
      { value: 1, title: "x".repeat(141) },
      422,
      /^title: must be at most 140 characters$/,
    ],
    ["unknown field", { value: 1, valeu: 2 }, 400, /^valeu: unknown field$/],
    [
      "expires_in too short",
      { value: 1, expires_in: 59 },
      422,
      /^expires_in: must be at least 60 seconds$/,
    ],
    ["expires_in fractional", { value: 1, expires_in: 60.5 }, 422, /^expires_in: /],
  ];
  for (const [name, body, code, message] of cases) {
    test(`${name} is ${code} with a message naming the field`, async () => {
      const { test: token } = await svc.newAccount();
      const res = await create(token, body);
      assert.equal(res.statusCode, code, res.body);
      assert.match(res.json().error ?? "", message);
      const list = (await svc.call("GET", "/api/pix/charges", { token })).json().data.charges;
      assert.equal(list.length, 0, "nothing was created");
    });
  }

  test("list limit outside 1..200 is 422, a non-number is 400", async () => {
    const { test: token } = await svc.newAccount();
    assert.equal((await svc.call("GET", "/api/pix/charges?limit=201", { token })).statusCode, 422);
    assert.equal((await svc.call("GET", "/api/pix/charges?limit=0", { token })).statusCode, 422);
    assert.equal((await svc.call("GET", "/api/pix/charges?limit=abc", { token })).statusCode, 400);
    assert.equal((await svc.call("GET", "/api/pix/charge/status", { token })).statusCode, 400);
  });
});

describe("PIX charges: products", () => {
  test("a charge by product_id takes the product's value and name; a different value is 422", async () => {
    const { test: token } = await svc.newAccount();
    const p = (
      await svc.call("POST", "/api/products/create", { token, body: { name: "Curso", value: 197 } })
    ).json().data;
    assert.match(p.id, /^prod_/);
    const c = (await create(token, { product_id: p.id })).json().data;
    assert.equal(c.value, 197);
    assert.equal((await status(token, c.chargeId)).json().data.title, "Curso");
    assert.equal((await create(token, { product_id: p.id, value: 197 })).statusCode, 200);
    const wrong = await create(token, { product_id: p.id, value: 1 });
    assert.equal(wrong.statusCode, 422);
    assert.match(wrong.json().error ?? "", /^value: does not match the product's value/);

    const archived = await svc.call("POST", "/api/products/archive", { token, body: { id: p.id } });
    assert.equal(archived.json().data.active, false);
    assert.equal((await create(token, { product_id: p.id })).statusCode, 422);
    const listed = (await svc.call("GET", "/api/products", { token })).json().data.products;
    assert.equal(listed.length, 0, "archived products are hidden by default");
    const all = (await svc.call("GET", "/api/products?include_archived=true", { token })).json()
      .data.products;
    assert.equal(all.length, 1);
  });

  test("another account's or the other mode's product is 404", async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    const p = (
      await svc.call("POST", "/api/products/create", {
        token: a.test,
        body: { name: "X", value: 5 },
      })
    ).json().data;
    assert.equal((await create(b.test, { product_id: p.id })).statusCode, 404);
    assert.equal(
      (await svc.call("POST", "/api/products/archive", { token: a.live, body: { id: p.id } }))
        .statusCode,
      404,
    );
  });
});

describe("PIX charges: isolation, modes and transitions", () => {
  test("another account's charge and the other mode's charge are 404 everywhere", async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    const id = (await create(a.test, { value: 1 })).json().data.chargeId;
    for (const token of [b.test, b.live, a.live]) {
      assert.equal((await status(token, id)).statusCode, 404);
      assert.equal((await move("cancel", token, id)).statusCode, 404);
      const list = (await svc.call("GET", "/api/pix/charges", { token })).json().data.charges;
      assert.ok(list.every((c: { chargeId: string }) => c.chargeId !== id));
    }
    assert.equal((await move("simulate-pay", b.test, id)).statusCode, 404);
    assert.equal((await status(a.test, id)).json().data.statusCode, "pending");
  });

  test("a live token may not simulate-pay (403); live creation without a PSP is 422", async () => {
    const a = await svc.newAccount();
    const res = await move("simulate-pay", a.live, "pix_whatever");
    assert.equal(res.statusCode, 403);
    const live = await create(a.live, { value: 10 });
    assert.equal(live.statusCode, 422);
    assert.match(live.json().error ?? "", /PSP/);
  });

  test("simulate-pay twice gives 200 twice and one charge.approved event", async () => {
    const { test: token } = await svc.newAccount();
    const id = (await create(token, { value: 3 })).json().data.chargeId;
    const one = await move("simulate-pay", token, id);
    const two = await move("simulate-pay", token, id);
    assert.equal(one.statusCode, 200);
    assert.equal(two.statusCode, 200);
    assert.equal(two.json().data.approvedAt, one.json().data.approvedAt);
    const approvals = (await events(token, id)).filter((e) => e.event === "charge.approved");
    assert.equal(approvals.length, 1);
  });

  test("concurrent simulate-pays approve once", async () => {
    const { test: token } = await svc.newAccount();
    const id = (await create(token, { value: 3 })).json().data.chargeId;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => move("simulate-pay", token, id)),
    );
    assert.ok(results.every((r) => r.statusCode === 200));
    assert.equal((await events(token, id)).filter((e) => e.event === "charge.approved").length, 1);
  });

  test("an expired charge cannot be paid (422) and reads as expired with one charge.declined", async () => {
    const { test: token } = await svc.newAccount();
    const id = (await create(token, { value: 3, expires_in: 60 })).json().data.chargeId;
    clock.advance(61_000);
    const res = await move("simulate-pay", token, id);
    assert.equal(res.statusCode, 422);
    assert.match(res.json().error ?? "", /expired/);
    const st = (await status(token, id)).json().data;
    assert.equal(st.statusCode, "expired");
    assert.equal(st.status, "Expirado");
    const declined = (await events(token, id)).filter((e) => e.event === "charge.declined");
    assert.equal(declined.length, 1);
  });

  test("cancel moves pending to canceled with charge.updated; refund moves approved to refunded", async () => {
    const { test: token } = await svc.newAccount();
    const a = (await create(token, { value: 3 })).json().data.chargeId;
    const canceled = await move("cancel", token, a);
    assert.equal(canceled.json().data.statusCode, "canceled");
    assert.equal(canceled.json().data.status, "Cancelado");
    assert.equal((await move("cancel", token, a)).statusCode, 200, "canceling twice is safe");
    assert.equal((await move("simulate-pay", token, a)).statusCode, 422);
    assert.equal((await move("refund", token, a)).statusCode, 422);

    const b = (await create(token, { value: 4 })).json().data.chargeId;
    assert.equal(
      (await move("refund", token, b)).statusCode,
      422,
      "a pending charge has nothing to refund",
    );
    await move("simulate-pay", token, b);
    assert.equal((await move("cancel", token, b)).statusCode, 422);
    const refunded = await move("refund", token, b);
    assert.equal(refunded.json().data.statusCode, "refunded");
    assert.equal(refunded.json().data.status, "Reembolsado");
    assert.equal((await move("simulate-pay", token, b)).statusCode, 422, "no move out of refunded");
    assert.deepEqual(
      (await events(token, a)).map((e) => e.event),
      ["charge.created", "charge.pending", "charge.updated"],
    );
    assert.deepEqual(
      (await events(token, b)).map((e) => e.event),
      ["charge.created", "charge.pending", "charge.approved", "charge.refund"],
    );
  });

  test("the expiry job expires overdue charges once, even when two runs race", async () => {
    const { test: token } = await svc.newAccount();
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      ids.push((await create(token, { value: 1, expires_in: 60 })).json().data.chargeId);
    const fresh = (await create(token, { value: 1, expires_in: 3600 })).json().data.chargeId;
    clock.advance(61_000);
    const counts = await Promise.all([
      expireOverdueCharges(svc.deps, { batch: 7 }),
      expireOverdueCharges(svc.deps, { batch: 7 }),
      expireOverdueCharges(svc.deps),
    ]);
    assert.ok(counts.reduce((x, y) => x + y, 0) >= 20);
    assert.equal(await expireOverdueCharges(svc.deps), 0);
    for (const id of ids) {
      assert.deepEqual(
        (await events(token, id)).map((e) => e.event),
        ["charge.created", "charge.pending", "charge.declined"],
      );
    }
    assert.equal((await status(token, fresh)).json().data.statusCode, "pending");
  });
});

describe("PIX charges: Idempotency-Key", () => {
  test("50 concurrent creates with one key make one charge; replays are identical", async () => {
    const { test: token } = await svc.newAccount();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        create(token, { value: 25, title: "Único" }, { "idempotency-key": "order-7" }),
      ),
    );
    assert.ok(results.every((r) => r.statusCode === 200 || r.statusCode === 409));
    const list = (await svc.call("GET", "/api/pix/charges", { token })).json().data.charges;
    assert.equal(list.length, 1);
    const replay = await create(
      token,
      { value: 25, title: "Único" },
      { "idempotency-key": "order-7" },
    );
    assert.equal(replay.headers["idempotent-replayed"], "true");
    const first = results.find(
      (r) => r.statusCode === 200 && r.headers["idempotent-replayed"] === undefined,
    );
    assert.equal(replay.body, first?.body);
    const other = await create(
      token,
      { value: 26, title: "Único" },
      { "idempotency-key": "order-7" },
    );
    assert.equal(other.statusCode, 422);
  });
});
