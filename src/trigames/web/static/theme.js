// The colour theme: "auto" (the system's prefers-color-scheme), "light" or "dark", chosen with
// the header's switch (#theme-choice) and kept in localStorage. A classic script in the head,
// not a module: it runs before the page is drawn, so a dark page never flashes light. The
// theme is data-theme on <html> (none for auto); style.css gives every colour as
// light-dark(light, dark) and sets color-scheme from it.
(() => {
  const KEY = "trigames-theme";
  const CHOICES = ["auto", "light", "dark"];
  const root = document.documentElement;

  function kept() {
    try {
      const choice = localStorage.getItem(KEY);
      return CHOICES.includes(choice) ? choice : "auto";
    } catch {
      return "auto"; // storage refused (a private window): the system's theme
    }
  }

  function apply(choice) {
    if (choice === "auto") delete root.dataset.theme;
    else root.dataset.theme = choice;
    const select = document.getElementById("theme-choice");
    if (select) select.value = choice;
  }

  function choose(choice) {
    try {
      if (choice === "auto") localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, choice);
    } catch {
      // not kept: this page still shows it
    }
    apply(choice);
  }

  apply(kept());
  document.addEventListener("DOMContentLoaded", () => {
    const select = document.getElementById("theme-choice");
    if (!select) return;
    select.value = kept();
    select.addEventListener("change", () => choose(CHOICES.includes(select.value) ? select.value : "auto"));
  });
  // another tab chose: follow it
  window.addEventListener("storage", (event) => {
    if (event.key === KEY || event.key === null) apply(kept());
  });
})();
