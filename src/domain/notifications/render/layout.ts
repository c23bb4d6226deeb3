import type { MailLanguage } from "../settings.ts";
import { type Markup, markup } from "./markup.ts";

// One mail's content as a list of blocks, written out twice: as the text part and as the HTML
// part, so the two always say the same. The HTML is what mail clients read on a phone: one
// centred table at most 560 px wide, inline styles only (clients drop <style> and never load a
// remote sheet), no script, no remote image (the QR is an attachment named by cid:).

export type Block =
  | { kind: "heading"; text: string }
  | { kind: "para"; text: string; strong?: boolean }
  | { kind: "facts"; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { kind: "button"; label: string; url: string }
  | { kind: "code"; label: string; code: string }
  | { kind: "qr"; cid: string; alt: string }
  | { kind: "list"; title: string; items: readonly string[] }
  | { kind: "footer"; text: string; link?: { text: string; label: string; url: string } };

const FONT = "font-family:Arial,Helvetica,sans-serif;color:#18181b";

function htmlBlock(b: Block): Markup {
  switch (b.kind) {
    case "heading":
      return markup`<tr><td style="padding:0 0 12px;${FONT};font-size:20px;font-weight:bold">${b.text}</td></tr>`;
    case "para":
      return markup`<tr><td style="padding:0 0 12px;${FONT};font-size:16px;line-height:1.5${b.strong ? ";font-weight:bold" : ""}">${b.text}</td></tr>`;
    case "facts":
      return markup`<tr><td style="padding:0 0 16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${b.rows.map(
        ([label, value]) =>
          markup`<tr><td style="padding:6px 8px 6px 0;border-bottom:1px solid #e4e4e7;${FONT};font-size:14px;color:#52525b;vertical-align:top">${label}</td><td style="padding:6px 0;border-bottom:1px solid #e4e4e7;${FONT};font-size:15px;text-align:right;vertical-align:top;word-break:break-word">${value}</td></tr>`,
      )}</table></td></tr>`;
    case "button":
      return markup`<tr><td style="padding:4px 0 20px" align="center"><a href="${b.url}" style="display:inline-block;padding:12px 24px;background:#0f766e;color:#ffffff;${"font-family:Arial,Helvetica,sans-serif"};font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px">${b.label}</a></td></tr>`;
    case "code":
      return markup`<tr><td style="padding:0 0 4px;${FONT};font-size:14px;color:#52525b">${b.label}</td></tr><tr><td style="padding:10px;background:#f4f4f5;border:1px solid #e4e4e7;border-radius:4px;font-family:'Courier New',Courier,monospace;font-size:13px;color:#18181b;word-break:break-all">${b.code}</td></tr><tr><td style="height:16px;line-height:16px;font-size:1px">&nbsp;</td></tr>`;
    case "qr":
      return markup`<tr><td align="center" style="padding:0 0 16px"><img src="cid:${b.cid}" alt="${b.alt}" width="240" height="240" style="display:block;width:240px;height:240px;border:0"></td></tr>`;
    case "list":
      return markup`<tr><td style="padding:0 0 12px;${FONT};font-size:15px;line-height:1.5"><strong>${b.title}:</strong> ${b.items.join("; ")}.</td></tr>`;
    case "footer":
      return markup`<tr><td style="padding:16px 0 0;border-top:1px solid #e4e4e7;${FONT};font-size:12px;color:#71717a;line-height:1.5">${b.text}${
        b.link
          ? markup`<br>${b.link.text} <a href="${b.link.url}" style="color:#52525b">${b.link.label}</a>`
          : ""
      }</td></tr>`;
  }
}

/** The HTML part: a whole document, every value escaped. */
export function htmlOf(lang: MailLanguage, title: string, blocks: readonly Block[]): string {
  const body = blocks.map(htmlBlock);
  return markup`<!DOCTYPE html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px"><tr><td style="padding:24px 20px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${body}</table>
</td></tr></table>
</td></tr></table>
</body></html>
`.value;
}

function textBlock(b: Block): string {
  switch (b.kind) {
    case "heading":
      return `${b.text}\n${"=".repeat(Math.min(b.text.length, 60))}`;
    case "para":
      return b.text;
    case "facts":
      return b.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "button":
      return `${b.label}: ${b.url}`;
    case "code":
      // The code alone on its line, so a copy takes exactly it.
      return `${b.label}:\n${b.code}`;
    case "qr":
      return "";
    case "list":
      return `${b.title}: ${b.items.join("; ")}.`;
    case "footer":
      return `--\n${b.text}${b.link ? `\n${b.link.text} ${b.link.label}: ${b.link.url}` : ""}`;
  }
}

/** The text part: the same blocks, one paragraph each. */
export function textOf(blocks: readonly Block[]): string {
  return `${blocks
    .map(textBlock)
    .filter((s) => s !== "")
    .join("\n\n")}\n`;
}
