/* Triggle's native kernel: the moves of rules.py over the same bit masks, for the hot loops
 * (random playouts, perft, the MCTS player's simulations). rules.py is the reference; every
 * step here mirrors TriggleState._apply and _end_reason, and tests/native proves them equal.
 *
 * A board capsule holds the tables of board.py (TriggleBoard) and the options; a snapshot of a
 * state (trigames.games.triggle.native.snapshot) is
 *   (covered, open, touching, legal, markers, to_move, withdrawn)
 * with the four masks as little-endian bytes, markers a tuple of counts left per seat,
 * to_move -1 once the game is over and withdrawn a mask of the seats that left. */
#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030B0000
#include <Python.h>

#include "tg_common.h"

typedef struct {
    int bands, triangles, segment_words, band_words;
    int players, markers, touch, misere;
    tg_word *band_segments;   /* bands x segment_words */
    tg_word *band_touches;    /* bands x band_words: bands sharing a peg with each band */
    int *overlap_at, *overlaps;  /* bands sharing a segment with each band (CSR) */
    int *triangle_at, *band_triangles;  /* triangles with a side under each band (CSR) */
    int *band_sides;             /* beside band_triangles: the segment that side is */
    tg_word *triangle_segments;  /* triangles x segment_words */
} triggle_board;

typedef struct {
    tg_word covered[TG_MAX_WORDS];   /* segments under a band */
    tg_word open[TG_MAX_WORDS];      /* bands with an uncovered segment */
    tg_word touching[TG_MAX_WORDS];  /* bands sharing a peg with a placed band */
    tg_word legal[TG_MAX_WORDS];     /* bands that may be played now */
    int markers[4];                  /* markers left per seat */
    int claimed;                     /* triangles claimed */
    int to_move;                     /* -1 once over */
    int withdrawn;                   /* seats that left, as a mask */
} triggle_state;

#define TG_STATE_MAX sizeof(triggle_state)
#define BOARD_NAME "trigames.games.triggle.board"

static int triggle_legal(const void *ctx, const void *state, int *moves) {
    const triggle_board *b = ctx;
    return tg_list(((const triggle_state *)state)->legal, b->band_words, moves);
}

static int triggle_random_move(const void *ctx, const void *state, tg_rng *rng) {
    const triggle_board *b = ctx;
    const tg_word *legal = ((const triggle_state *)state)->legal;
    return tg_select(legal, b->band_words, tg_below(rng, tg_count(legal, b->band_words)));
}

static int triggle_seat_after(const triggle_board *b, const triggle_state *s, int seat) {
    int next = (seat + 1) % b->players;
    while (s->withdrawn >> next & 1) next = (next + 1) % b->players;
    return next;
}

/* TriggleState._apply */
static void triggle_apply(const void *ctx, void *state, int i) {
    const triggle_board *b = ctx;
    triggle_state *s = state;
    int sw = b->segment_words, bw = b->band_words, mover = s->to_move;
    tg_word before[TG_MAX_WORDS];
    const tg_word *segments = b->band_segments + (size_t)i * sw;
    const tg_word *touches = b->band_touches + (size_t)i * bw;
    for (int k = 0; k < sw; k++) {
        before[k] = s->covered[k];
        s->covered[k] |= segments[k];
    }
    for (int k = 0; k < bw; k++) s->touching[k] |= touches[k];
    for (int o = b->overlap_at[i]; o < b->overlap_at[i + 1]; o++) {
        int j = b->overlaps[o];
        if (tg_within(b->band_segments + (size_t)j * sw, s->covered, sw)) tg_clear(s->open, j);
    }
    for (int k = 0; k < bw; k++) s->legal[k] = b->touch ? s->open[k] & s->touching[k] : s->open[k];
    for (int o = b->triangle_at[i]; o < b->triangle_at[i + 1]; o++) {
        const tg_word *sides = b->triangle_segments + (size_t)b->band_triangles[o] * sw;
        if (tg_within(sides, s->covered, sw) && !tg_within(sides, before, sw)
            && s->markers[mover]) {
            s->markers[mover]--;
            s->claimed++;
        }
    }
    /* TriggleState._end_reason: every triangle claimed, a last marker used, no band left */
    int over = s->claimed == b->triangles || !tg_any(s->legal, bw);
    for (int seat = 0; seat < b->players; seat++) over |= s->markers[seat] == 0;
    s->to_move = over ? -1 : triggle_seat_after(b, s, mover);
}

