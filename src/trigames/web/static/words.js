// The page's words in its language: t("Log in") is "Se connecter" on a French page. The
// translations of the scripts' messages come with the page, in the data block
// <script type="application/json" id="words"> (trigames.web.i18n; none on an English page:
// the messages are English). A message says its values {name}: t("Your move: {count}",
// {count: 2}). The messages are found by `pybabel extract` (make messages): write them as
// plain strings in the call, never built from pieces. A message about a number has its forms:
// tn("{count} move", "{count} moves", count) (the catalogue gives each language's, chosen by the
// CLDR plural rules of Intl.PluralRules, as trigames.web.i18n.plural_index does). The engines'
// words come in the views as phrases (trigames.core.phrases.said): say(phrase) says one.

const block = document.getElementById("words");
const catalogue = block ? JSON.parse(block.textContent) : {};

/** The page's language (its <html lang>): "en" or "fr". */
export const lang = document.documentElement.lang || "en";

/** ``text`` in the page's language, its {names} replaced by ``values``' values. */
export function t(text, values = {}) {
  const words = Object.hasOwn(catalogue, text) && typeof catalogue[text] === "string" ? catalogue[text] : text;
  return fill(words, values);
}

const plurals = new Intl.PluralRules(lang);

/** The form of a message about ``count`` things in the page's language (``one`` or ``many`` in
 * English), ``{count}`` and the other {names} filled. */
export function tn(one, many, count, values = {}) {
  const forms = Object.hasOwn(catalogue, one) && Array.isArray(catalogue[one]) ? catalogue[one] : [one, many];
  const index = Object.hasOwn(catalogue, one) ? (plurals.select(count) === "one" ? 0 : 1) : (count === 1 ? 0 : 1);
  return fill(forms[Math.min(index, forms.length - 1)], { count, ...values });
}

/** An engine's phrase (a list: its template, or a pair of them for a plural, then its values)
 * in the page's language; a name, notation or number as it is. */
export function say(phrase) {
  if (phrase === null || phrase === undefined) return "";
  if (!Array.isArray(phrase)) return String(phrase);
  const [template, values = {}] = phrase;
  const said = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, say(value)]));
  return Array.isArray(template) ? tn(template[0], template[1], values.count, said) : t(template, said);
}

/** A computer player's level or kind ("easy", "greedy"...) in the page's language; any other
 * (a player spec such as "mcts(seconds=1)", or a kind known by its name) as it is. */
export function levelName(kind) {
  return Object.hasOwn(LEVEL_NAMES, kind) ? LEVEL_NAMES[kind] : kind;
}

const LEVEL_NAMES = {
  easy: t("easy"), medium: t("medium"), hard: t("hard"), expert: t("expert"),
  random: t("random"), greedy: t("greedy"), casual: t("casual"), strong: t("strong"),
};

/** The name of a seat (``name`` and ``kind``, as the server keeps them) as a page shows it: a
 * computer's own name, "Computer: easy" (trigames.web.snapshot), says its level in the page's
 * language; any other name is shown as it is. */
export function seatName({ name, kind }) {
  return kind !== "human" && name === `Computer: ${kind}` ? t("Computer: {kind}", { kind: levelName(kind) }) : name;
}

/** ``view`` (a game's, a study board's or a change made on one) with the engine's words in the
 * page's language: its status, last move, result's reason, seats' colours and guide, said from
 * the phrases it carries (``said``, ``guide_said``: trigames.web.views); and its seats' names
 * as pages show them (:func:`seatName`; a seat named by its colour, a person's by default, says
 * the colour), the name the server keeps in ``stored_name``. */
export function localised(view) {
  const said = view.said;
  const next = { ...view };
  if (said) {
    next.status = say(said.status);
    next.last_move = said.last_move === null ? null : say(said.last_move);
    if (next.outcome && said.reason !== null) next.outcome = { ...next.outcome, reason: say(said.reason) };
    if (next.seats) {
      next.seats = next.seats.map((seat) => {
        const color = say(said.colors[seat.seat]);
        const name = seat.name === seat.color ? color : seatName(seat);
        return { ...seat, color, name, stored_name: seat.stored_name ?? seat.name };
      });
    }
  }
  if (view.guide_said !== undefined) next.guide = view.guide_said === null ? null : say(view.guide_said);
  return next;
}

/** Say the words drawn in the pictures under ``root`` (each with its phrase in ``data-said``,
 * trigames.geometry.svg) in the page's language. */
export function sayDrawn(root) {
  for (const node of root.querySelectorAll("[data-said]")) node.textContent = say(JSON.parse(node.dataset.said));
}

function fill(words, values) {
  return words.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}
