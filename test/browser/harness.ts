import { mkdirSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { join, resolve } from "node:path";
import { after, before, describe } from "node:test";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { findChromium } from "../../scripts/find-chromium.mjs";
import type { Clock } from "../../src/kernel/clock.ts";
import { PASSWORD } from "../helpers/dashboard.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// The browser tests' harness: Debian's Chromium driven by playwright-core (no browser download),
// the real service listening on 127.0.0.1, and screenshots a person can look at. One browser per
// test file (a launch costs seconds on a small machine); each test takes a fresh context, so no
// cookie or storage leaks between tests.

export { findChromium };

export const SCREENSHOT_DIR = resolve(import.meta.dirname, "../../artifacts/screenshots");

type ServiceOptions = NonNullable<Parameters<typeof startTestService>[0]>;

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Launches the found Chromium headless with a new empty profile (playwright makes a temp one). */
export async function launchChromium(executablePath = findChromium()): Promise<Browser> {
  if (!executablePath) throw new Error("no Chromium found (set CHROMIUM_PATH)");
  return chromium.launch({ executablePath, args: ARGS, headless: true });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Saves the page as `<name>-desktop.png` (1280 wide) and `<name>-phone.png` (390 wide), full
 * length, under artifacts/screenshots/ (gitignored), and puts the viewport back as it was.
 */
export async function screenshot(page: Page, name: string): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  const paths: string[] = [];
  for (const [label, size] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    const path = join(SCREENSHOT_DIR, `${name}-${label}.png`);
    await captureWithRetry(page, path);
    paths.push(path);
  }
  await page.setViewportSize(before);
  return paths;
}

/**
 * Chromium now and then answers Page.captureScreenshot with "Unable to capture screenshot" when
 * the capture lands while the compositor is resizing after setViewportSize (CI saw it once in
 * 1,400 tests). The page is fine, so the capture is tried again after a frame or two; any other
 * error, or a third refusal, still fails the test.
 */
async function captureWithRetry(page: Page, path: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path, fullPage: true });
      return;
    } catch (err) {
      const transient = err instanceof Error && /Unable to capture screenshot/.test(err.message);
      if (!transient || attempt >= 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

export type BrowserEnv = {
  svc: TestService;
  /** http://127.0.0.1:<port> */
  base: string;
  browser: Browser;
  /** A new context (own cookies) and page, closed after the test file. */
  newPage(opts?: { locale?: string }): Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * A describe() block with the service listening and one browser for the whole file; without a
 * Chromium the block is skipped with one line saying why. `env` is filled before the tests run.
 */
export function browserSuite(
  name: string,
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    /**
     * Sets TOSTAO_BASE_URL to the service's own address (a live PSP connection requires it):
     * the port is picked free first, then the service listens on it.
     */
    selfBaseUrl?: boolean;
    /**
     * The host name the browser (and selfBaseUrl) uses; "localhost" for WebAuthn, whose relying
     * party id cannot be an IP address. The service listens on 127.0.0.1 either way.
     */
    host?: string;
    /** Other startTestService options (a PSP client factory, a lookup…). */
    service?: Omit<ServiceOptions, "env" | "clock">;
  },
  body: (env: BrowserEnv) => void,
): void {
  const executablePath = findChromium();
  if (!executablePath) {
    describe(name, {
      skip: "no Chromium found: install Debian's chromium or set CHROMIUM_PATH",
    }, () => {});
    return;
  }
  const env = {} as BrowserEnv;
  const contexts: BrowserContext[] = [];
  describe(name, () => {
    before(async () => {
      const own = opts.selfBaseUrl ? await freePort() : 0;
      const svc = await startTestService({
        ...opts.service,
        env: {
          ...opts.env,
          ...(own ? { TOSTAO_BASE_URL: `http://${opts.host ?? "127.0.0.1"}:${own}` } : {}),
        },
        ...(opts.clock ? { clock: opts.clock } : {}),
      });
      await svc.app.listen({ port: own, host: "127.0.0.1" });
      const { port } = svc.app.server.address() as AddressInfo;
      env.svc = svc;
      env.base = `http://${opts.host ?? "127.0.0.1"}:${port}`;
      env.browser = await launchChromium(executablePath);
      env.newPage = async (o = {}) => {
        const context = await env.browser.newContext({
          viewport: DESKTOP,
          locale: o.locale ?? "pt-BR",
          baseURL: env.base,
        });
        contexts.push(context);
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        return { context, page };
      };
    });
    after(async () => {
      for (const c of contexts) await c.close().catch(() => {});
      await env.browser?.close().catch(() => {});
      await env.svc?.close();
    });
    body(env);
  });
}

/** Fills the dashboard's sign-in form (its pt-BR labels) and sends it; whatever the answer. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/dashboard/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/** Signs in as `email` (the tests' password) and waits for the dashboard's home page. */
export async function signInHome(page: Page, email: string) {
  await signIn(page, email);
  await page.waitForURL(/\/dashboard$/);
}

/** A port free a moment ago on 127.0.0.1 (listened on, then closed). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
