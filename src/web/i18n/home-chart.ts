import { defineArea } from "./catalogue.ts";

// The dashboard home's money received: today's figures and the last 30 days' chart
// (src/web/dashboard/views/receipts-chart.ts).
export const homeChart = defineArea(
  {
    "receipts.today": "recebido hoje",
    "receipts.today.payments": "pagamentos hoje",
    "receipts.today.payments.one": "pagamento hoje",
    "receipts.title": "Recebido nos últimos 30 dias",
    "receipts.summary":
      "Gráfico de barras: {total} recebidos em {payments} pagamentos de {from} a {to}; PIX {pix}, Bitcoin on-chain {onchain}, Lightning {lightning}.",
    "receipts.best": "Maior dia: {day}, {amount}.",
    "receipts.none": "Nenhum pagamento recebido no período.",
    "receipts.todayIs": "Hoje: {amount}.",
    "receipts.table": "Ver os valores dia a dia",
    "receipts.day": "Dia",
    "receipts.total": "Total",
    "receipts.method.pix": "PIX",
    "receipts.method.onchain": "Bitcoin on-chain",
    "receipts.method.lightning": "Lightning",
  },
  {
    "receipts.today": "received today",
    "receipts.today.payments": "payments today",
    "receipts.today.payments.one": "payment today",
    "receipts.title": "Received in the last 30 days",
    "receipts.summary":
      "Bar chart: {total} received in {payments} payments from {from} to {to}; PIX {pix}, Bitcoin on-chain {onchain}, Lightning {lightning}.",
    "receipts.best": "Best day: {day}, {amount}.",
    "receipts.none": "No payment received in the period.",
    "receipts.todayIs": "Today: {amount}.",
    "receipts.table": "See the figures day by day",
    "receipts.day": "Day",
    "receipts.total": "Total",
    "receipts.method.pix": "PIX",
    "receipts.method.onchain": "Bitcoin on-chain",
    "receipts.method.lightning": "Lightning",
  },
);
