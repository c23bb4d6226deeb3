// Progressive enhancement for Tostão's pages, loaded as a file (the Content-Security-Policy
// allows no inline script). Every page works without it; with it:
// - <button data-copy="#id"> copies the text of the element #id (or its value), and
//   <button data-copy="whole value"> (beside a <span class="long" title="whole value">) copies
//   the value itself;
// - <form data-confirm="question"> asks before submitting;
// - every form, once sent, shows that it is busy: its submit buttons disabled, the one pressed
//   marked aria-busy (the stylesheet spins it), the form aria-busy; all undone when the page is
//   shown again from the history (the back button);
// - <element data-poll-url="/url" data-poll-status="pending"> reloads the page when the JSON
//   at the URL ({status} or {data: {status}}) says another status (live status, every 3 s);
// - <section data-pay-feed="/api/pay/status?…"> (the payment page) updates in place, every 2 s
//   (or every data-interval milliseconds: the counter's sale, every second);
// - <form data-counter-keypad> (the counter) types its amount from the centavos up on its keypad;
// - <element data-countdown="<ISO time>" data-label="… {left} …"> counts down to that time;
// - <button data-print> prints the page (the receipt page; hidden without script);
// - <fieldset data-open-amount> (a pay-what-you-want checkout): a suggested amount chosen
//   empties the amount field and names itself on the submit button ("Pagar R$ 10,00", from its
//   data-label); typing an amount lets go of the suggestion.
(() => {
  document.documentElement.classList.add("js");

  document.addEventListener("click", (e) => {
    if (e.target instanceof Element && e.target.closest("[data-print]")) window.print();
  });

  for (const box of document.querySelectorAll("[data-open-amount]")) {
    const field = box.querySelector('input[name="amount"]');
    const submit = box.closest("form")?.querySelector("button[data-label]");
    const plain = submit?.getAttribute("data-plain") || submit?.textContent || "";
    const label = (chip) =>
      chip ? (submit?.getAttribute("data-label") || "").replace("{amount}", chip) : plain;
    box.addEventListener("change", (e) => {
      const input = e.target;
      if (!(input instanceof HTMLInputElement) || input.name !== "suggested" || !input.checked) {
        return;
      }
      if (field) field.value = "";
      const text = input.parentElement?.textContent?.trim() || "";
      if (submit) submit.textContent = label(text);
    });
    field?.addEventListener("input", () => {
      for (const r of box.querySelectorAll('input[name="suggested"]')) r.checked = false;
      if (submit) submit.textContent = plain;
    });
  }

  document.addEventListener("click", (e) => {
    const btn = e.target instanceof Element ? e.target.closest("[data-copy]") : null;
    if (!btn) return;
    const text = copyText(btn.getAttribute("data-copy") || "");
    if (!text) return;
    const done = () => {
      if (btn.hasAttribute("data-copy-label")) return;
      const label = btn.textContent;
      btn.setAttribute("data-copy-label", label);
      btn.textContent = btn.getAttribute("data-copied") || "✓";
      setTimeout(() => {
        btn.textContent = label;
        btn.removeAttribute("data-copy-label");
      }, 1500);
    };
    // The clipboard API exists on https and localhost only; a dashboard opened over plain http
    // on the office network copies through a selected, hidden text area instead.
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => legacyCopy(text) && done());
    } else if (legacyCopy(text)) done();
  });

  /** "#id" names the element holding the text; anything else is the text itself. */
  function copyText(spec) {
    if (spec.startsWith("#")) {
      let target = null;
      try {
        target = document.querySelector(spec);
      } catch {
        // Not a selector: a value that starts with "#".
      }
      if (target) return ("value" in target ? target.value : target.textContent).trim();
    }
    return spec.trim();
  }

  function legacyCopy(text) {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }

  document.addEventListener("submit", (e) => {
    const form = e.target;
    const question = form instanceof HTMLFormElement ? form.getAttribute("data-confirm") : null;
    if (question && !window.confirm(question)) e.preventDefault();
  });

  // Busy forms. Registered after the confirmation above, so a question answered "no" leaves the
  // form as it was. The buttons are disabled a moment later, not now: a disabled button's
  // name=value would be left out of what the form sends (the test/live switch sends its mode so).
  document.addEventListener("submit", (e) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || e.defaultPrevented) return;
    // A second press while the first is on its way sends nothing more.
    if (form.getAttribute("aria-busy") === "true") {
      e.preventDefault();
      return;
    }
    const pressed = e.submitter instanceof HTMLElement ? e.submitter : null;
    form.setAttribute("aria-busy", "true");
    setTimeout(() => {
      if (form.getAttribute("aria-busy") !== "true") return;
      for (const b of form.querySelectorAll(
        'button[type="submit"], button:not([type]), input[type="submit"]',
      )) {
        if (!b.disabled) {
          b.disabled = true;
          b.setAttribute("data-busy-disabled", "");
        }
      }
      if (pressed) pressed.setAttribute("aria-busy", "true");
    }, 0);
  });

  // The back button can show this page from the browser's memory as it was left: busy. Undo it.
  window.addEventListener("pageshow", () => {
    for (const form of document.querySelectorAll('form[aria-busy="true"]')) {
      form.removeAttribute("aria-busy");
      for (const b of form.querySelectorAll("[data-busy-disabled]")) {
        b.disabled = false;
        b.removeAttribute("data-busy-disabled");
      }
      for (const b of form.querySelectorAll('[aria-busy="true"]')) b.removeAttribute("aria-busy");
    }
  });

  for (const el of document.querySelectorAll("[data-poll-url]")) {
    const url = el.getAttribute("data-poll-url");
    const seen = el.getAttribute("data-poll-status");
    const timer = setInterval(async () => {
      try {
        const res = await fetch(url, {
          headers: { accept: "application/json" },
          credentials: "same-origin",
        });
        if (!res.ok) return;
        const body = await res.json();
        const status = body.status ?? body.data?.status;
        if (status && status !== seen) {
          clearInterval(timer);
          window.location.reload();
        }
      } catch {
        // Offline for a moment: the next tick tries again.
      }
    }, 3000);
  }

  // The payment page (src/web/pay/): <section data-pay-feed="/api/pay/status?charge_id=…">
  // polls the charge's public status every 2 s and changes in place, with no reload: the status
  // line (read out by screen readers, aria-live), the QR and code hidden once the charge is
  // closed, the matching note shown, and once paid the product's success_url followed. A
  // [data-countdown="<ISO time>"] shows the time left, every second.
  for (const card of document.querySelectorAll("[data-pay-feed]")) {
    const url = card.getAttribute("data-pay-feed");
    const statusEl = card.querySelector("#pay-status");
    const labels = JSON.parse(statusEl?.getAttribute("data-labels") || "{}");
    const delayMs = Number(card.getAttribute("data-success-delay") || "2") * 1000;
    const every = Number(card.getAttribute("data-interval") || "2000");
    let seen = card.getAttribute("data-status");
    const show = (sel, on) => {
      for (const el of card.querySelectorAll(sel)) el.hidden = !on;
    };
    const apply = (data) => {
      if (data.statusCode === seen) return;
      seen = data.statusCode;
      card.setAttribute("data-status", seen);
      if (statusEl) {
        statusEl.setAttribute("data-status", seen);
        const strong = document.createElement("strong");
        strong.textContent = labels[seen] || data.status;
        statusEl.replaceChildren(strong);
      }
      // The counter's sale is also a row of the day's sales below the card: its badge follows.
      const sale = card.getAttribute("data-sale");
      for (const badge of document.querySelectorAll(".counter-list [data-sale] .badge")) {
        if (badge.closest("[data-sale]").getAttribute("data-sale") !== sale) continue;
        badge.className = `badge ${seen}`;
        badge.textContent = labels[seen] || data.status;
      }
      if (seen === "pending") return;
      show(".pay-open, .pay-simulate, .pay-refresh .muted", false);
      const paid = seen === "approved";
      show('[data-when="approved"]', paid);
      show('[data-when="closed"]', !paid && seen !== "refunded");
      if (paid && data.successUrl) {
        const next = card.querySelector(".pay-next");
        const link = next?.querySelector("a");
        if (link) link.setAttribute("href", data.successUrl);
        if (next) next.hidden = false;
        setTimeout(() => window.location.assign(data.successUrl), delayMs);
      }
    };
    const tick = async () => {
      try {
        const res = await fetch(url, { headers: { accept: "application/json" } });
        if (res.ok) apply((await res.json()).data);
      } catch {
        // Offline for a moment: the next tick tries again.
      }
      if (seen === "pending") setTimeout(tick, every);
    };
    if (seen === "pending") setTimeout(tick, every);
  }

  // The counter (src/web/counter/): the keypad fills the amount from the centavos up, as card
  // machines do (2, 5, 0, 0 is 25,00), so a cashier never types a separator. The field turns
  // read-only (no phone keyboard over the keypad); a computer's keys type into it as well.
  for (const form of document.querySelectorAll("[data-counter-keypad]")) {
    const input = form.querySelector(".counter-display");
    const pad = form.querySelector(".keypad");
    if (!input || !pad) continue;
    const sep = form.getAttribute("data-lang") === "en" ? "." : ",";
    let digits = (
      input.value.includes(",") || input.value.includes(".")
        ? input.value
        : input.value
          ? `${input.value}00`
          : ""
    )
      .replace(/\D/g, "")
      .replace(/^0+/, "");
    const draw = () => {
      const d = digits.padStart(3, "0");
      input.value = digits ? `${d.slice(0, -2)}${sep}${d.slice(-2)}` : "";
    };
    const press = (key) => {
      if (key === "back") digits = digits.slice(0, -1);
      else if (/^\d+$/.test(key) && digits.length + key.length <= 11) {
        digits = `${digits}${key}`.replace(/^0+/, "");
      }
      draw();
    };
    input.readOnly = true;
    pad.hidden = false;
    draw();
    pad.addEventListener("click", (e) => {
      const btn = e.target instanceof Element ? e.target.closest("[data-key]") : null;
      if (btn) press(btn.getAttribute("data-key"));
    });
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (/^\d$/.test(e.key)) press(e.key);
      else if (e.key === "Backspace") press("back");
      else return;
      e.preventDefault();
    });
  }

  for (const el of document.querySelectorAll("[data-countdown]")) {
    const end = Date.parse(el.getAttribute("data-countdown"));
    const label = el.getAttribute("data-label") || "{left}";
    const two = (n) => String(n).padStart(2, "0");
    const draw = () => {
      const s = Math.max(0, Math.round((end - Date.now()) / 1000));
      const h = Math.floor(s / 3600);
      const left = `${h > 0 ? `${h}:` : ""}${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
      el.textContent = label.replace("{left}", left);
      if (s > 0) setTimeout(draw, 1000);
    };
    draw();
  }
})();
