import assert from "node:assert/strict";
import { test } from "node:test";
import { useLiveSetup } from "../helpers/live-pix.ts";

// A list walked with the first page's `as_of` lists each charge once, even when a live create
// whose cob took long at the PSP commits while the walk is under way: the charge is dated when
// its cob is made, so it lands on a new first page, never behind the walk (issue 32: the
// `as_of` paging gap, which missed it and listed its neighbour twice).

const s = useLiveSetup({ profile: "generic" });

test("a live charge whose PUT was slow is dated after it and never lands behind a walk held at as_of", async () => {
  const made: string[] = [];
  for (let i = 0; i < 3; i++) {
    const c = await s.create({ title: `C${i}` });
    assert.equal(c.statusCode, 200, c.body);
    made.push(c.json().data.chargeId);
  }
  // A's first PUT is held past the client's time limit; its retry makes the cob.
  s.peer.failNext("PUT /cob/", "timeout", 1);
  const slow = s.create({ title: "A" });
  await new Promise((r) => setTimeout(r, 150));
  const b = await s.create({ title: "B" });
  assert.equal(b.statusCode, 200, b.body);

  const page = (offset: number, asOf?: string) =>
    s.svc.call(
      "GET",
      `/api/pix/charges?limit=2&offset=${offset}${asOf ? `&as_of=${encodeURIComponent(asOf)}` : ""}`,
      { token: s.account.live },
    );
  const first = (await page(0)).json().data;
  const a = await slow;
  assert.equal(a.statusCode, 200, a.body);
  const aId = a.json().data.chargeId as string;
  const walked: string[] = first.charges.map((c: { chargeId: string }) => c.chargeId);
  for (let offset = 2; ; offset += 2) {
    const next = (await page(offset, first.asOf)).json().data;
    walked.push(...next.charges.map((c: { chargeId: string }) => c.chargeId));
    if (!next.hasMore) break;
  }
  assert.deepEqual(
    walked,
    [b.json().data.chargeId, ...made.reverse()],
    "each charge of the held list once, in order",
  );
  // A is on a new first page, above B.
  const fresh = (await page(0)).json().data.charges.map((c: { chargeId: string }) => c.chargeId);
  assert.equal(fresh[0], aId);
  // Dated when its cob was made: at or after its PUT reached the PSP.
  const status = await s.svc.call("GET", `/api/pix/charge/status?charge_id=${aId}`, {
    token: s.account.live,
  });
  const putAt = Math.max(
    ...s.peer.requests
      .filter((r) => r.method === "PUT" && r.path.includes("/cob/"))
      .map((r) => r.at),
  );
  assert.ok(Date.parse(status.json().data.createdAt) >= putAt - 1, "dated after its PUT");
});
