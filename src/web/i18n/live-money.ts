import { defineArea } from "./catalogue.ts";

// Dashboard messages about live PIX money that arrived otherwise than asked: an underpaid cob,
// a MED dispute, a payment for no charge (src/web/dashboard/live-money.ts).
export const liveMoney = defineArea(
  {
    "underpaid.title": "Pago a menos",
    "underpaid.text":
      "O pagador pagou {received} de {value}. A cobrança não será aprovada: devolva ou fique com o valor no seu PSP.",
    "disputes.title": "Devolução pelo MED",
    "disputes.text":
      "O banco do pagador pediu a devolução deste Pix pelo Mecanismo Especial de Devolução.",
    "disputes.nature": "Natureza",
    "disputes.status": "Situação",
    "disputes.amount": "Valor",
    "disputes.reason": "Motivo",
    "unmatched.title": "Pagamentos sem cobrança",
    "unmatched.intro":
      "Pix recebidos na sua chave para um txid que nenhuma cobrança tem (uma cobrança removida e paga, ou feita fora daqui). Devolva ou fique com o valor no seu PSP.",
    "unmatched.none": "Nenhum pagamento sem cobrança.",
    "unmatched.liveOnly": "Pagamentos sem cobrança existem só em produção.",
    "unmatched.paidAt": "Pago em",
    "unmatched.e2eid": "Identificador fim a fim (E2E)",
    "unmatched.source": "Visto por",
    "unmatched.source.notification": "Aviso do PSP",
    "unmatched.source.reconciliation": "Conciliação",
    "unmatched.source.sweep": "Verificação de cobranças removidas",
    "unmatched.link": "Pagamentos sem cobrança",
  },
  {
    "underpaid.title": "Underpaid",
    "underpaid.text":
      "The payer paid {received} of {value}. The charge will not be approved: refund or keep the money at your PSP.",
    "disputes.title": "MED devolução",
    "disputes.text":
      "The payer's bank asked for this Pix back through the Special Return Mechanism (MED).",
    "disputes.nature": "Nature",
    "disputes.status": "Status",
    "disputes.amount": "Amount",
    "disputes.reason": "Reason",
    "unmatched.title": "Payments without a charge",
    "unmatched.intro":
      "Pix received on your key for a txid no charge holds (a removed cob that was paid, or one made elsewhere). Refund or keep the money at your PSP.",
    "unmatched.none": "No payment without a charge.",
    "unmatched.liveOnly": "Payments without a charge exist in live mode only.",
    "unmatched.paidAt": "Paid at",
    "unmatched.e2eid": "End-to-end id",
    "unmatched.source": "Seen by",
    "unmatched.source.notification": "PSP notification",
    "unmatched.source.reconciliation": "Reconciliation",
    "unmatched.source.sweep": "Removed-charge check",
    "unmatched.link": "Payments without a charge",
  },
);
