import jsqr from "jsqr";
import { PNG } from "pngjs";

/** Decodes a PNG data URL with an independent QR reader (jsQR) and returns its text. */
export function readQrDataUrl(dataUrl: string): string | undefined {
  const prefix = "data:image/png;base64,";
  if (!dataUrl.startsWith(prefix)) return undefined;
  const png = PNG.sync.read(Buffer.from(dataUrl.slice(prefix.length), "base64"));
  // jsqr is CommonJS whose typings declare an ES default export; under NodeNext the function
  // is the default of the default.
  return jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}