static int triggle_mover(const void *ctx, const void *state) {
    return ((const triggle_state *)state)->to_move;
}

/* TriggleState._rules_outcome, as shares: the seats in the game with the best score (the
 * fewest triangles in misère) split the win. */
/* TriggleState.scores: the triangles each seat claimed */
static void triggle_scores(const void *ctx, const void *state, int *out) {
    const triggle_board *b = ctx;
    const triggle_state *s = state;
    for (int seat = 0; seat < b->players; seat++) out[seat] = b->markers - s->markers[seat];
}

static void triggle_rewards(const void *ctx, const void *state, double *out) {
    const triggle_board *b = ctx;
    const triggle_state *s = state;
    int best = -1, winners = 0;
    for (int seat = 0; seat < b->players; seat++) {
        if (s->withdrawn >> seat & 1) continue;
        int score = b->markers - s->markers[seat];
        if (best < 0 || (b->misere ? score < best : score > best)) best = score;
    }
    for (int seat = 0; seat < b->players; seat++) {
        int in = !(s->withdrawn >> seat & 1) && b->markers - s->markers[seat] == best;
        out[seat] = in;
        winners += in;
    }
    for (int seat = 0; seat < b->players; seat++) out[seat] /= winners;
}

/* --- the evaluation (evaluation.py states the same; tests/native prove them equal) ------ */

/* The longest run of safe bands the evaluation plays out (evaluation.RUN_LIMIT). */
#define TRIGGLE_RUN_LIMIT 8

/* One look at the legal bands (evaluation.look): gifts (triangles with one side uncovered,
 * under a legal band), take (the most triangles one legal band closes), safe (legal bands
 * closing nothing and leaving no triangle with one side uncovered), cost (the fewest such
 * triangles a band that closes nothing and is not safe leaves; 0 when there is none) and mild
 * (the safe band leaving the fewest triangles with two sides uncovered, the lowest such; -1
 * when none is safe). A band covers at most one side of a triangle (its segments run one way),
 * so a band covering the uncovered side `band_sides` of a triangle with `left` sides uncovered
 * leaves it `left - 1`. */
typedef struct { int gifts, take, safe, cost, mild; } triggle_look;

static triggle_look triggle_look_at(const triggle_board *b, const triggle_state *s) {
    int sw = b->segment_words, bw = b->band_words, mildest = 0;
    unsigned char left[64 * TG_MAX_WORDS];
    tg_word reach[TG_MAX_WORDS] = {0};
    triggle_look f = {0, 0, 0, 0, -1};
    for (int t = 0; t < b->triangles; t++) {
        const tg_word *sides = b->triangle_segments + (size_t)t * sw;
        int n = 0;
        for (int q = 0; q < sw; q++) n += tg_popcount(sides[q] & ~s->covered[q]);
        left[t] = (unsigned char)n;
    }
    for (int k = 0; k < bw; k++) {
        tg_word w = s->legal[k];
        while (w) {
            int i = k * 64 + tg_lowest(w), closes = 0, gives = 0, halves = 0;
            w &= w - 1;
            for (int q = 0; q < sw; q++) reach[q] |= b->band_segments[(size_t)i * sw + q];
            for (int o = b->triangle_at[i]; o < b->triangle_at[i + 1]; o++) {
                if (tg_bit(s->covered, b->band_sides[o])) continue;
                int n = left[b->band_triangles[o]];
                closes += n == 1;
                gives += n == 2;
                halves += n == 3;
            }
            if (closes > f.take) f.take = closes;
            if (closes == 0 && gives == 0) {
                f.safe++;
                if (f.mild < 0 || halves < mildest) { f.mild = i; mildest = halves; }
            } else if (closes == 0 && (f.cost == 0 || gives < f.cost)) f.cost = gives;
        }
    }
    for (int t = 0; t < b->triangles; t++) {
        if (left[t] != 1) continue;
        const tg_word *sides = b->triangle_segments + (size_t)t * sw;
        for (int q = 0; q < sw; q++)
            if (sides[q] & ~s->covered[q] & reach[q]) { f.gifts++; break; }
    }
    return f;
}

