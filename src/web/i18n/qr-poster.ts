import { defineArea } from "./catalogue.ts";

// The reusable QR code's poster (src/web/pay/qr-poster-view.ts): printed and put on a counter.
export const qrPoster = defineArea(
  {
    "poster.title": "Pague com Pix",
    "poster.scan": "Aponte a câmera do app do seu banco para o QR Code",
    "poster.anyAmount": "Digite o valor no app do seu banco",
    "poster.codeLabel": "Pix copia e cola",
    "poster.qrAlt": "QR Code Pix de {shop}",
    "poster.print": "Imprimir",
    "poster.size": "Tamanho do cartaz",
    "poster.a4": "A4",
    "poster.a6": "A6",
  },
  {
    "poster.title": "Pay with Pix",
    "poster.scan": "Point your bank app's camera at the QR code",
    "poster.anyAmount": "Type the amount in your bank app",
    "poster.codeLabel": "Pix copy and paste",
    "poster.qrAlt": "Pix QR code of {shop}",
    "poster.print": "Print",
    "poster.size": "Poster size",
    "poster.a4": "A4",
    "poster.a6": "A6",
  },
);
