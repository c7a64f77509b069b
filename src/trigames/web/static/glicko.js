// Glicko-2 ratings in the browser: the same algorithm, constants and caps as the server's
// src/trigames/ratings.py (Glickman's "Example of the Glicko-2 system", the way lichess uses it),
// step for step, so that a rating computed here matches the server's to rounding
// (tests/e2e/test_puzzles.py compares them). A rating is {rating, deviation, volatility, games,
// last_rated} (last_rated in Unix seconds, null before the first game), like PlayerRating's JSON.
// Pure: no storage, no clock (the time is always passed in).

export const START_RATING = 1500;
export const START_DEVIATION = 500;
export const START_VOLATILITY = 0.09;
export const TAU = 0.75;
export const MAX_DEVIATION = 500;
export const MIN_DEVIATION = 45;
export const MAX_VOLATILITY = 0.1;
export const PROVISIONAL_DEVIATION = 110;
export const RATING_PERIOD_DAYS = 1 / 0.21436;
export const RATING_LIMIT = 10000;
export const DEVIATION_LIMIT = 10000;
export const VOLATILITY_LIMIT = 10;
export const TAU_LIMIT = 10;

const SCALE = 173.7178; // Glicko points per Glicko-2 unit (400 / ln 10)
const TOLERANCE = 1e-6; // the volatility iteration stops when its bracket is this narrow...
const MAX_ITERATIONS = 100; // ... or after this many steps
const SECONDS_PER_DAY = 86400;

/** A newcomer's rating: 1500, deviation 500, no games. */
export function newRating() {
  return { rating: START_RATING, deviation: START_DEVIATION, volatility: START_VOLATILITY, games: 0, last_rated: null };
}

/** The rating after one rating period of ``results``, each ``[opponentRating,
 * opponentDeviation, score]`` (score 1 a win, 0.5 a draw, 0 a loss): ``{rating, deviation,
 * volatility}``. A RangeError for a number out of range, as ratings.glicko2's ValueError. */
export function glicko2(rating, deviation, volatility, results, tau = TAU) {
  checkRating("rating", rating);
  checkPositive("deviation", deviation, DEVIATION_LIMIT);
  checkPositive("volatility", volatility, VOLATILITY_LIMIT);
  checkPositive("tau", tau, TAU_LIMIT);
  results.forEach(([opponentRating, opponentDeviation, score], index) => {
    checkRating(`result ${index}: opponent rating`, opponentRating);
    checkPositive(`result ${index}: opponent deviation`, opponentDeviation, DEVIATION_LIMIT);
    checkScore(`result ${index}: score`, score);
  });
  return update(rating, deviation, volatility, results, tau, 1);
}

/** The paper's steps 2 to 8 on checked numbers, the deviation growing by ``periods`` rating
 * periods in step 6 (ratings.py's ``_update``). */
function update(rating, deviation, volatility, results, tau, periods) {
  const phi = deviation / SCALE;
  if (!results.length) return { rating, deviation: grown(deviation, volatility, periods), volatility };
  let information = 0; // 1/v, step 3
  let gain = 0; // delta/v, step 4
  for (const [opponentRating, opponentDeviation, score] of results) {
    const g = 1 / Math.hypot(1, (Math.sqrt(3) * opponentDeviation) / SCALE / Math.PI);
    const x = (g * (rating - opponentRating)) / SCALE;
    const expected = logistic(x);
    const unexpected = logistic(-x);
    information += g * g * expected * unexpected;
    gain += g * (score * unexpected - (1 - score) * expected);
  }
  const sigma = newVolatility(phi, volatility, information, gain, tau); // step 5
  const phiStar = Math.hypot(phi, sigma * Math.sqrt(periods)); // step 6
  const newPhi = phiStar / Math.sqrt(1 + phiStar * phiStar * information); // step 7
  return { rating: rating + SCALE * newPhi * newPhi * gain, deviation: SCALE * newPhi, volatility: sigma }; // step 8
}

