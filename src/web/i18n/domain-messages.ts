import { FORM_RESENT_MESSAGE } from "../../domain/idempotency/submit-once.ts";
import { LIVE_PSP_MISSING } from "../../domain/live-pix/live-create.ts";
import { BASE_URL_MISSING } from "../../domain/pix-psp-setup/manage-connection.ts";
import { ALLOW_HOSTS_HINT } from "../../domain/webhooks/manage-webhooks.ts";
import type { Lang } from "./catalogue.ts";
import { DUE_FIELDS, DUE_MESSAGES } from "./due-date-messages.ts";

// The domain's messages are English ("field: what is wrong"), one catalogue for every front
// door (domain/errors.ts). Those that reach a page (a form refused beside itself, an error page)
// are translated here for Portuguese pages: the field's name, then its message, each from a
// table; a message not in the tables is shown as it is, still naming its field.

const FIELDS: Record<string, string> = {
  value: "valor",
  name: "nome",
  label: "nome",
  title: "título",
  description: "descrição",
  success_url: "página de sucesso",
  customer_name: "cliente",
  customer_email: "e-mail",
  customer_cpf: "CPF",
  url: "URL",
  events: "eventos",
  email: "e-mail",
  password: "senha",
  display_name: "nome da loja",
  code: "link",
  id: "item",
  mode: "modo",
  tokens: "chaves",
  webhooks: "webhooks",
  product_id: "produto",
  form: "formulário",
  body: "formulário",
  file: "arquivo",
  profile: "conexão PSP",
  key: "chave",
  totp: "autenticador",
  passkey: "passkey",
  role: "papel",
  ...DUE_FIELDS,
};

const ROLE_PT: Record<string, string> = {
  owner: "dono",
  admin: "administrador",
  developer: "desenvolvedor",
  finance: "financeiro",
  viewer: "leitor",
};

/**
 * Whole messages written for the API's caller (an endpoint, a repository doc, a token) that a
 * page shows in its own terms, in each language: what to do on the dashboard.
 */
const PAGE_TERMS: Array<[string, Record<Lang, string>]> = [
  [
    LIVE_PSP_MISSING,
    {
      "pt-BR":
        "Cobranças PIX em produção precisam de um provedor PIX conectado, e esta conta não tem: conecte o seu na página Provedor PIX, ou volte ao modo Teste para experimentar.",
      en: "Live PIX charges need a connected PIX provider, and this account has none: connect yours on the PIX provider page, or switch back to Test mode to try things out.",
    },
  ],
];

/**
 * The two-factor refusals (domain/users/two-factor.ts: TOTP_REFUSALS) name their field `totp`,
 * which no reader should see: each is a whole sentence here, in both languages; `$1` is the
 * pattern's capture (the seconds to wait).
 */
const TWO_FACTOR_TERMS: Array<[RegExp, Record<Lang, string>]> = [
  [
    /^totp: is already on$/,
    {
      "pt-BR": "A verificação em duas etapas já está ativada.",
      en: "Two-step verification is already on.",
    },
  ],
  [
    /^totp: is not on$/,
    {
      "pt-BR": "A verificação em duas etapas não está ativada.",
      en: "Two-step verification is not on.",
    },
  ],
  [
    /^totp: set up the authenticator app first$/,
    {
      "pt-BR": "Configure o aplicativo autenticador primeiro.",
      en: "Set up the authenticator app first.",
    },
  ],
  [
    /^totp: is not the app's current code$/,
    {
      "pt-BR": "Este não é o código atual do aplicativo. Digite o código que ele mostra agora.",
      en: "That is not the app's current code. Type the code it shows now.",
    },
  ],
  [
    /^totp: the set-up changed meanwhile; start again$/,
    {
      "pt-BR": "A configuração mudou enquanto isso. Comece de novo.",
      en: "The set-up changed meanwhile. Start again.",
    },
  ],
  [
    /^totp: is not a current code or an unused recovery code$/,
    {
      "pt-BR": "Não é um código atual do aplicativo nem um código de recuperação ainda não usado.",
      en: "That is neither the app's current code nor an unused recovery code.",
    },
  ],
  [
    /^totp: too many attempts; try again in (\d+) s$/,
    {
      "pt-BR": "Muitas tentativas. Tente de novo em $1 s.",
      en: "Too many attempts. Try again in $1 s.",
    },
  ],
];

/** Where a published test key comes from, in Portuguese ("BIP32 test vector 1, m/0'"…). */
const publishedSource = (source: string) =>
  source
    .replace(/^the "abandon … about" test mnemonic/, 'o mnemônico de teste "abandon … about"')
    .replace(/^BIP32 test vector (\d+)/, "vetor de teste $1 do BIP32");

const ALLOW_HOSTS_PT =
  "; em desenvolvimento, um receptor nesta máquina ou numa rede privada é aceito (também em http) se o seu endereço estiver na configuração TOSTAO_WEBHOOK_ALLOW_HOSTS do serviço";

