// The header's Menu button, on a phone (style.css shows it below 600 px wide): it opens and
// closes the rules links, the players' links and the switches (a disclosure: its state is its
// aria-expanded, which style.css reads). Escape closes the menu and gives the focus back to the
// button.
const button = document.getElementById("menu-button");
const menu = document.getElementById("site-menu");

function setOpen(open) {
  button.setAttribute("aria-expanded", String(open));
}

button.addEventListener("click", () => setOpen(button.getAttribute("aria-expanded") !== "true"));
menu.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || button.getAttribute("aria-expanded") !== "true") return;
  setOpen(false);
  button.focus();
});
