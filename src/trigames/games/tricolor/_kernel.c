/* Tricolor's native kernel: the moves of rules.py over the same bit masks, for the hot loops
 * (random playouts, perft, the MCTS player's simulations). rules.py is the reference; every
 * step here mirrors TricolorState._apply and _completion, and tests/native proves them equal.
 *
 * A board capsule holds the tables of board.py (TricolorBoard); a snapshot of a state
 * (trigames.games.tricolor.native) is
 *   (covered, placed, available, points, due, to_move, withdrawn)
 * with the three masks as little-endian bytes, points a tuple per seat, due the index of the
 * colour due, to_move -1 once the game is over and withdrawn a mask of the seats that left. */
#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030B0000
#include <Python.h>

#include "tg_common.h"

enum { CROWN, STAR, HEXAGON };

typedef struct {
    int lozenges, triangle_words, lozenge_words, players;
    tg_word *lozenge_mask;        /* lozenges x triangle_words: its two triangles */
    tg_word *conflicts;           /* lozenges x lozenge_words: those sharing a triangle */
    tg_word colour_mask[3][TG_MAX_WORDS];
    tg_word *triangle_neighbours; /* triangles x triangle_words */
    int *border_at, *border;      /* triangles next to each lozenge (CSR) */
    /* the crowns, stars and hexagons each lozenge is part of (CSR), each written
     * kind, count, then the count lozenges */
    int *configuration_at, *configurations;
} tricolor_board;

typedef struct {
    tg_word covered[TG_MAX_WORDS];    /* triangles under a piece */
    tg_word placed[TG_MAX_WORDS];     /* lozenges holding a piece */
    tg_word available[TG_MAX_WORDS];  /* lozenges whose two triangles are empty */
    int points[4];
    int due;                          /* the colour due next */
    int to_move;                      /* -1 once over */
    int withdrawn;                    /* seats that left, as a mask */
} tricolor_state;

#define TG_STATE_MAX sizeof(tricolor_state)
#define BOARD_NAME "trigames.games.tricolor.board"

/* TricolorState.legal_mask, into `out` */
static void tricolor_legal_mask(const tricolor_board *b, const tricolor_state *s, tg_word *out) {
    for (int k = 0; k < b->lozenge_words; k++) out[k] = s->available[k] & b->colour_mask[s->due][k];
}

static int tricolor_legal(const void *ctx, const void *state, int *moves) {
    const tricolor_board *b = ctx;
    tg_word legal[TG_MAX_WORDS];
    tricolor_legal_mask(b, state, legal);
    return tg_list(legal, b->lozenge_words, moves);
}

static int tricolor_random_move(const void *ctx, const void *state, tg_rng *rng) {
    const tricolor_board *b = ctx;
    tg_word legal[TG_MAX_WORDS];
    tricolor_legal_mask(b, state, legal);
    return tg_select(legal, b->lozenge_words, tg_below(rng, tg_count(legal, b->lozenge_words)));
}

static int tricolor_seat_after(const tricolor_board *b, const tricolor_state *s, int seat) {
    int next = (seat + 1) % b->players;
    while (s->withdrawn >> next & 1) next = (next + 1) % b->players;
    return next;
}

/* TricolorState._apply with _completion and is_empty_triangle */
static void tricolor_apply(const void *ctx, void *state, int i) {
    const tricolor_board *b = ctx;
    tricolor_state *s = state;
    int tw = b->triangle_words, lw = b->lozenge_words, mover = s->to_move;
    const tg_word *shape = b->lozenge_mask + (size_t)i * tw;
    const tg_word *conflicts = b->conflicts + (size_t)i * lw;
    for (int k = 0; k < tw; k++) s->covered[k] |= shape[k];
    tg_set(s->placed, i);
    for (int k = 0; k < lw; k++) s->available[k] &= ~conflicts[k];
    int found[3] = {0, 0, 0}, empties = 0;
    for (int c = b->configuration_at[i]; c < b->configuration_at[i + 1];) {
        int kind = b->configurations[c], count = b->configurations[c + 1], whole = 1;
        for (int k = 0; k < count; k++) whole &= tg_bit(s->placed, b->configurations[c + 2 + k]);
        found[kind] += whole;
        c += 2 + count;
    }
    for (int o = b->border_at[i]; o < b->border_at[i + 1]; o++) {
        int t = b->border[o];
        if (!tg_bit(s->covered, t)
            && tg_within(b->triangle_neighbours + (size_t)t * tw, s->covered, tw))
            empties++;
    }
    s->points[mover] += found[STAR] + found[HEXAGON] - empties;
    s->due = (s->due + 1) % 3;
    int keeps_turn = (found[CROWN] || found[STAR]) && !(found[HEXAGON] || empties);
    s->to_move = keeps_turn ? mover : tricolor_seat_after(b, s, mover);
    tg_word legal[TG_MAX_WORDS];
    tricolor_legal_mask(b, s, legal);
    if (!tg_any(legal, lw)) {  /* no lozenge of the colour due: the mover takes a point */
        s->points[mover] += 1;
        s->to_move = -1;
    }
}

