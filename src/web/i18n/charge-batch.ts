import { defineArea } from "./catalogue.ts";

// The dashboard's "Bill many (CSV)" page (src/web/dashboard/routes/charge-batch.ts, views/charge-batch.ts).
export const chargeBatch = defineArea(
  {
    "batch.link": "Cobrar vários (CSV)",
    "batch.heading": "Cobrar vários (CSV)",
    "batch.intro":
      "Envie uma planilha CSV com uma cobrança com vencimento por linha (até {max} linhas, até {kb} KB). A primeira linha nomeia as colunas com os nomes de campo da API; ponto e vírgula e vírgula decimal são aceitos. Cada linha é julgada sozinha: uma linha com erro não impede as outras.",
    "batch.mode": "As cobranças serão criadas em: {mode}.",
    "batch.example": "Baixar um CSV de exemplo",
    "batch.file": "Arquivo CSV",
    "batch.submit": "Enviar e criar cobranças",
    "batch.noFile": "Escolha um arquivo CSV.",
    "batch.tooLarge": "O arquivo tem mais de {kb} KB. Divida-o em arquivos menores.",
    "batch.notText": "O arquivo não é um texto CSV (UTF-8). Salve a planilha como CSV UTF-8.",
    "batch.empty":
      "O arquivo não tem linhas de cobrança: a primeira linha nomeia as colunas, as seguintes são as cobranças.",
    "batch.tooMany": "O arquivo tem {n} linhas de cobrança; o máximo é {max}. Divida-o.",
    "batch.summary": "{created} cobrança(s) criada(s), {failed} linha(s) com erro.",
    "batch.duplicates":
      "{n} linha(s) já cobrada(s): o external_id já nomeia uma cobrança pendente ou paga, que não foi criada de novo.",
    "batch.duplicate": "Já cobrada",
    "batch.report": "Resultado por linha",
    "batch.line": "Linha",
    "batch.result": "Resultado",
    "batch.dueDate": "Vencimento",
    "batch.error": "Erro",
    "batch.again": "Enviar outro arquivo",
    "batch.count.created": "Criadas",
    "batch.count.duplicates": "Já existiam",
    "batch.count.failed": "Recusadas",
    "batch.errorsFirst":
      "As linhas com erro vêm primeiro: corrija-as na planilha e envie só elas de novo.",
  },
  {
    "batch.link": "Bill many (CSV)",
    "batch.heading": "Bill many (CSV)",
    "batch.intro":
      "Upload a CSV spreadsheet with one charge with a due date per line (up to {max} lines, up to {kb} KB). The first line names the columns with the API's field names; semicolons and decimal commas are accepted. Each line is judged on its own: a line with an error does not stop the others.",
    "batch.mode": "The charges will be created in: {mode}.",
    "batch.example": "Download an example CSV",
    "batch.file": "CSV file",
    "batch.submit": "Upload and create charges",
    "batch.noFile": "Choose a CSV file.",
    "batch.tooLarge": "The file is larger than {kb} KB. Split it into smaller files.",
    "batch.notText": "The file is not CSV text (UTF-8). Save the spreadsheet as CSV UTF-8.",
    "batch.empty":
      "The file has no charge lines: the first line names the columns, the next ones are the charges.",
    "batch.tooMany": "The file has {n} charge lines; the most is {max}. Split it.",
    "batch.summary": "{created} charge(s) created, {failed} line(s) with an error.",
    "batch.duplicates":
      "{n} line(s) already billed: the external_id already names a pending or paid charge, which was not created again.",
    "batch.duplicate": "Already billed",
    "batch.report": "Result per line",
    "batch.line": "Line",
    "batch.result": "Result",
    "batch.dueDate": "Due date",
    "batch.error": "Error",
    "batch.again": "Upload another file",
    "batch.count.created": "Created",
    "batch.count.duplicates": "Already there",
    "batch.count.failed": "Refused",
    "batch.errorsFirst":
      "Lines with an error come first: fix them in the spreadsheet and upload only those again.",
  },
);
