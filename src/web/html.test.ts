import assert from "node:assert/strict";
import { test } from "node:test";
import { escapeHtml, html, joinHtml, raw } from "./html.ts";

test("every interpolated value is escaped unless it is a template or raw()", () => {
  const title = `<script>alert("x")</script> & 'quotes' \`tick\``;
  const out = html`<p title="${title}">${title}</p>`.value;
  assert.equal(
    out,
    '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; &#96;tick&#96;">' +
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; &#96;tick&#96;</p>",
  );
  assert.equal(html`<div>${html`<b>${"<i>"}</b>`}</div>`.value, "<div><b>&lt;i&gt;</b></div>");
  assert.equal(html`${raw("<hr>")}`.value, "<hr>");
});

test("lists render each item escaped; false, null and undefined render nothing; numbers as text", () => {
  const items = ["<a>", html`<b>ok</b>`];
  assert.equal(html`<ul>${items}</ul>`.value, "<ul>&lt;a&gt;<b>ok</b></ul>");
  assert.equal(html`${false}${null}${undefined}${0}${12n}`.value, "012");
  assert.equal(joinHtml(["<x>", "y"], raw("<br>")).value, "&lt;x&gt;<br>y");
  assert.equal(escapeHtml("a&b"), "a&amp;b");
});
