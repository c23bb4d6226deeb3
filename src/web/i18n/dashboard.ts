import { defineArea } from "./catalogue.ts";

// The dashboard's messages (src/web/dashboard/).
export const dashboard = defineArea(
  {
    "signin.title": "Entrar",
    "signin.email": "E-mail",
    "signin.password": "Senha",
    "signin.submit": "Entrar",
  },
  {
    "signin.title": "Sign in",
    "signin.email": "E-mail",
    "signin.password": "Password",
    "signin.submit": "Sign in",
  },
);
