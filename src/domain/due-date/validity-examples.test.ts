import assert from "node:assert/strict";
import { test } from "node:test";
import { amountDue } from "./amount-due.ts";
import { epochDayOf, formatEpochDay } from "./calendar-date.ts";

// BACEN API Pix v2.9.0, CobDataDeVencimento.validadeAposVencimento: examples A to G, transcribed
// day by day. Each lists the payment dates BACEN accepts and the first it refuses (G lists none:
// its last accepted day, Mon 2021-09-06, is day (5)), the due date as moved to a business day
// (the "(*)" line) and so the last payable day.

interface Example {
  readonly dueDate: string;
  readonly daysAfterDue: number;
  readonly moved: string;
  readonly lastAccepted: string;
  readonly firstRefused?: string;
}

const EXAMPLES: Record<string, Example> = {
  // Tue 20 Oct; 20 + 4 = Sat 24 -> Mon 26 is day (4); Tue 27 refused.
  A: {
    dueDate: "2020-10-20",
    daysAfterDue: 4,
    moved: "2020-10-20",
    lastAccepted: "2020-10-26",
    firstRefused: "2020-10-27",
  },
  // Christmas (Fri) -> Mon 28; + 0 = Mon 28; Tue 29 refused.
  B: {
    dueDate: "2020-12-25",
    daysAfterDue: 0,
    moved: "2020-12-28",
    lastAccepted: "2020-12-28",
    firstRefused: "2020-12-29",
  },
  C: {
    dueDate: "2020-12-25",
    daysAfterDue: 1,
    moved: "2020-12-28",
    lastAccepted: "2020-12-29",
    firstRefused: "2020-12-30",
  },
  // 28 + 3 = Thu 31 Dec, a business day; New Year refused.
  D: {
    dueDate: "2020-12-25",
    daysAfterDue: 3,
    moved: "2020-12-28",
    lastAccepted: "2020-12-31",
    firstRefused: "2021-01-01",
  },
  // 28 + 4 = 1 Jan (holiday) -> Sat, Sun -> Mon 4 Jan; Tue 5 refused.
  E: {
    dueDate: "2020-12-25",
    daysAfterDue: 4,
    moved: "2020-12-28",
    lastAccepted: "2021-01-04",
    firstRefused: "2021-01-05",
  },
  // Fri 27 Aug + 5 = Wed 1 Sep; Thu 2 refused.
  F: {
    dueDate: "2021-08-27",
    daysAfterDue: 5,
    moved: "2021-08-27",
    lastAccepted: "2021-09-01",
    firstRefused: "2021-09-02",
  },
  // Sat 28 Aug -> Mon 30; + 5 = Sat 4 Sep -> Mon 6 Sep, day (5).
  G: { dueDate: "2021-08-28", daysAfterDue: 5, moved: "2021-08-30", lastAccepted: "2021-09-06" },
};

for (const [name, ex] of Object.entries(EXAMPLES)) {
  test(`BACEN's validity example ${name}: accepted from the due date to ${ex.lastAccepted}, refused after`, () => {
    const terms = { originalCents: 10000, dueDate: ex.dueDate, daysAfterDue: ex.daysAfterDue };
    const first = amountDue(terms, ex.dueDate);
    assert.equal(first.effectiveDueDate, ex.moved, "the (*) date");
    assert.equal(first.lastPayableDate, ex.lastAccepted);
    // Every day BACEN lists as "aceito", from the due date as written to the last one.
    for (let d = epochDayOf(ex.dueDate); d <= epochDayOf(ex.lastAccepted); d++) {
      assert.equal(amountDue(terms, formatEpochDay(d)).payable, true, formatEpochDay(d));
    }
    const refused = ex.firstRefused ?? formatEpochDay(epochDayOf(ex.lastAccepted) + 1);
    assert.equal(amountDue(terms, refused).payable, false, refused);
  });
}

test("the moved due date is what the fine waits for: a Christmas due date has no fine until Tue 29", () => {
  // Example B's charge with a R$ 2,00 fine: nothing on Fri 25 to Mon 28, the fine on Tue 29.
  const terms = {
    originalCents: 10000,
    dueDate: "2020-12-25",
    daysAfterDue: 4,
    fine: { mode: "fixed", value: 200 },
  } as const;
  for (const d of ["2020-12-25", "2020-12-26", "2020-12-27", "2020-12-28"]) {
    assert.equal(amountDue(terms, d).total, 10000, d);
  }
  assert.equal(amountDue(terms, "2020-12-29").total, 10200);
});
