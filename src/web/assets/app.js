// Progressive enhancement for Tostão's pages, loaded as a file (the Content-Security-Policy
// allows no inline script). Every page works without it; with it:
// - <button data-copy="#id"> copies the text of the element #id (or its value);
// - <form data-confirm="question"> asks before submitting;
// - <element data-poll-url="/url" data-poll-status="pending"> reloads the page when the JSON
//   at the URL ({status} or {data: {status}}) says another status (live status, every 3 s).
(() => {
  document.documentElement.classList.add("js");

  document.addEventListener("click", (e) => {
    const btn = e.target instanceof Element ? e.target.closest("[data-copy]") : null;
    if (!btn) return;
    const target = document.querySelector(btn.getAttribute("data-copy"));
    if (!target) return;
    const text = "value" in target ? target.value : target.textContent;
    const done = () => {
      const label = btn.textContent;
      btn.textContent = btn.getAttribute("data-copied") || "✓";
      setTimeout(() => {
        btn.textContent = label;
      }, 1500);
    };
    if (navigator.clipboard) navigator.clipboard.writeText(text.trim()).then(done, () => {});
  });

  document.addEventListener("submit", (e) => {
    const form = e.target;
    const question = form instanceof HTMLFormElement ? form.getAttribute("data-confirm") : null;
    if (question && !window.confirm(question)) e.preventDefault();
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
})();
