import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { hasError, isStaticPix, parsePix } from "pix-utils";
import { manualClock } from "../../src/kernel/clock.ts";
import { readQrDataUrl } from "../helpers/read-qr.ts";
import { useFileService } from "../helpers/service.ts";

// Reusable QR codes (docs/counter.md): a static BR Code made once and paid many times, each
// payment an approved charge naming the code.

const clock = manualClock();
const svc = useFileService({ clock });

const create = (token: string, body: unknown) =>
  svc.call("POST", "/api/pix/qr-codes/create", { token, body });
const simulate = (token: string, body: unknown) =>
  svc.call("POST", "/api/pix/qr-codes/simulate-pay", { token, body });

/** An EMV TLV level as a map, written here independently of src/domain/pix. */
function tlv(s: string): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < s.length; ) {
    const id = s.slice(i, i + 2);
    const len = Number(s.slice(i + 2, i + 4));
    assert.ok(Number.isInteger(len) && len > 0, `bad length at ${i}`);
    out.set(id, s.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return out;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) over UTF-8, as 4 uppercase hex digits. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const b of Buffer.from(text, "utf8")) {
    crc ^= b << 8;
    for (let k = 0; k < 8; k++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, "0");
}

describe("reusable PIX QR codes", () => {
  test("a reusable QR parses as static, point of initiation 11, with its own txid and no amount; CRC valid; its image decodes to it", async () => {
    const { test: token } = await svc.newAccount();
    const res = await create(token, { title: "Balcão", description: "Padaria do Zé" });
    assert.equal(res.statusCode, 200, res.body);
    const qr = res.json().data;
    assert.match(qr.qrCodeId, /^qr_[0-9a-z]{26}$/);
    assert.equal(qr.value, null);
    assert.equal(qr.active, true);
    assert.equal(qr.livemode, false);
    assert.match(qr.txid, /^[A-Za-z0-9]{1,25}$/);

    const root = tlv(qr.brCode);
    assert.equal(root.get("00"), "01");
    assert.equal(root.get("01"), "11", "static: point of initiation 11 (reusable)");
    assert.equal(root.has("54"), false, "no amount: the payer types it");
    const account = tlv(root.get("26") ?? "");
    assert.equal(account.get("00"), "br.gov.bcb.pix");
    assert.ok(account.get("01"), "the Pix key is in 26-01");
    assert.equal(account.has("25"), false, "no location URL: static");
    assert.equal(tlv(root.get("62") ?? "").get("05"), qr.txid);
    assert.equal(qr.brCode.slice(-8, -4), "6304");
    assert.equal(qr.brCode.slice(-4), crc16(qr.brCode.slice(0, -4)));

    // An independent reader agrees.
    const parsed = parsePix(qr.brCode);
    if (hasError(parsed)) assert.fail(parsed.message);
    assert.ok(isStaticPix(parsed));
    assert.equal(parsed.txid, qr.txid);
    assert.equal(parsed.transactionAmount, 0);

    assert.equal(readQrDataUrl(qr.qrCodeImage), qr.brCode);
    assert.match(qr.posterUrl, new RegExp(`/poster/${qr.qrCodeId}$`));
  });

  test("a fixed QR carries its amount in field 54", async () => {
    const { test: token } = await svc.newAccount();
    const qr = (await create(token, { title: "Café", value: 7.5 })).json().data;
    assert.equal(qr.value, 7.5);
    const root = tlv(qr.brCode);
    assert.equal(root.get("01"), "11");
    assert.equal(root.get("54"), "7.50");
    assert.equal(qr.brCode.slice(-4), crc16(qr.brCode.slice(0, -4)));
    const parsed = parsePix(qr.brCode);
    if (hasError(parsed)) assert.fail(parsed.message);
    assert.ok(isStaticPix(parsed));
    assert.equal(parsed.transactionAmount, 7.5);
    assert.equal(readQrDataUrl(qr.qrCodeImage), qr.brCode);
  });

  test("its poster opens (200, in pt-BR and en) and shows the copy-and-paste code", async () => {
    const { test: token } = await svc.newAccount();
    const qr = (await create(token, { title: "Balcão", value: 12 })).json().data;
    const path = new URL(qr.posterUrl).pathname;
    for (const [lang, words] of [
      ["pt-BR", "Pague com Pix"],
      ["en", "Pay with Pix"],
    ] as const) {
      const res = await svc.call("GET", `${path}?lang=${lang}&size=a6`);
      assert.equal(res.statusCode, 200);
      assert.match(res.headers["content-type"] as string, /text\/html/);
      assert.ok(res.body.includes(qr.brCode), "the copy-and-paste code is on the poster");
      assert.ok(res.body.includes(words));
      assert.ok(res.body.includes("<svg"), "the QR is drawn");
      assert.ok(res.body.includes('data-size="a6"'));
    }
    assert.equal((await svc.call("GET", "/poster/qr_00000000000000000000000000")).statusCode, 404);
  });

  test("two simulated payments make two approved charges listed by qr_code_id, charge.approved naming the QR", async () => {
    const { test: token } = await svc.newAccount();
    const qr = (await create(token, { title: "Balcão" })).json().data;
    const other = (await create(token, { title: "Outro" })).json().data;
    const a = await simulate(token, { qr_code_id: qr.qrCodeId, value: 10 });
    assert.equal(a.statusCode, 200, a.body);
    clock.advance(1000);
    const b = await simulate(token, { qr_code_id: qr.qrCodeId, value: 25.9 });
    assert.equal(b.statusCode, 200, b.body);
    await simulate(token, { qr_code_id: other.qrCodeId, value: 1 });
    for (const [r, v] of [
      [a, 10],
      [b, 25.9],
    ] as const) {
      const c = r.json().data;
      assert.equal(c.statusCode, "approved");
      assert.equal(c.value, v);
      assert.equal(c.qrCodeId, qr.qrCodeId);
      assert.equal(c.title, "Balcão");
    }
    const list = await svc.call("GET", `/api/pix/charges?qr_code_id=${qr.qrCodeId}`, {
      token,
    });
    assert.equal(list.statusCode, 200, list.body);
    const charges = list.json().data.charges;
    assert.deepEqual(
      charges.map((c: { chargeId: string }) => c.chargeId),
      [b.json().data.chargeId, a.json().data.chargeId],
    );
    for (const c of charges) assert.equal(c.statusCode, "approved");

    const evs = await svc.eventsOf(token, a.json().data.chargeId);
    assert.deepEqual(
      evs.map((e) => e.event),
      ["charge.created", "charge.approved"],
    );
    for (const e of evs) assert.equal(e.data.qrCodeId, qr.qrCodeId);
    assert.equal(evs[1]?.data.statusCode, "approved");
  });

  test("a fixed QR takes its own amount; another value is 422 naming value; a free QR needs one", async () => {
    const { test: token } = await svc.newAccount();
    const fixed = (await create(token, { title: "Café", value: 7.5 })).json().data;
    const paid = await simulate(token, { qr_code_id: fixed.qrCodeId });
    assert.equal(paid.statusCode, 200);
    assert.equal(paid.json().data.value, 7.5);
    const wrong = await simulate(token, { qr_code_id: fixed.qrCodeId, value: 8 });
    assert.equal(wrong.statusCode, 422);
    assert.match(wrong.json().error ?? "", /^value:/);
    const free = (await create(token, { title: "Livre" })).json().data;
    const none = await simulate(token, { qr_code_id: free.qrCodeId });
    assert.equal(none.statusCode, 422);
    assert.match(none.json().error ?? "", /^value:/);
  });

  test("a simulated payment retried with its Idempotency-Key makes one charge", async () => {
    const { test: token } = await svc.newAccount();
    const qr = (await create(token, { title: "Balcão" })).json().data;
    const pay = () =>
      svc.call("POST", "/api/pix/qr-codes/simulate-pay", {
        token,
        body: { qr_code_id: qr.qrCodeId, value: 4 },
        headers: { "idempotency-key": "qr-pay-1" },
      });
    const first = await pay();
    const again = await pay();
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(again.body, first.body);
    const list = await svc.call("GET", `/api/pix/charges?qr_code_id=${qr.qrCodeId}`, { token });
    assert.equal(list.json().data.charges.length, 1);
  });

  test("a disabled QR refuses simulate-pay, leaves the list, and has no poster", async () => {
    const { test: token } = await svc.newAccount();
    const qr = (await create(token, { title: "Balcão" })).json().data;
    const off = await svc.call("POST", "/api/pix/qr-codes/disable", {
      token,
      body: { qr_code_id: qr.qrCodeId },
    });
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().data.active, false);
    const res = await simulate(token, { qr_code_id: qr.qrCodeId, value: 5 });
    assert.equal(res.statusCode, 422);
    assert.match(res.json().error ?? "", /^qr_code_id:/);
    const listed = await svc.call("GET", `/api/pix/charges?qr_code_id=${qr.qrCodeId}`, {
      token,
    });
    assert.equal(listed.json().data.charges.length, 0);
    const codes = (await svc.call("GET", "/api/pix/qr-codes/list", { token })).json().data;
    assert.equal(codes.qrCodes.length, 0);
    const all = await svc.call("GET", "/api/pix/qr-codes/list?include_disabled=true", { token });
    assert.equal(all.json().data.qrCodes[0].qrCodeId, qr.qrCodeId);
    assert.equal((await svc.call("GET", new URL(qr.posterUrl).pathname)).statusCode, 404);
  });

  test("codes are listed newest first, a page at a time, and only the caller's", async () => {
    const { test: token } = await svc.newAccount();
    const { test: stranger } = await svc.newAccount();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await create(token, { title: `QR ${i}` })).json().data.qrCodeId);
      clock.advance(10);
    }
    const page = (await svc.call("GET", "/api/pix/qr-codes/list?limit=2", { token })).json().data;
    assert.deepEqual(
      page.qrCodes.map((q: { qrCodeId: string }) => q.qrCodeId),
      [ids[2], ids[1]],
    );
    assert.equal(page.hasMore, true);
    const theirs = await simulate(stranger, { qr_code_id: ids[0], value: 1 });
    assert.equal(theirs.statusCode, 404);
  });

  test("simulate-pay is for test tokens; a live key without a PSP connection cannot create one", async () => {
    const account = await svc.newAccount();
    const qr = (await create(account.test, { title: "Balcão" })).json().data;
    const live = await simulate(account.live, { qr_code_id: qr.qrCodeId, value: 1 });
    assert.equal(live.statusCode, 403);
    const made = await create(account.live, { title: "Balcão" });
    assert.equal(made.statusCode, 422);
  });
});
