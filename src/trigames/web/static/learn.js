// The lessons pages: /learn (the games, each with its lessons and the learner's progress) and
// /learn/{game} (a lesson played on a study board: the server checks each of the learner's moves,
// POST /api/lessons/{id}/steps/{n}/check, and gives the other side's answer, which the board
// then plays). The lessons finished are kept by progress.js.
import { account, onAccountChange } from "./account.js";
import { api, el, showError } from "./common.js";
import { finishLesson, finishedLessons, mergeLessons } from "./progress.js";
import { english, studyBoard } from "./study.js";
import { lang, say, t, tn } from "./words.js";

const $ = (id) => document.getElementById(id);
/** Milliseconds the learner sees their move before the other side answers. */
const ANSWER_PAUSE = 600;

/** Mark the lessons done, count them per game, and point each game's Start at its first
 * lesson not done. */
function markProgress() {
  const done = finishedLessons();
  for (const item of document.querySelectorAll(".lesson-item")) {
    const finished = done.has(item.dataset.lesson);
    item.classList.toggle("done", finished);
    const mark = item.querySelector(".lesson-mark");
    mark.textContent = finished ? t("✓ done") : "";
    mark.lang = lang; // in the list of lessons, which are English until they are translated
  }
  for (const line of document.querySelectorAll(".learn-progress")) {
    const ids = [...document.querySelectorAll(".lesson-item")]
      .map((item) => item.dataset.lesson)
      .filter((id) => id.startsWith(`${line.dataset.game}-`));
    const count = ids.filter((id) => done.has(id)).length;
    line.textContent = count
      ? tn("{count} of {total} lessons done", "{count} of {total} lessons done", count, { total: ids.length })
      : tn("{count} lesson", "{count} lessons", ids.length);
    const start = line.closest(".learn-game")?.querySelector(".learn-start");
    if (start) {
      const next = ids.find((id) => !done.has(id));
      start.href = `/learn/${line.dataset.game}#${next ?? ids[0]}`;
      start.textContent = count === 0 ? t("Start") : next ? t("Go on") : t("Play them again");
    }
  }
}

/** Whether a learner is logged in (their progress then goes to their account too). */
async function loggedIn() {
  return (await account()) !== null;
}

async function startProgress() {
  markProgress();
  if (await loggedIn()) {
    await mergeLessons();
    markProgress();
  }
  onAccountChange(markProgress); // account.js merged the lessons at login
}

// --- a lesson, played ------------------------------------------------------------------------

const lessonPage = $("lesson-page");
const game = lessonPage?.dataset.game;
let lessons = []; // the game's lessons (GET /api/lessons)
let lesson = null; // the lesson played
let stepIndex = 0; // its step played, from 0
let played = []; // the step's moves so far: the learner's and the answers
let learner = 0; // the seat the learner plays in the step
let round = 0; // counts the steps opened: an answer for an earlier one is dropped
const solved = new Set(); // the steps of the lesson done, by index
let board = null;

function step() {
  return lesson.steps[stepIndex];
}

/** Tell the learner something: ``kind`` is ``good``, ``bad`` or ``done``; ``parts`` are texts
 * and elements (none: nothing). */
function tell(kind, ...parts) {
  const box = $("lesson-message");
  box.hidden = !parts.length;
  box.className = `lesson-message ${kind}`;
  box.replaceChildren(...parts);
}

function renderSteps() {
  $("lesson-steps").replaceChildren(...lesson.steps.map((_, index) => el("li", {
    class: `${solved.has(index) ? "done" : ""}${index === stepIndex ? " current" : ""}`,
    "aria-current": index === stepIndex ? "step" : null,
  }, el("span", { class: "visually-hidden" }, solved.has(index)
    ? t("Step {number}, done", { number: index + 1 })
    : t("Step {number}", { number: index + 1 })))));
  $("lesson-steps").setAttribute("aria-label", t("Step {number} of {total}", { number: stepIndex + 1, total: lesson.steps.length }));
  for (const item of document.querySelectorAll(".lesson-item")) {
    item.classList.toggle("current", item.dataset.lesson === lesson.id);
    item.querySelector("a").setAttribute("aria-current", item.dataset.lesson === lesson.id ? "page" : "false");
  }
}

/** Open the lesson ``id`` (its first step). */
function openLesson(id) {
  lesson = lessons.find((found) => found.id === id) ?? lessons[0];
  solved.clear();
  $("lesson-title").textContent = lesson.title;
  $("lesson-title").lang = "en"; // the lessons are English until they are translated
  document.title = `${lesson.title} · trigames`;
  openStep(0);
}

/** Open step ``index`` of the lesson, from its start position. */
async function openStep(index) {
  const mine = ++round;
  stepIndex = index;
  played = [];
  renderSteps();
  const { text, spec, position } = step();
  $("lesson-text").textContent = text;
  $("lesson-hint-text").hidden = true;
  $("lesson-solution-text").hidden = true;
  $("lesson-next").hidden = true;
  $("lesson-hint").disabled = $("lesson-solution").disabled = false;
  tell("");
  try {
    const view = await board.show({ game: spec, position: position ?? null });
    if (mine !== round) return;
    learner = view.to_move;
    board.enable([learner]);
  } catch {
    // the board said why (onError)
  }
}

