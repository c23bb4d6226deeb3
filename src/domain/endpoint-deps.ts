import type { Clock, Random } from "../kernel/clock.ts";
import type { Db } from "../kernel/db.ts";
import type { AddressPolicy, LookupAll } from "../net/address-policy.ts";
import type { SecretBox } from "../secrets/secret-box.ts";

/**
 * What a use case needs that keeps a merchant's secret sealed and reaches an address the
 * merchant chose (a webhook endpoint, a Lightning node, a PSP): the secret box, and the webhook
 * address policy (TOSTAO_WEBHOOK_ALLOW_HOSTS) with the DNS lookup it checks (a stub in tests).
 */
export type EndpointDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  secretBox: SecretBox;
  urlPolicy: AddressPolicy;
  lookup?: LookupAll;
};
