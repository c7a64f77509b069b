// The verb of pointing, as this screen's pointer does it: "tap" on a touch screen, "click" with a
// mouse. The page's own prompts are whole messages in both ways, translated, and chosen with
// byPointer(); the games' own guides (from the server, said in the page's language) are written
// with "tap" ("touchez" in French) and said through pointed().
const coarse = matchMedia("(pointer: coarse)");

/** The message of this screen's pointer: ``tap`` on a touch screen, else ``click`` (each a whole
 * message in the page's language: byPointer(t("Tap a marked place"), t("Click a marked place"))). */
export function byPointer(tap, click) {
  return coarse.matches ? tap : click;
}

/** ``text`` (a game's guide) as this screen points: unchanged on a touch screen; with a mouse
 * "tap" becomes "click" ("tap a cell" -> "click a cell", "tapping" -> "clicking"), and in French
 * "touchez une case" "cliquez sur une case" ("touchant" "cliquant sur"). */
export function pointed(text) {
  if (coarse.matches) return text;
  return text
    .replace(/\b([Tt])ap(s|ped|ping)?\b/g, (_, t, ending) => `${t === "T" ? "C" : "c"}lick${(ending ?? "").replace("p", "")}`)
    .replace(/(^|[^\p{L}])([Tt])ouch(ez|ant) (?!sur )/gu, (_, before, t, ending) => `${before}${t === "T" ? "C" : "c"}liqu${ending} sur `);
}
