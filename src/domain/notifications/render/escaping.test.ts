import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { MAIL_KINDS } from "../kinds.ts";
import type { MailContext } from "../mail-context.ts";
import { oneLine, subjectLine } from "./markup.ts";
import { renderMail } from "./render-mail.ts";
import { contextFor, dueRow, SUBSCRIPTION } from "./test-fixtures.ts";

// Every field a merchant or payer wrote (the shop's name, a charge's title and description, the
// payer's name, a subscription's title, a decline reason) reaches the HTML as text, and the
// subject as one line: no markup of theirs, and no header of theirs.

const HOSTILE = `<script>alert("x")</script> O'Neil "&" \r\nBcc: x@y`;

/** A context for `kind` whose every written field is `s`. */
function writtenBy(kind: (typeof MAIL_KINDS)[number], s: string): MailContext {
  const charge = dueRow({
    title: s,
    description: s,
    details: { customer_name: s, customer_email: "maria@example.com", customer_cpf: s },
  });
  return contextFor(kind, "pt-BR", {
    shop: { name: s, taxId: null },
    ...(kind.startsWith("subscription_")
      ? { subscription: { ...SUBSCRIPTION, title: s, declineReason: s, periodicity: s } }
      : { charge }),
    onDate: kind.startsWith("reminder_overdue") ? "2026-12-15" : "2026-12-06",
  });
}

describe("what merchants and payers write", () => {
  for (const kind of MAIL_KINDS) {
    test(`${kind}: a title or name with <script>, quotes and \\r\\nBcc: is escaped in HTML and the subject stays one line`, async () => {
      const mail = await renderMail(writtenBy(kind, HOSTILE));
      assert.doesNotMatch(mail.html, /<script/i);
      assert.match(mail.html, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/);
      assert.match(mail.html, /O&#39;Neil &quot;&amp;&quot;/);
      assert.doesNotMatch(mail.subject, /[\r\n]/);
      assert.doesNotMatch(mail.subject, /\p{Cc}/u);
      // The text part keeps their words, on one line: no line of theirs starts with "Bcc:".
      assert.doesNotMatch(mail.text, /^Bcc:/m);
      assert.ok(mail.text.includes('<script>alert("x")</script>'));
    });
  }

  test("the subject loses every control character and line separator, and stays short", () => {
    assert.equal(subjectLine("a\r\nb\tc\u0000d\u2028e\u0085f"), "a b c d e f");
    assert.equal(oneLine("  x \n\n y  "), "x y");
    const long = subjectLine(`${"palavra ".repeat(60)}fim`);
    assert.ok(long.length <= 200 && long.endsWith("…"), long);
  });

  // The property: the HTML rendered from a string has exactly as many "<" and '"' as the HTML
  // rendered from the same string with those characters replaced, so none of the string's own
  // reached the markup (the two strings take the same branches: same length, same blanks).
  test('property: arbitrary titles and names never put a raw < or " in the HTML, nor CR/LF in the subject', async () => {
    const count = (s: string, c: string) => s.split(c).length - 1;
    const kinds = ["bill", "reminder_overdue", "receipt", "subscription_debit_failed"] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 60 }),
        fc.constantFrom(...kinds),
        async (s, kind) => {
          const mail = await renderMail(writtenBy(kind, s));
          const tame = await renderMail(writtenBy(kind, s.replace(/[<"]/g, "x")));
          assert.equal(count(mail.html, "<"), count(tame.html, "<"));
          assert.equal(count(mail.html, '"'), count(tame.html, '"'));
          assert.doesNotMatch(mail.subject, /[\r\n]/);
        },
      ),
      { numRuns: 100 },
    );
  });
});