/* evaluation.heuristic: the lead of `seat`, plus for the seat to move (minus for the others)
 * gifts, take, parity and forced, each times its weight; all reversed in misere. Parity and
 * forced are those of a quiet position (no band closes a triangle) whose safe bands run out
 * within TRIGGLE_RUN_LIMIT of them laid one a turn, the mildest first: parity is +1 when the
 * player to move lays the last (an odd run), -1 when they face none first (an even run), and
 * forced is parity times the cost of the first band forced on whoever then moves. */
static double triggle_evaluate(const void *ctx, const void *state, int seat, const double *w) {
    const triggle_board *b = ctx;
    const triggle_state *s = state;
    triggle_look f = triggle_look_at(b, s);
    int parity = 0, forced = 0;
    if ((w[2] != 0 || w[3] != 0) && f.take == 0 && f.safe <= 3 * TRIGGLE_RUN_LIMIT) {
        triggle_state run = *s;
        triggle_look g = f;
        for (int laid = 0; laid <= TRIGGLE_RUN_LIMIT; laid++) {
            if (run.to_move < 0 || g.safe == 0) {
                parity = laid % 2 ? 1 : -1;
                forced = run.to_move < 0 ? 0 : parity * g.cost;
                break;
            }
            if (laid == TRIGGLE_RUN_LIMIT) break;
            triggle_apply(ctx, &run, g.mild);
            if (run.to_move >= 0) g = triggle_look_at(b, &run);
        }
    }
    double hold = w[0] * f.gifts + w[1] * f.take + w[2] * parity + w[3] * forced;
    int best_other = 0, any = 0;
    for (int other = 0; other < b->players; other++) {
        int score = b->markers - s->markers[other];
        if (other != seat && (!any || score > best_other)) { best_other = score; any = 1; }
    }
    double value = (b->markers - s->markers[seat] - best_other) + (seat == s->to_move ? hold : -hold);
    return b->misere ? -value : value;
}

#include "tg_engine.h"

static int tg_load(PyObject *capsule, PyObject *snapshot, tg_game *g, void *state) {
    triggle_board *b = PyCapsule_GetPointer(capsule, BOARD_NAME);
    if (!b) return -1;
    triggle_state *s = state;
    memset(s, 0, sizeof *s);
    PyObject *covered, *open, *touching, *legal, *markers;
    if (!PyArg_ParseTuple(snapshot, "SSSSOii", &covered, &open, &touching, &legal, &markers,
                          &s->to_move, &s->withdrawn))
        return -1;
    if (read_mask(covered, s->covered, b->segment_words) < 0
        || read_mask(open, s->open, b->band_words) < 0
        || read_mask(touching, s->touching, b->band_words) < 0
        || read_mask(legal, s->legal, b->band_words) < 0)
        return -1;
    if (!PyTuple_Check(markers) || PyTuple_Size(markers) != b->players) {
        PyErr_SetString(PyExc_ValueError, "markers must be a tuple with one count per seat");
        return -1;
    }
    for (int seat = 0; seat < b->players; seat++) {
        long left = PyLong_AsLong(PyTuple_GetItem(markers, seat));
        if (left < 0 || left > b->markers) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a marker count is out of range");
            return -1;
        }
        s->markers[seat] = (int)left;
        s->claimed += b->markers - (int)left;
    }
    if (s->to_move < -1 || s->to_move >= b->players) {
        PyErr_SetString(PyExc_ValueError, "to_move is not a seat");
        return -1;
    }
    g->ctx = b;
    g->state_size = sizeof(triggle_state);
    g->num_players = b->players;
    g->max_moves = b->bands;
    TG_SET_FUNCTIONS(g, triggle);
    g->evaluate = triggle_evaluate;
    g->weight_count = 4;
    return 0;
}

