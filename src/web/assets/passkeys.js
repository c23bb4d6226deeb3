// Passkeys in the browser, for the forms views/passkeys.ts draws, with @simplewebauthn/browser
// (webauthn.js, loaded before this file; it defines SimpleWebAuthnBrowser). A form
// <form data-passkey="register|authenticate" data-options="/url"> is shown only where the
// browser has WebAuthn (the note [data-passkey-unsupported] otherwise). On submit it posts the
// form's CSRF token to data-options, hands the JSON options to the authenticator, writes its
// answer into [data-passkey-response] and sends the form for real: the server answers with a
// page, as for any form. A cancelled or failed prompt shows [data-passkey-error].
(() => {
  const lib = window.SimpleWebAuthnBrowser;
  const supported = Boolean(lib?.browserSupportsWebAuthn?.());
  for (const form of document.querySelectorAll("form[data-passkey]")) form.hidden = !supported;
  for (const note of document.querySelectorAll("[data-passkey-unsupported]")) {
    note.hidden = supported;
  }
  if (!supported) return;

  // Capture phase: this runs before app.js's busy-form handler, which then sees the submit
  // prevented and leaves the form to this one.
  document.addEventListener(
    "submit",
    (e) => {
      const form = e.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-passkey")) return;
      e.preventDefault();
      if (form.getAttribute("aria-busy") === "true" || !form.reportValidity()) return;
      run(form, e.submitter instanceof HTMLElement ? e.submitter : null);
    },
    true,
  );

  async function run(form, button) {
    const error = form.querySelector("[data-passkey-error]");
    const busy = (on) => {
      form.setAttribute("aria-busy", String(on));
      if (button) {
        button.disabled = on;
        button.setAttribute("aria-busy", String(on));
      }
    };
    busy(true);
    if (error) error.hidden = true;
    try {
      const body = new URLSearchParams();
      const csrf = form.querySelector('input[name="_csrf"]');
      if (csrf) body.set("_csrf", csrf.value);
      const res = await fetch(form.getAttribute("data-options"), {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { accept: "application/json" },
      });
      if (!res.ok) throw new Error(`options: ${res.status}`);
      const optionsJSON = await res.json();
      const answer =
        form.getAttribute("data-passkey") === "register"
          ? await lib.startRegistration({ optionsJSON })
          : await lib.startAuthentication({ optionsJSON });
      form.querySelector("[data-passkey-response]").value = JSON.stringify(answer);
      form.submit();
    } catch (err) {
      busy(false);
      if (error) {
        // InvalidStateError: this authenticator already holds one of the user's passkeys.
        const name = err?.name;
        const kind =
          name === "InvalidStateError"
            ? "data-exists"
            : name === "NotAllowedError" || name === "AbortError"
              ? "data-cancelled"
              : "data-failed";
        error.textContent = error.getAttribute(kind) || error.getAttribute("data-failed");
        error.className = "flash error";
        error.setAttribute("role", "alert");
        error.hidden = false;
      }
    }
  }
})();