function logistic(x) {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/** The paper's step 5 (the Illinois algorithm), as ratings.py's ``_new_volatility``. */
function newVolatility(phi, sigma, information, gain, tau) {
  const a = 2 * Math.log(sigma);
  const base = 1 + information * phi * phi;
  const excess = gain * gain - information * base;
  const f = (x) => {
    const y = Math.exp(x);
    const spread = base + information * y;
    return (tau * tau * y * (excess - information * information * y)) / (2 * spread * spread) - (x - a);
  };
  let bigA = a;
  let bigB;
  if (excess > 0) {
    bigB = Math.log(excess) - 2 * Math.log(information);
  } else {
    let k = 1;
    const last = Math.max(1, Math.ceil(tau / 2));
    while (k < last && f(a - k * tau) < 0) k += 1;
    bigB = a - k * tau;
  }
  let fA = f(bigA);
  let fB = f(bigB);
  let settled = false;
  for (let step = 0; step < MAX_ITERATIONS; step += 1) {
    if (Math.abs(bigB - bigA) <= TOLERANCE || fB === fA) {
      settled = true;
      break;
    }
    const c = bigA + ((bigA - bigB) * fA) / (fB - fA);
    const fC = f(c);
    if (apart(fC, fB)) {
      bigA = bigB;
      fA = fB;
    } else {
      fA /= 2;
    }
    bigB = c;
    fB = fC;
  }
  if (!settled) {
    // only on extreme inputs: bisection finishes what the stalled secant could not
    for (let step = 0; step < MAX_ITERATIONS && Math.abs(bigB - bigA) > TOLERANCE; step += 1) {
      const middle = (bigA + bigB) / 2;
      const fMiddle = f(middle);
      if (apart(fMiddle, fB)) {
        bigA = middle;
      } else {
        bigB = middle;
        fB = fMiddle;
      }
    }
  }
  return Math.max(Math.exp(bigA / 2), Number.MIN_VALUE); // never zero
}

function apart(p, q) {
  return p === 0 || q === 0 || (p < 0) !== (q < 0);
}

/** ``deviation`` after ``periods`` rating periods (never falling as ``periods`` grows). */
function grown(deviation, volatility, periods) {
  if (periods <= 0) return deviation;
  const ratio = (volatility * SCALE) / deviation;
  const growth = periods * ratio * ratio;
  if (Number.isFinite(growth)) return deviation * Math.sqrt(1 + growth);
  return Math.sqrt(periods) * volatility * SCALE;
}

function checkFinite(name, value) {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, not ${value}`);
}

function checkRating(name, value) {
  checkFinite(name, value);
  if (Math.abs(value) > RATING_LIMIT) throw new RangeError(`${name} must be between ${-RATING_LIMIT} and ${RATING_LIMIT}, not ${value}`);
}

function checkPositive(name, value, limit) {
  checkFinite(name, value);
  if (!(value > 0 && value <= limit)) throw new RangeError(`${name} must be greater than 0 and at most ${limit}, not ${value}`);
}

function checkScore(name, value) {
  checkFinite(name, value);
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be between 0 and 1 (1 a win, 0.5 a draw), not ${value}`);
}

/** The deviation of ``player`` at ``now`` (Unix seconds), grown by the rating periods since
 * its last game, at most 500. */
export function deviationAt(player, now) {
  checkFinite("now", now);
  let periods = 0;
  if (player.last_rated !== null) {
    periods = Math.max(0, now - player.last_rated) / SECONDS_PER_DAY / RATING_PERIOD_DAYS;
  }
  return Math.min(grown(player.deviation, player.volatility, periods), MAX_DEVIATION);
}

/** Both players' ratings after a game between them that ended at ``now`` (Unix seconds),
 * ``firstScore`` 1 if the first won, 0.5 a draw, 0 a loss: ratings.rate_game, the game its own
 * rating period, each deviation grown first by the time since the player's last game. */
export function rateGame(first, second, firstScore, now) {
  checkScore("firstScore", firstScore);
  checkFinite("now", now);
  const [oneDeviation, oneVolatility] = beforeGame(first, now);
  const [twoDeviation, twoVolatility] = beforeGame(second, now);
  const newOne = update(first.rating, oneDeviation, oneVolatility, [[second.rating, twoDeviation, firstScore]], TAU, 0);
  const newTwo = update(second.rating, twoDeviation, twoVolatility, [[first.rating, oneDeviation, 1 - firstScore]], TAU, 0);
  return [rated(first, newOne, now), rated(second, newTwo, now)];
}

function beforeGame(player, now) {
  const deviation = Math.min(Math.max(deviationAt(player, now), MIN_DEVIATION), MAX_DEVIATION);
  return [deviation, Math.min(player.volatility, MAX_VOLATILITY)];
}

function rated(player, next, now) {
  return {
    rating: Math.min(Math.max(next.rating, -RATING_LIMIT), RATING_LIMIT),
    deviation: Math.min(Math.max(next.deviation, MIN_DEVIATION), MAX_DEVIATION),
    volatility: Math.min(next.volatility, MAX_VOLATILITY),
    games: player.games + 1,
    last_rated: now,
  };
}

/** Whether the rating is still provisional (deviation at least 110). */
export function provisional(player) {
  return player.deviation >= PROVISIONAL_DEVIATION;
}

/** The rating as players see it: rounded, with "?" while provisional ("1520?"). */
export function shown(player) {
  const points = Math.floor(player.rating + 0.5);
  return provisional(player) ? `${points}?` : String(points);
}
