import type { ChainSource } from "./bitcoin/esplora.ts";
import type { QuoteService } from "./bitcoin/price-sources.ts";
import type { Config } from "./config.ts";
import type { ChargeWriter, CobAttemptWriter } from "./db/queries/insert-charges.ts";
import type { MailOutcome } from "./db/queries/notifications/queue.ts";
import type { LightningSettings } from "./domain/lightning/deps.ts";
import type { MailPass } from "./domain/notifications/mail-pass.ts";
import type { MailSetup } from "./domain/notifications/mail-setup.ts";
import type { PspClientFactory, PspClients } from "./domain/pix-psp-connection/clients.ts";
import type { PixProviders } from "./domain/sandbox-pix/pix-provider.ts";
import type { SubscriptionRails } from "./domain/subscriptions/rail.ts";
import type { RecurrenceSink } from "./domain/subscriptions-live/notify.ts";
import type { Tally } from "./domain/tally.ts";
import type { Authenticator } from "./domain/tokens/authenticate.ts";
import type { Clock, Random } from "./kernel/clock.ts";
import type { Db } from "./kernel/db.ts";
import type { AddressPolicy, LookupAll } from "./net/address-policy.ts";
import type { AttemptCounter } from "./ratelimit/attempt-counter.ts";
import type { RateLimiter } from "./ratelimit/rate-limiter.ts";
import type { PayloadSigner } from "./secrets/payload-signer.ts";
import type { SecretBox } from "./secrets/secret-box.ts";

/** Bitcoin charges: price quotes, chain sources and their policy. */
export type CryptoSettings = {
  quotes: QuoteService;
  chainSources: Partial<Record<"mainnet" | "testnet" | "signet", ChainSource>>;
  /** Confirmations that make a payment final. */
  confirmations: number;
  /** How long after expiry a full payment is still accepted (paidLate). */
  lateWindowMs: number;
  expiresMinutes: number;
  /** The sandbox's network. */
  testNetwork: "testnet" | "signet";
  /** How long a quote is said to be valid. */
  quoteValidMs: number;
};

/**
 * Everything the front doors (the HTTP routes, the MCP tools) hand to the use cases, built once
 * by the composition root (src/service.ts). It lives beside the front doors, not inside one of
 * them, so MCP does not depend on HTTP.
 */
export type AppDeps = {
  config: Config;
  db: Db;
  /** Stores new charges, batched with concurrent ones (queries/insert-charges.ts). */
  writeCharge: ChargeWriter;
  /** Journals a live cob's txid before its PUT, in the same batches as writeCharge. */
  openCobAttempt: CobAttemptWriter;
  clock: Clock;
  random: Random;
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  /** Dashboard sign-in attempts (refundable counts; this process when Redis is down). */
  signInAttempts: AttemptCounter;
  pixProviders: PixProviders;
  /** Who runs subscriptions' recurrences: the sandbox, and live at the PSP (domain/subscriptions/rail.ts). */
  subscriptionRails: SubscriptionRails;
  /** Makes a live PSP client (saving a connection checks it with a fresh one). */
  makePspClient: PspClientFactory;
  /** The accounts' live PSP clients (the same object as pixProviders.live). */
  pspClients: PspClients;
  /**
   * Where confirmed Pix Automático facts land (domain/subscriptions-live/notify.ts); absent,
   * a rec or cobr notification is read and answered but moves nothing.
   */
  recurrenceSink?: RecurrenceSink;
  /** TOSTAO_BASE_URL: the notification URL given to PSPs is built on it. */
  baseUrl: string | undefined;
  /** The largest amount of one charge, in centavos. */
  maxChargeCents: number;
  secretBox: SecretBox;
  /**
   * The key of receipt links (domain/receipts/receipt-token.ts), derived from the service's
   * secret key at boot: a new secret key makes the links given out before it a 404.
   */
  receiptKey: Buffer;
  /** Signs the payloads of this service's Pix locations (sandbox due-date charges). */
  payloadSigner?: PayloadSigner;
  urlPolicy: AddressPolicy;
  crypto: CryptoSettings;
  /** Lightning on Bitcoin charges: node clients, the invoice timeout, the sandbox's key. */
  lightning: LightningSettings;
  /** Where an unexpected failure inside a tool is reported (logged). */
  onToolError?: (err: unknown) => void;
  /** DNS lookup for webhook URL checks (tests inject one). */
  lookup?: LookupAll;
  /** Where charges created and paid are counted (the service's metrics). */
  tally: Tally;
  /**
   * Event payloads that do not fit their schema throw instead of losing the misfit fields
   * (tests, with strictResponses; domain/event-payload.ts).
   */
  strictPayloads?: boolean;
  /** Sends an account's payer mail due by a clock (the test clock's advance, day by day). */
  mailPass?: MailPass;
  /** Payers' mail: the relays, the links' keys, one attempt's deps (domain/notifications/). */
  mail?: MailSetup;
  /** Mails that failed for good were recorded: their notification.failed events. */
  mailFailed?: (failed: readonly MailOutcome[]) => Promise<void>;
};
