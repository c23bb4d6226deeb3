import type { Config } from "../../config.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { makeSmtpRelay, type SmtpRelay } from "../../net/smtp-relay.ts";
import { clockFor } from "../subscriptions/account-clock.ts";
import type { ContextDeps } from "./mail-context-of.ts";
import { noRelayReason, type SendDeps } from "./send-notification.ts";
import { makeSubscriptionContext } from "./subscription-context.ts";
import { unsubscribeKeyOf, unsubscribeUrl } from "./unsubscribe-link.ts";

// The service's mail pieces, made once at boot from the configuration: one relay per mode (test
// mode's is TOSTAO_SMTP_TEST_URL and nothing else, so a sandbox can never mail a real payer),
// what a mail's links are built on, and the deps one attempt needs.

export type MailSetup = {
  send: SendDeps;
  /** The one-click unsubscribe links' key (the web route verifies with it). */
  unsubscribeKey: Buffer;
  /** Whether a mode's mail can leave, and why not (the settings and the dashboard say it). */
  relayStatus(mode: Mode): { configured: boolean; explanation: string };
  close(): void;
};

export function makeMailSetup(input: {
  config: Pick<Config, "mail" | "baseUrl" | "port">;
  db: Db;
  clock: Clock;
  random: Random;
  secretKey: Buffer;
  render: SendDeps["render"];
  receiptUrl?: ContextDeps["receiptUrl"];
  paymentOf?: ContextDeps["paymentOf"];
  subscriptionContext?: ContextDeps["subscriptionContext"];
  /** Relays by mode (tests); else made from the configuration. */
  relays?: Partial<Record<Mode, SmtpRelay>>;
}): MailSetup {
  const { config, db } = input;
  const relays: Partial<Record<Mode, SmtpRelay>> = input.relays ?? {
    ...(config.mail.liveUrl ? { live: makeSmtpRelay(config.mail.liveUrl) } : {}),
    ...(config.mail.testUrl ? { test: makeSmtpRelay(config.mail.testUrl) } : {}),
  };
  const unsubscribeKey = unsubscribeKeyOf(input.secretKey);
  const send: SendDeps = {
    db,
    clock: input.clock,
    random: input.random,
    clockOf: (who) => clockFor({ db, clock: input.clock }, who),
    relayFor: (mode) => relays[mode],
    render: input.render,
    mail: { from: config.mail.from, dailyCap: config.mail.dailyCap },
    // Without TOSTAO_BASE_URL a mail's links point at this machine (docs/notifications.md).
    publicBaseUrl: () => config.baseUrl ?? `http://localhost:${config.port}`,
    unsubscribeUrl: (base, who, address) =>
      unsubscribeUrl(unsubscribeKey, base, { ...who, address }),
    ...(input.receiptUrl ? { receiptUrl: input.receiptUrl } : {}),
    ...(input.paymentOf ? { paymentOf: input.paymentOf } : {}),
    subscriptionContext:
      input.subscriptionContext ??
      makeSubscriptionContext({ db, clockOf: (who) => clockFor({ db, clock: input.clock }, who) }),
  };
  return {
    send,
    unsubscribeKey,
    relayStatus: (mode) =>
      relays[mode] && config.mail.from
        ? { configured: true, explanation: `payers' ${mode}-mode mail goes through the relay` }
        : { configured: false, explanation: noRelayReason(mode) },
    close() {
      for (const r of Object.values(relays)) r?.close();
    },
  };
}
