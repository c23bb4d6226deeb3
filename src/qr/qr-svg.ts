import { encodeQrMatrix } from "./qr-matrix.ts";

// QR code -> SVG, for pages: a vector image stays crisp at any size a phone or a monitor shows it
// (a PNG scaled by the browser blurs or shows uneven modules), and it is part of the page's own
// markup, so no image request or data: URL is needed. One path of horizontal runs of dark modules,
// drawn with crispEdges so neighbouring runs meet without hairline gaps.

/** The QR code for `text` as an SVG element, `margin` modules of quiet zone (default 4). */
export function renderQrSvg(text: string, opts: { margin?: number; title?: string } = {}): string {
  const margin = opts.margin ?? 4;
  if (!Number.isInteger(margin) || margin < 0 || margin > 16) {
    throw new RangeError("margin must be an integer in 0..16");
  }
  const m = encodeQrMatrix(text);
  const side = m.size + 2 * margin;
  let d = "";
  for (let row = 0; row < m.size; row++) {
    let col = 0;
    while (col < m.size) {
      if (m.modules[row * m.size + col] !== 1) {
        col++;
        continue;
      }
      const start = col;
      while (col < m.size && m.modules[row * m.size + col] === 1) col++;
      d += `M${start + margin} ${row + margin}h${col - start}v1h${start - col}z`;
    }
  }
  // The title is the accessible name; it is escaped here, since this library imports nothing.
  const title = opts.title ? `<title>${escapeXml(opts.title)}</title>` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" role="img" shape-rendering="crispEdges">` +
    `${title}<rect width="${side}" height="${side}" fill="#fff"/><path fill="#000" d="${d}"/></svg>`
  );
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