/* --- the board capsule ------------------------------------------------------------------ */

static void board_free(PyObject *capsule) {
    triggle_board *b = PyCapsule_GetPointer(capsule, BOARD_NAME);
    if (!b) return;
    free(b->band_segments);
    free(b->band_touches);
    free(b->overlap_at);
    free(b->overlaps);
    free(b->triangle_at);
    free(b->band_triangles);
    free(b->band_sides);
    free(b->triangle_segments);
    free(b);
}

/* board(segments, players, markers, touch, misere, band_segments, band_touches,
 *       band_overlaps, band_triangles, triangle_segments) -> a board capsule */
static PyObject *py_board(PyObject *self, PyObject *args) {
    int segments, players, markers, touch, misere;
    PyObject *band_segments, *band_touches, *overlaps, *triangles, *triangle_segments;
    if (!PyArg_ParseTuple(args, "iiippOOOOO", &segments, &players, &markers, &touch, &misere,
                          &band_segments, &band_touches, &overlaps, &triangles,
                          &triangle_segments))
        return NULL;
    if (!PyList_Check(band_segments) || !PyList_Check(triangle_segments)) {
        PyErr_SetString(PyExc_TypeError, "the tables must be lists");
        return NULL;
    }
    Py_ssize_t bands = PyList_Size(band_segments), count = PyList_Size(triangle_segments);
    if (segments < 1 || segments > 64 * TG_MAX_WORDS || bands < 1 || bands > 64 * TG_MAX_WORDS
        || count < 1 || count > 64 * TG_MAX_WORDS || players < 2 || players > 4 || markers < 1) {
        PyErr_SetString(PyExc_ValueError, "the board is beyond what the kernel holds");
        return NULL;
    }
    triggle_board *b = calloc(1, sizeof *b);
    if (!b) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(b, BOARD_NAME, board_free);
    if (!capsule) { free(b); return NULL; }
    b->bands = (int)bands;
    b->triangles = (int)count;
    b->segment_words = (segments + 63) / 64;
    b->band_words = (int)(bands + 63) / 64;
    b->players = players;
    b->markers = markers;
    b->touch = touch;
    b->misere = misere;
    if (!(b->band_segments = read_masks(band_segments, bands, b->segment_words))
        || !(b->band_touches = read_masks(band_touches, bands, b->band_words))
        || read_lists(overlaps, bands, (int)bands, &b->overlap_at, &b->overlaps) < 0
        || read_lists(triangles, bands, (int)count, &b->triangle_at, &b->band_triangles) < 0
        || !(b->triangle_segments = read_masks(triangle_segments, count, b->segment_words))) {
        Py_DECREF(capsule);
        return NULL;
    }
    int pairs = b->triangle_at[bands];
    b->band_sides = malloc(sizeof(int) * (size_t)(pairs ? pairs : 1));
    if (!b->band_sides) { Py_DECREF(capsule); return PyErr_NoMemory(); }
    for (int i = 0; i < b->bands; i++)
        for (int o = b->triangle_at[i]; o < b->triangle_at[i + 1]; o++) {
            const tg_word *band = b->band_segments + (size_t)i * b->segment_words;
            const tg_word *sides = b->triangle_segments + (size_t)b->band_triangles[o] * b->segment_words;
            b->band_sides[o] = -1;
            for (int q = 0; q < b->segment_words && b->band_sides[o] < 0; q++)
                if (band[q] & sides[q]) b->band_sides[o] = q * 64 + tg_lowest(band[q] & sides[q]);
            if (b->band_sides[o] < 0) {
                Py_DECREF(capsule);
                PyErr_SetString(PyExc_ValueError, "a band shares no side with its triangle");
                return NULL;
            }
        }
    return capsule;
}

static PyMethodDef methods[] = {
    {"board", py_board, METH_VARARGS, "board(...) -> the tables of a Triggle board"},
    TG_ENGINE_METHODS,
    {NULL, NULL, 0, NULL},
};

TG_MODULE("Triggle's native kernel (see rules.py, the reference).")