function otherColour() {
  return board.view.seats.find((seat) => seat.seat !== learner)?.color ?? t("The other side");
}

/** The learner finished ``move``: the server says whether it does what the step asks. */
async function checkMove(move) {
  const mine = round;
  let verdict;
  try {
    verdict = await api(`/api/lessons/${lesson.id}/steps/${stepIndex + 1}/check`, {
      method: "POST", body: { played, move },
    });
    showError("");
  } catch (error) {
    if (mine !== round) return;
    showError(error.message);
    board.enable([learner]);
    return;
  }
  if (mine !== round) return;
  if (!verdict.ok) {
    const advice = $("lesson-hint-text").hidden ? t("Try another move, or ask for a hint.") : t("Try another move.");
    tell("bad", verdictText(verdict), " ", advice);
    board.enable([learner]);
    return;
  }
  try {
    await board.play(move);
    played.push(move);
    if (verdict.reply && mine === round) {
      tell("good", verdictText(verdict));
      board.disable(t("{colour} answers…", { colour: otherColour() }));
      await new Promise((resolve) => setTimeout(resolve, ANSWER_PAUSE));
      if (mine !== round) return;
      await board.play(verdict.reply);
      played.push(verdict.reply);
    }
  } catch {
    if (mine === round) board.disable(t("Start the step again to go on.")); // the board said why
    return;
  }
  if (mine !== round) return;
  if (verdict.done) {
    await stepDone(verdictText(verdict));
    return;
  }
  if (!verdict.reply) tell("good", verdictText(verdict));
  board.enable([learner]);
}

/** What a verdict says: the server's words (a phrase, ``message_said``) in the page's
 * language, or the step's own text (``done``: the lesson's, English until it is translated). */
function verdictText(verdict) {
  return Array.isArray(verdict.message_said) ? say(verdict.message_said) : english(verdict.message);
}

/** The step is done, as ``words`` (the verdict's text) say. */
async function stepDone(words) {
  solved.add(stepIndex);
  renderSteps();
  tell("done", words);
  board.disable(t("Step done."));
  $("lesson-hint").disabled = $("lesson-solution").disabled = true;
  const next = $("lesson-next");
  const last = stepIndex === lesson.steps.length - 1;
  const following = lessons[lessons.indexOf(lesson) + 1];
  next.textContent = !last ? t("Next step") : following ? t("Next lesson: {title}", { title: following.title }) : t("Back to all the games");
  next.hidden = false;
  next.focus({ preventScroll: true });
  if (last) {
    await finishLesson(lesson.id, await loggedIn());
    markProgress();
  }
}

function next() {
  if (stepIndex < lesson.steps.length - 1) {
    openStep(stepIndex + 1);
    return;
  }
  const following = lessons[lessons.indexOf(lesson) + 1];
  if (following) location.hash = following.id;
  else location.href = "/learn";
}

function showHint() {
  const box = $("lesson-hint-text");
  box.replaceChildren(el("strong", {}, t("Hint:")), " ", english(step().hint));
  box.hidden = false;
}

/** The solution: its moves, and the learner's next one marked on the board when the moves so
 * far follow it. */
function showSolution() {
  const { solution } = step();
  const box = $("lesson-solution-text");
  const onLine = played.every((move, index) => solution[index] === move);
  const ahead = solution[played.length];
  const parts = [el("strong", {}, t("Solution:")), " ", `${solution.join(" · ")}.`];
  if (solution.length > 1) parts.push(" ", el("span", { class: "muted" }, t("Your moves and the answers, in turn.")));
  parts.push(" ", onLine && ahead ? t("Your next move, {move}, is marked on the board.", { move: ahead }) : t("Start the step again to follow it."));
  box.replaceChildren(...parts);
  box.hidden = false;
  board.unmark();
  if (onLine && ahead && board.view.legal_moves.includes(ahead)) board.mark({ move: ahead });
}

async function startLessons() {
  board = studyBoard($("lesson-board"), { onMove: checkMove, onError: showError });
  $("lesson-next").addEventListener("click", next);
  $("lesson-hint").addEventListener("click", showHint);
  $("lesson-solution").addEventListener("click", showSolution);
  $("lesson-restart").addEventListener("click", () => openStep(stepIndex));
  try {
    lessons = (await api(`/api/lessons?game=${encodeURIComponent(game)}`)).lessons;
  } catch (error) {
    showError(error.message);
    return;
  }
  const opened = () => {
    const wanted = location.hash.slice(1);
    const done = finishedLessons();
    openLesson(wanted || lessons.find((found) => !done.has(found.id))?.id || lessons[0].id);
  };
  addEventListener("hashchange", () => {
    opened();
    scrollTo({ top: 0 });
  });
  opened();
}

startProgress();
if (lessonPage) startLessons();
