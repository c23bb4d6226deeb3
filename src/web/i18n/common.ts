import { defineArea } from "./catalogue.ts";

// Messages every page may use: the layout, errors, language names, generic buttons.
export const common = defineArea(
  {
    "app.name": "Tostão",
    "lang.switch": "Idioma",
    "lang.pt-BR": "Português",
    "lang.en": "English",
    "error.title": "Algo deu errado",
    "error.notFound": "Página não encontrada.",
    "error.forbidden": "Este pedido foi recusado.",
    "error.csrf":
      "Este formulário expirou ou veio de outro site. Volte, recarregue a página e tente de novo.",
    "error.internal": "Erro interno. Tente de novo em instantes.",
    "error.tooMany": "Muitas tentativas. Espere um pouco e tente de novo.",
    "error.back": "Voltar",
    "action.copy": "Copiar",
    "action.copied": "Copiado",
    "action.save": "Salvar",
    "action.cancel": "Cancelar",
    "action.confirm": "Confirmar",
    "action.delete": "Excluir",
    "footer.docs": "Documentação da API",
  },
  {
    "app.name": "Tostão",
    "lang.switch": "Language",
    "lang.pt-BR": "Português",
    "lang.en": "English",
    "error.title": "Something went wrong",
    "error.notFound": "Page not found.",
    "error.forbidden": "This request was refused.",
    "error.csrf":
      "This form has expired or came from another site. Go back, reload the page and try again.",
    "error.internal": "Internal error. Try again in a moment.",
    "error.tooMany": "Too many attempts. Wait a little and try again.",
    "error.back": "Back",
    "action.copy": "Copy",
    "action.copied": "Copied",
    "action.save": "Save",
    "action.cancel": "Cancel",
    "action.confirm": "Confirm",
    "action.delete": "Delete",
    "footer.docs": "API documentation",
  },
);
