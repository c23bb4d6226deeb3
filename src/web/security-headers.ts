import type { FastifyReply } from "fastify";

// Headers for every page the service renders. The policy allows scripts, styles and fetches
// from this origin only (no inline script or style: a value that slipped past escaping could
// still not run), images from here and data: URLs (QR codes), forms posting here only, frames
// of this origin only (the dashboard's mail previews, each a document with its own policy), and
// no framing of the pages anywhere (clickjacking). The Referer goes to this origin only, so a link out never
// carries a dashboard URL; "same-origin" rather than "no-referrer" because with no-referrer a
// browser sends `Origin: null` on form posts, and the CSRF check (csrf.ts) reads the Origin.

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export function setPageSecurityHeaders(reply: FastifyReply): void {
  reply.header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  reply.header("X-Frame-Options", "DENY");
  reply.header("Referrer-Policy", "same-origin");
  reply.header("X-Content-Type-Options", "nosniff");
  reply.header("Cross-Origin-Opener-Policy", "same-origin");
  reply.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}
