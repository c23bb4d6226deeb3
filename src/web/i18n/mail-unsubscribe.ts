import { defineArea } from "./catalogue.ts";

// The one-click unsubscribe page's messages (src/web/mail/): a payer who followed a reminder's
// link, on any phone. It says whose reminders stop and what still comes.
export const mailUnsubscribe = defineArea(
  {
    "unsub.title": "Parar lembretes",
    "unsub.ask": "Parar de receber lembretes de pagamento de {shop} em {address}?",
    "unsub.still": "Você ainda receberá as cobranças que pedir e os recibos dos seus pagamentos.",
    "unsub.confirm": "Parar lembretes",
    "unsub.doneTitle": "Lembretes desativados",
    "unsub.done": "Pronto: {address} não receberá mais lembretes de pagamento de {shop}.",
    "unsub.badTitle": "Link inválido",
    "unsub.bad":
      "Este link de descadastro não é válido. Use o link do e-mail que você recebeu, sem alterá-lo.",
  },
  {
    "unsub.title": "Stop reminders",
    "unsub.ask": "Stop getting payment reminders from {shop} at {address}?",
    "unsub.still": "You will still get the bills you ask for and the receipts of your payments.",
    "unsub.confirm": "Stop reminders",
    "unsub.doneTitle": "Reminders turned off",
    "unsub.done": "Done: {address} will get no more payment reminders from {shop}.",
    "unsub.badTitle": "Invalid link",
    "unsub.bad":
      "This unsubscribe link is not valid. Use the link in the e-mail you received, unchanged.",
  },
);
