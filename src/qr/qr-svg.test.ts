import assert from "node:assert/strict";
import { test } from "node:test";
import { encodeQrMatrix } from "./qr-matrix.ts";
import { renderQrSvg } from "./qr-svg.ts";

// The SVG is checked by drawing its path back into a module grid: it must be exactly the
// symbol's modules (which qr-matrix.test.ts checks against the `qrcode` package), inside a
// white quiet zone. Pages decode it in a real browser (test/browser/checkout.test.ts).

function rasterize(svg: string): { side: number; dark: Set<string> } {
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path fill="#000" d="([^"]*)"/.exec(svg)?.[1] ?? "";
  const dark = new Set<string>();
  for (const run of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)) {
    const [x, y, w, back] = run.slice(1).map(Number) as [number, number, number, number];
    assert.equal(back, w, "each run closes on itself");
    for (let i = 0; i < w; i++) dark.add(`${x + i},${y}`);
  }
  return { side, dark };
}

test("the SVG's path covers exactly the dark modules of the symbol, inside the quiet zone", () => {
  for (const text of [
    "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913FULANO DE TAL6008BRASILIA62070503***63041D3D",
    "bitcoin:tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx?amount=0.00028571&label=Camiseta",
    "a",
  ]) {
    for (const margin of [0, 4]) {
      const m = encodeQrMatrix(text);
      const { side, dark } = rasterize(renderQrSvg(text, { margin }));
      assert.equal(side, m.size + 2 * margin);
      let count = 0;
      for (let r = 0; r < m.size; r++) {
        for (let c = 0; c < m.size; c++) {
          const isDark = m.modules[r * m.size + c] === 1;
          if (isDark) count++;
          assert.equal(dark.has(`${c + margin},${r + margin}`), isDark, `${text} ${r},${c}`);
        }
      }
      assert.equal(dark.size, count, "nothing drawn outside the symbol");
    }
  }
});

test("the title is escaped and the margin is checked", () => {
  const svg = renderQrSvg("x", { title: `<script>"&'` });
  assert.ok(svg.includes("<title>&#60;script&#62;&#34;&#38;&#39;</title>"));
  assert.throws(() => renderQrSvg("x", { margin: 17 }), RangeError);
});
