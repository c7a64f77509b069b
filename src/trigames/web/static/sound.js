// A short beep when another player moves (Web Audio): off until the player ticks its box, the
// choice kept in this browser. Browsers let a page make sound only after a click or a key, so
// the sound wakes up at the first one.
const KEY = "trigames:move-sound";
let context = null;

function soundOn() {
  return localStorage.getItem(KEY) === "true";
}

function wake() {
  if (!soundOn()) return;
  context ??= new AudioContext();
  if (context.state === "suspended") context.resume();
}

/** Bind the page's checkbox to the setting. */
export function setupSound(checkbox) {
  checkbox.checked = soundOn();
  checkbox.addEventListener("change", () => {
    localStorage.setItem(KEY, String(checkbox.checked));
    wake();
  });
  for (const type of ["pointerdown", "keydown"]) addEventListener(type, wake, { passive: true });
}

/** Beep, if the player wants it (counted on ``<body data-beeps>``, for tests). */
export function beep() {
  if (!soundOn()) return;
  document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  if (!context || context.state !== "running") return;
  const now = context.currentTime;
  const tone = context.createOscillator();
  const volume = context.createGain();
  tone.frequency.value = 880;
  volume.gain.setValueAtTime(0.0001, now);
  volume.gain.exponentialRampToValueAtTime(0.2, now + 0.01);
  volume.gain.exponentialRampToValueAtTime(0.0001, now + 0.18);
  tone.connect(volume).connect(context.destination);
  tone.start(now);
  tone.stop(now + 0.2);
}