/** A refusal's list of ids: "a, b and 3 more" -> "a, b e mais 3". */
const listed = (ids: string) => ids.replace(/ and (\d+) more$/, " e mais $1");

/**
 * English message (after "field: ") -> Portuguese; `$1`… are the pattern's captures, or a
 * function of them.
 */
const MESSAGES: Array<[RegExp, string | ((match: string, ...groups: string[]) => string)]> = [
  [/^must not be empty$/, "não pode ficar vazio"],
  [/^is required$/, "é obrigatório"],
  [/^must be greater than 0$/, "deve ser maior que zero"],
  [/^must be at most (\d+) characters$/, "deve ter no máximo $1 caracteres"],
  [/^must be at least (\d+) characters$/, "deve ter pelo menos $1 caracteres"],
  [/^must be (\d+) to (\d+) characters$/, "deve ter de $1 a $2 caracteres"],
  [/^must have at most 2 decimal places$/, "deve ter no máximo 2 casas decimais"],
  [/^must be at most (R\$ ?[\d.,]+|[\d.,]+)$/, "deve ser no máximo $1"],
  [/^must be a number$/, "deve ser um número (ex.: 49,90)"],
  [/^must be an? (e-mail address|valid e-mail address)$/, "deve ser um endereço de e-mail válido"],
  [/^must be a valid CPF.*$/, "deve ser um CPF válido (11 dígitos com dígitos verificadores)"],
  [
    /^must be an https \(or http\) URL without user:password@$/,
    "deve ser uma URL https (ou http), sem usuário:senha@",
  ],
  [
    /^must start with a letter or digit and hold only letters, digits, spaces and .*$/,
    "deve começar com letra ou número e ter só letras, números, espaços e . , ' & ( ) - / + ! ? : @ #",
  ],
  [/^must list at least one event name, or \*$/, "escolha ao menos um evento, ou todos"],
  [/^(.+) already has a user$/, "$1 já tem um usuário"],
  [
    /^the account must keep at least one owner; make another member an owner first$/,
    "a conta precisa manter pelo menos um dono; torne outro membro dono antes",
  ],
  [/^only an owner can remove an owner$/, "só um dono pode remover um dono"],
  [/^only an owner can change members' roles$/, "só um dono pode mudar o papel dos membros"],
  [/^only an owner can invite an owner$/, "só um dono pode convidar um dono"],
  [
    /^only an owner can require two factors for the account$/,
    "só um dono pode exigir dois fatores para a conta",
  ],
  [
    /^the (\w+) role does not allow this \(it needs ([\w:]+)\)$/,
    (_, role: string, scope: string) =>
      `o papel ${ROLE_PT[role] ?? role} não permite isto (precisa de ${scope})`,
  ],
  [
    /^you cannot remove yourself; ask another user$/,
    "você não pode remover a si mesmo; peça a outra pessoa",
  ],
  [
    /^this link is unknown, used or expired; ask for a new one$/,
    "este link é desconhecido, já foi usado ou expirou; peça um novo",
  ],
  [/^product (\S+) is archived$/, "o produto $1 foi arquivado"],
  [/^too many attempts; try again in (\d+) s$/, "muitas tentativas; tente de novo em $1 s"],
  [
    /^an account may have at most (\d+) active tokens; revoke one first$/,
    "uma conta pode ter no máximo $1 chaves ativas; revogue uma antes",
  ],
  [
    /^at most (\d+) per account and mode; delete one first$/,
    "no máximo $1 por conta e modo; exclua um antes",
  ],
  [/^the browser's answer could not be read$/, "a resposta do navegador não pôde ser lida"],
  [
    /^the browser's answer could not be verified; try again$/,
    "a resposta do navegador não pôde ser verificada; tente de novo",
  ],
  [/^the request expired; try again$/, "o pedido expirou; tente de novo"],
  [/^is already registered$/, "já está registrada"],
  [/^is unknown$/, "não existe"],
  [/^at most (\d+) per user; remove one first$/, "no máximo $1 por usuário; remova uma antes"],
  [/^the current password is wrong$/, "a senha atual está incorreta"],
  [
    /^this form was already sent with other values; reload the page to send a new one$/,
    "este formulário já foi enviado com outros valores; recarregue a página para enviar outro",
  ],
  [
    /^must resolve to public addresses only.*$/,
    "deve apontar para um endereço público da internet",
  ],
  [/^must use https.*$/, "deve usar https"],
  // Webhook URLs refused, with the setting that allows a receiver on the developer's machine
  // (domain/webhooks/manage-webhooks.ts: ALLOW_HOSTS_HINT).
  [
    /^URL must use https(; for development.*)?$/,
    (_, hint?: string) => `a URL deve usar https${hint ? ALLOW_HOSTS_PT : ""}`,
  ],
  [
    /^host (\S+) does not resolve to a public address(; for development.*)?$/,
    (_, host = "", hint?: string) =>
      `o endereço ${host} não é público na internet${hint ? ALLOW_HOSTS_PT : ""}`,
  ],
  [/^larger than (\d+) bytes$/, "maior que $1 bytes"],
  // The wallet page's refusal of a documented example key in live mode (domain/crypto/wallets.ts).
  [
    /^this is a published test key \((.*)\); anyone can spend from it\. .*$/,
    (_, source = "") =>
      `esta é uma chave de exemplo publicada (${publishedSource(source)}): qualquer pessoa pode gastar o que for pago a ela. Cole a chave pública da conta da sua própria carteira; chaves de exemplo servem só no modo Teste`,
  ],
  ...DUE_MESSAGES,
  [
    /^is not set; set it to the service's public address \(https:\/\/…\) and restart before connecting a PSP.*$/,
    "não está definida; defina-a com o endereço público do serviço (https://…) e reinicie antes de conectar um PSP, para que os links das cobranças ao vivo nunca venham do cabeçalho Host de uma requisição",
  ],
  // The PSP connection's delete, refused (live-pix/live-delete-guard.ts,
  // subscriptions-live/delete-guard.ts).
  [
    /^(\d+) live PIX charges? (?:is|are) still pending and payable at the PSP \((.*)\); cancel them or wait until they expire, then delete the connection$/,
    (_, n = "", ids = "") =>
      `cobranças PIX ao vivo ainda pendentes e pagáveis no PSP: ${n} (${listed(ids)}); cancele-as ou espere que expirem, e então exclua a conexão`,
  ],
  [
    /^(\d+) live PIX cobs? (?:is|are) being created, or awaiting removal at the PSP after a create that did not finish \(txid (.*)\); the reconciliation .*: try again then$/,
    (_, n = "", ids = "") =>
      `cobranças PIX ao vivo em criação, ou à espera de remoção no PSP após uma criação que não terminou: ${n} (txid ${listed(ids)}); a conciliação as remove em cerca de dois intervalos: tente de novo depois`,
  ],
  [
    /^(\d+) live subscriptions? (?:is|are) still active at the PSP \((.*)\): .*, then delete the connection$/,
    (_, n = "", ids = "") =>
      `assinaturas ao vivo ainda ativas no PSP: ${n} (${listed(ids)}); aguardando a autorização do pagador ou aprovadas, as recorrências continuariam ativas lá sem nada aqui para cobrar os períodos ou cancelá-las; cancele-as (o cancelamento cancela a recorrência no PSP) e então exclua a conexão`,
  ],
];

/** The message in the page's language: Portuguese when the tables know it, else as it is. */
export function domainMessage(lang: Lang, message: string): string {
  const whole = PAGE_TERMS.find(([m]) => m === message);
  if (whole) return whole[1][lang];
  const twoFactor = TWO_FACTOR_TERMS.find(([pattern]) => pattern.test(message));
  if (twoFactor) return message.replace(twoFactor[0], twoFactor[1][lang]);
  if (lang !== "pt-BR") return message;
  const at = message.indexOf(": ");
  const field = at > 0 ? message.slice(0, at) : "";
  const rest = at > 0 ? message.slice(at + 2) : message;
  for (const [pattern, pt] of MESSAGES) {
    if (pattern.test(rest)) {
      // Two calls, not one: TypeScript picks replace's overload by the argument's type.
      const text = typeof pt === "string" ? rest.replace(pattern, pt) : rest.replace(pattern, pt);
      // A nested field (discounts.tiers[0].value) is named by its first part.
      const name = FIELDS[field] ?? FIELDS[field.split(/[.[]/)[0] ?? ""] ?? field;
      return name ? `${capitalize(name)}: ${text}` : capitalize(text);
    }
  }
  return message;
}

/** The two-factor refusals, each a sentence of its own in every language (i18n test). */
export const TWO_FACTOR_PATTERNS = TWO_FACTOR_TERMS.map(([pattern]) => pattern);

/** The domain messages the tables are checked against (i18n test). */
export const KNOWN_DOMAIN_MESSAGES = [
  `url: URL must use https; ${ALLOW_HOSTS_HINT}`,
  `url: host localhost does not resolve to a public address; ${ALLOW_HOSTS_HINT}`,
  "value: must not be empty",
  "name: must not be empty",
  "value: must have at most 2 decimal places",
  "success_url: must be an https (or http) URL without user:password@",
  "email: must be an e-mail address",
  "display_name: must be 2 to 80 characters",
  "password: must be at least 10 characters",
  "name: must be 1 to 60 characters",
  "passkey: the browser's answer could not be read",
  "passkey: the browser's answer could not be verified; try again",
  "passkey: the request expired; try again",
  "passkey: is already registered",
  "passkey: is unknown",
  "passkey: at most 20 per user; remove one first",
  FORM_RESENT_MESSAGE,
  BASE_URL_MISSING,
  "due_date: must be today or later (today in Brazil is 2026-11-28)",
  "fine: needs due_date",
  "discounts.tiers[0].date: must be on or before due_date (2026-12-10)",
];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