static int tricolor_mover(const void *ctx, const void *state) {
    return ((const tricolor_state *)state)->to_move;
}

/* TricolorState.scores */
static void tricolor_scores(const void *ctx, const void *state, int *out) {
    const tricolor_board *b = ctx;
    for (int seat = 0; seat < b->players; seat++) out[seat] = ((const tricolor_state *)state)->points[seat];
}

/* TricolorState._rules_outcome, as shares: the seats in the game with the most points split
 * the win. */
static void tricolor_rewards(const void *ctx, const void *state, double *out) {
    const tricolor_board *b = ctx;
    const tricolor_state *s = state;
    int best = 0, any = 0, winners = 0;
    for (int seat = 0; seat < b->players; seat++) {
        if (s->withdrawn >> seat & 1) continue;
        if (!any || s->points[seat] > best) best = s->points[seat];
        any = 1;
    }
    for (int seat = 0; seat < b->players; seat++) {
        int in = !(s->withdrawn >> seat & 1) && s->points[seat] == best;
        out[seat] = in;
        winners += in;
    }
    for (int seat = 0; seat < b->players; seat++) out[seat] /= winners;
}

/* --- the evaluation (evaluation.py states the same; tests/native prove them equal) ------ */

/* evaluation.look: over the legal lozenges, those completing a star or a hexagon (ready),
 * those earning another move (extra: a crown or a star, no hexagon, no empty triangle) and the
 * fewest empty triangles one of them leaves (cost: what the player to move must lose). */
typedef struct { int ready, extra, cost; } tricolor_look;

static tricolor_look tricolor_look_at(const tricolor_board *b, const tricolor_state *s) {
    int tw = b->triangle_words, lw = b->lozenge_words;
    tg_word legal[TG_MAX_WORDS], covered[TG_MAX_WORDS];
    tricolor_legal_mask(b, s, legal);
    tricolor_look f = {0, 0, -1};
    for (int k = 0; k < lw; k++) {
        tg_word w = legal[k];
        while (w) {
            int i = k * 64 + tg_lowest(w), found[3] = {0, 0, 0}, empties = 0;
            w &= w - 1;
            for (int c = b->configuration_at[i]; c < b->configuration_at[i + 1];) {
                int kind = b->configurations[c], count = b->configurations[c + 1], whole = 1;
                for (int m = 0; m < count; m++) {
                    int member = b->configurations[c + 2 + m];
                    whole &= member == i || tg_bit(s->placed, member);
                }
                found[kind] += whole;
                c += 2 + count;
            }
            const tg_word *shape = b->lozenge_mask + (size_t)i * tw;
            for (int q = 0; q < tw; q++) covered[q] = s->covered[q] | shape[q];
            for (int o = b->border_at[i]; o < b->border_at[i + 1]; o++) {
                int t = b->border[o];
                if (!tg_bit(covered, t) && tg_within(b->triangle_neighbours + (size_t)t * tw, covered, tw))
                    empties++;
            }
            f.ready += found[STAR] + found[HEXAGON] > 0;
            f.extra += (found[CROWN] || found[STAR]) && !(found[HEXAGON] || empties);
            if (f.cost < 0 || empties < f.cost) f.cost = empties;
        }
    }
    if (f.cost < 0) f.cost = 0;
    return f;
}

/* evaluation.heuristic: the lead of `seat`, plus for the seat to move (minus for the others)
 * the turn, the ready lozenges (at most two), the extra moves (at most two) and the cost, each
 * times its weight. */
static double tricolor_evaluate(const void *ctx, const void *state, int seat, const double *w) {
    const tricolor_board *b = ctx;
    const tricolor_state *s = state;
    tricolor_look f = tricolor_look_at(b, s);
    double hold = w[0] + w[1] * (f.ready < 2 ? f.ready : 2) + w[2] * (f.extra < 2 ? f.extra : 2)
                  + w[3] * f.cost;
    int best_other = 0, any = 0;
    for (int other = 0; other < b->players; other++)
        if (other != seat && (!any || s->points[other] > best_other)) {
            best_other = s->points[other];
            any = 1;
        }
    return (s->points[seat] - best_other) + (seat == s->to_move ? hold : -hold);
}

#include "tg_engine.h"

