// The page's words in its language: t("Log in") is "Se connecter" on a French page. The
// translations of the scripts' messages come with the page, in the data block
// <script type="application/json" id="words"> (trigames.web.i18n; none on an English page:
// the messages are English). A message says its values {name}: t("Your move: {count}",
// {count: 2}). The messages are found by `pybabel extract` (make messages): write them as
// plain strings in the call, never built from pieces.

const block = document.getElementById("words");
const catalogue = block ? JSON.parse(block.textContent) : {};

/** The page's language (its <html lang>): "en" or "fr". */
export const lang = document.documentElement.lang || "en";

/** ``text`` in the page's language, its {names} replaced by ``values``' values. */
export function t(text, values = {}) {
  const words = Object.hasOwn(catalogue, text) ? catalogue[text] : text;
  return words.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
