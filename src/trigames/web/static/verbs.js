// The verb of pointing, as this screen's pointer does it: "tap" on a touch screen, "click" with a
// mouse. Prompts are written with "tap" (the games' own guides are too) and said through
// pointed(), wherever they are built.
const coarse = matchMedia("(pointer: coarse)");

/** ``text`` as this screen points: unchanged on a touch screen; with a mouse "tap" becomes
 * "click" ("Tap a marked place" -> "Click a marked place", "tapping" -> "clicking"). */
export function pointed(text) {
  if (coarse.matches) return text;
  return text.replace(/\b([Tt])ap(s|ped|ping)?\b/g, (_, t, ending) => `${t === "T" ? "C" : "c"}lick${(ending ?? "").replace("p", "")}`);
}