static int tg_load(PyObject *capsule, PyObject *snapshot, tg_game *g, void *state) {
    tricolor_board *b = PyCapsule_GetPointer(capsule, BOARD_NAME);
    if (!b) return -1;
    tricolor_state *s = state;
    memset(s, 0, sizeof *s);
    PyObject *covered, *placed, *available, *points;
    if (!PyArg_ParseTuple(snapshot, "SSSOiii", &covered, &placed, &available, &points, &s->due,
                          &s->to_move, &s->withdrawn))
        return -1;
    if (read_mask(covered, s->covered, b->triangle_words) < 0
        || read_mask(placed, s->placed, b->lozenge_words) < 0
        || read_mask(available, s->available, b->lozenge_words) < 0)
        return -1;
    if (!PyTuple_Check(points) || PyTuple_Size(points) != b->players) {
        PyErr_SetString(PyExc_ValueError, "points must be a tuple with one count per seat");
        return -1;
    }
    for (int seat = 0; seat < b->players; seat++) {
        long value = PyLong_AsLong(PyTuple_GetItem(points, seat));
        if (value == -1 && PyErr_Occurred()) return -1;
        if (value < -100000 || value > 100000) {
            PyErr_SetString(PyExc_ValueError, "a score is out of range");
            return -1;
        }
        s->points[seat] = (int)value;
    }
    if (s->to_move < -1 || s->to_move >= b->players || s->due < 0 || s->due > 2) {
        PyErr_SetString(PyExc_ValueError, "to_move or due is out of range");
        return -1;
    }
    g->ctx = b;
    g->state_size = sizeof(tricolor_state);
    g->num_players = b->players;
    g->max_moves = b->lozenges;
    TG_SET_FUNCTIONS(g, tricolor);
    g->evaluate = tricolor_evaluate;
    g->weight_count = 4;
    return 0;
}

/* --- the board capsule ------------------------------------------------------------------ */

static void board_free(PyObject *capsule) {
    tricolor_board *b = PyCapsule_GetPointer(capsule, BOARD_NAME);
    if (!b) return;
    free(b->lozenge_mask);
    free(b->conflicts);
    free(b->triangle_neighbours);
    free(b->border_at);
    free(b->border);
    free(b->configuration_at);
    free(b->configurations);
    free(b);
}

/* board(triangles, players, lozenge_mask, conflicts, colour_mask, triangle_neighbours,
 *       lozenge_border, configurations) -> a board capsule */
static PyObject *py_board(PyObject *self, PyObject *args) {
    int triangles, players;
    PyObject *lozenge_mask, *conflicts, *colour_mask, *neighbours, *border, *configurations;
    if (!PyArg_ParseTuple(args, "iiOOOOOO", &triangles, &players, &lozenge_mask, &conflicts,
                          &colour_mask, &neighbours, &border, &configurations))
        return NULL;
    if (!PyList_Check(lozenge_mask) || !PyList_Check(colour_mask) || PyList_Size(colour_mask) != 3) {
        PyErr_SetString(PyExc_TypeError, "the tables must be lists");
        return NULL;
    }
    Py_ssize_t lozenges = PyList_Size(lozenge_mask);
    if (triangles < 1 || triangles > 64 * TG_MAX_WORDS || lozenges < 1
        || lozenges > 64 * TG_MAX_WORDS || players < 2 || players > 4) {
        PyErr_SetString(PyExc_ValueError, "the board is beyond what the kernel holds");
        return NULL;
    }
    tricolor_board *b = calloc(1, sizeof *b);
    if (!b) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(b, BOARD_NAME, board_free);
    if (!capsule) { free(b); return NULL; }
    b->lozenges = (int)lozenges;
    b->triangle_words = (triangles + 63) / 64;
    b->lozenge_words = (int)(lozenges + 63) / 64;
    b->players = players;
    for (int c = 0; c < 3; c++)
        if (read_mask(PyList_GetItem(colour_mask, c), b->colour_mask[c], b->lozenge_words) < 0) {
            Py_DECREF(capsule);
            return NULL;
        }
    if (!(b->lozenge_mask = read_masks(lozenge_mask, lozenges, b->triangle_words))
        || !(b->conflicts = read_masks(conflicts, lozenges, b->lozenge_words))
        || !(b->triangle_neighbours = read_masks(neighbours, triangles, b->triangle_words))
        || read_lists(border, lozenges, triangles, &b->border_at, &b->border) < 0
        || read_lists(configurations, lozenges, (int)lozenges, &b->configuration_at,
                      &b->configurations) < 0) {
        Py_DECREF(capsule);
        return NULL;
    }
    return capsule;
}

static PyMethodDef methods[] = {
    {"board", py_board, METH_VARARGS, "board(...) -> the tables of a Tricolor board"},
    TG_ENGINE_METHODS,
    {NULL, NULL, 0, NULL},
};

TG_MODULE("Tricolor's native kernel (see rules.py, the reference).")
