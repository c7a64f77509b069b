/* Trig's native kernel (Trig, Trigger, Triggest): the moves of rules.py over the same bit
 * masks, for the hot loops (random playouts, perft, the MCTS player's simulations). rules.py
 * is the reference; every step here mirrors TrigState (_apply, _gain, _lose, _win, _may_cut,
 * _encloses, legal_moves), and tests/native proves them equal. The evaluation the native
 * alpha-beta judges positions by (trig_evaluate) mirrors evaluation.py the same way.
 *
 * A move is a number: the cell for a placement, cell + cells * (centre + 1) for a placement
 * on `cell` capturing the peg on `centre`. A snapshot of a state (trigames.games.trig.native)
 * is (white, black, beside, to_move, winner) with the masks as little-endian bytes, to_move -1
 * once the game is over and winner -1 for none. */
#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030B0000
#include <Python.h>

#include "tg_common.h"

#define TRIG_MAX_CELLS (64 * TG_MAX_WORDS)

typedef struct {
    int cells, words, pillars;
    int max_moves;  /* a placement and every capture with a corner there, on every cell */
    tg_word *neighbours;      /* cells x words */
    int *around_at, *around;  /* the 6 cells around each, in turning order; `cells`: off the board */
    int *corner_at, *corners; /* triangles with a corner at each cell: (a, b, centre) triples */
    tg_word edge[TG_MAX_WORDS], near_pillars[TG_MAX_WORDS], playing[TG_MAX_WORDS],
        all[TG_MAX_WORDS];
    tg_word *pillar_touch;    /* pillars x words */
    int pillar_cell[8];
} trig_board;

typedef struct {
    tg_word pegs[2][TG_MAX_WORDS];
    tg_word beside[TG_MAX_WORDS];  /* cells next to an occupied cell */
    int to_move, winner;           /* -1 once over; -1 for no winner */
    unsigned char armed[2][TRIG_MAX_CELLS];
} trig_state;

#define TG_STATE_MAX sizeof(trig_state)
#define BOARD_NAME "trigames.games.trig.board"

static void trig_open(const trig_board *b, const trig_state *s, tg_word *out) {
    for (int k = 0; k < b->words; k++)
        out[k] = (b->near_pillars[k] | s->beside[k]) & b->playing[k]
                 & ~(s->pegs[0][k] | s->pegs[1][k]);
}

/* TrigState.legal_moves: the moves in order into `moves` (if not null); returns how many, or
 * with `pick` >= 0 the move of that rank. */
static int trig_walk(const trig_board *b, const trig_state *s, int *moves, int pick) {
    int player = s->to_move, n = 0;
    if (player < 0) return 0;
    tg_word open[TG_MAX_WORDS];
    trig_open(b, s, open);
    const tg_word *mine = s->pegs[player], *theirs = s->pegs[1 - player];
    for (int k = 0; k < b->words; k++) {
        tg_word w = open[k];
        while (w) {
            int cell = k * 64 + tg_lowest(w);
            w &= w - 1;
            if (n == pick) return cell;
            if (moves) moves[n] = cell;
            n++;
            if (!s->armed[player][cell]) continue;
            for (int c = b->corner_at[cell]; c < b->corner_at[cell + 1]; c += 3) {
                int a = b->corners[c], bb = b->corners[c + 1], centre = b->corners[c + 2];
                if (tg_bit(theirs, centre) && tg_bit(mine, a) && tg_bit(mine, bb)) {
                    int move = cell + b->cells * (centre + 1);
                    if (n == pick) return move;
                    if (moves) moves[n] = move;
                    n++;
                }
            }
        }
    }
    return n;
}

static int trig_legal(const void *ctx, const void *state, int *moves) {
    return trig_walk(ctx, state, moves, -1);
}

static int trig_random_move(const void *ctx, const void *state, tg_rng *rng) {
    int n = trig_walk(ctx, state, NULL, -1);
    return trig_walk(ctx, state, NULL, tg_below(rng, n));
}

static void trig_gain(const trig_board *b, trig_state *s, int player, int cell) {
    const tg_word *mine = s->pegs[player];
    for (int c = b->corner_at[cell]; c < b->corner_at[cell + 1]; c += 3) {
        int a = b->corners[c], bb = b->corners[c + 1];
        if (tg_bit(mine, a)) s->armed[player][bb]++;
        if (tg_bit(mine, bb)) s->armed[player][a]++;
    }
    tg_set(s->pegs[player], cell);
}

static void trig_lose(const trig_board *b, trig_state *s, int player, int cell) {
    tg_clear(s->pegs[player], cell);
    const tg_word *mine = s->pegs[player];
    for (int c = b->corner_at[cell]; c < b->corner_at[cell + 1]; c += 3) {
        int a = b->corners[c], bb = b->corners[c + 1];
        if (tg_bit(mine, a)) s->armed[player][bb]--;
        if (tg_bit(mine, bb)) s->armed[player][a]--;
    }
}

/* The cells next to any cell of `cells`, into `reach`. */
static void trig_around(const trig_board *b, const tg_word *cells, tg_word *reach) {
    int words = b->words;
    memset(reach, 0, sizeof(tg_word) * TG_MAX_WORDS);
    for (int k = 0; k < words; k++) {
        tg_word w = cells[k];
        while (w) {
            const tg_word *n = b->neighbours + (size_t)(k * 64 + tg_lowest(w)) * words;
            w &= w - 1;
            for (int j = 0; j < words; j++) reach[j] |= n[j];
        }
    }
}

/* trigames.core.bits.flood: the cells reachable from `start` through `allowed`, stopping once
 * the region touches `until` (null: never) */
static void trig_flood(const trig_board *b, int start, const tg_word *allowed,
                       const tg_word *until, tg_word *region) {
    tg_word grown[TG_MAX_WORDS], reach[TG_MAX_WORDS];
    int words = b->words;
    memset(region, 0, sizeof(tg_word) * TG_MAX_WORDS);
    memset(grown, 0, sizeof grown);
    tg_set(region, start);
    tg_set(grown, start);
    for (;;) {
        int any = 0, touched = 0;
        for (int k = 0; k < words; k++) {
            any |= grown[k] != 0;
            if (until) touched |= (region[k] & until[k]) != 0;
        }
        if (!any || touched) return;
        trig_around(b, grown, reach);
        for (int k = 0; k < words; k++) {
            grown[k] = reach[k] & allowed[k] & ~region[k];
            region[k] |= grown[k];
        }
    }
}

static int trig_meets(const tg_word *x, const tg_word *y, int words) {
    for (int k = 0; k < words; k++) if (x[k] & y[k]) return 1;
    return 0;
}

/* TrigState._may_cut */
static int trig_may_cut(const trig_board *b, const tg_word *mine, int cell) {
    int freed[6], starts = 0;
    for (int k = 0; k < 6; k++) {
        int n = b->around[b->around_at[cell] + k];
        freed[k] = n >= b->cells || !tg_bit(mine, n);
    }
    for (int k = 0; k < 6; k++) starts += freed[k] && !freed[(k + 5) % 6];
    return starts >= 2;
}

/* TrigState._encloses */
static int trig_encloses(const trig_board *b, const tg_word *mine) {
    tg_word freed[TG_MAX_WORDS], region[TG_MAX_WORDS];
    for (int k = 0; k < b->words; k++) freed[k] = b->all[k] & ~mine[k];
    for (int p = 0; p < b->pillars; p++) {
        trig_flood(b, b->pillar_cell[p], freed, b->edge, region);
        if (!trig_meets(region, b->edge, b->words)) return 1;
    }
    return 0;
}

/* TrigState._win: whether `player` has won through the pegs gained on `changed` cells */
static int trig_win(const trig_board *b, const trig_state *s, int player, const int *changed,
                    int count) {
    const tg_word *mine = s->pegs[player];
    tg_word seen[TG_MAX_WORDS] = {0}, chain[TG_MAX_WORDS];
    for (int i = 0; i < count; i++) {
        if (tg_bit(seen, changed[i])) continue;
        trig_flood(b, changed[i], mine, NULL, chain);
        for (int k = 0; k < b->words; k++) seen[k] |= chain[k];
        int touched = 0;
        for (int p = 0; p < b->pillars; p++)
            touched += trig_meets(chain, b->pillar_touch + (size_t)p * b->words, b->words);
        if (touched && trig_meets(chain, b->edge, b->words)) return 1;
        if (touched >= 2) return 1;
    }
    int cut = 0;
    for (int i = 0; i < count; i++) cut |= trig_may_cut(b, mine, changed[i]);
    return cut && trig_encloses(b, mine);
}

/* TrigState._apply */
static void trig_apply(const void *ctx, void *state, int move) {
    const trig_board *b = ctx;
    trig_state *s = state;
    int mover = s->to_move, cell = move % b->cells, centre = move / b->cells - 1;
    int changed[2] = {cell, centre}, count = 1;
    trig_gain(b, s, mover, cell);
    const tg_word *n = b->neighbours + (size_t)cell * b->words;
    for (int k = 0; k < b->words; k++) s->beside[k] |= n[k];
    if (centre >= 0) {
        trig_lose(b, s, 1 - mover, centre);
        trig_gain(b, s, mover, centre);
        count = 2;
    }
    tg_word open[TG_MAX_WORDS];
    if (trig_win(b, s, mover, changed, count)) {
        s->winner = mover;
        s->to_move = -1;
    } else if (trig_open(b, s, open), !tg_any(open, b->words)) {
        s->to_move = -1;  /* a draw: no placement is left */
    } else {
        s->to_move = 1 - mover;
    }
}

static int trig_mover(const void *ctx, const void *state) {
    return ((const trig_state *)state)->to_move;
}

/* TrigState.scores: 1 for the winner */
static void trig_scores(const void *ctx, const void *state, int *out) {
    int winner = ((const trig_state *)state)->winner;
    out[0] = winner == 0;
    out[1] = winner == 1;
}

static void trig_rewards(const void *ctx, const void *state, double *out) {
    int winner = ((const trig_state *)state)->winner;
    out[0] = winner < 0 ? 0.5 : winner == 0;
    out[1] = winner < 0 ? 0.5 : winner == 1;
}

/* --- the evaluation (evaluation.py's distance and heuristic; tests/native prove them equal) */

#define TRIG_BLOCKED 30 /* evaluation.BLOCKED: a distance standing for "no way through" */
#define TRIG_WEIGHTS 3  /* the distance lead, pegs ahead, the turn */

/* Adds to `region` the cells of `through` linked to it through cells of `through`, and to
 * `border` the neighbours of every cell it adds (those of `fresh`, cells just added, too). */
static void trig_spread(const trig_board *b, tg_word *region, tg_word *border, tg_word *fresh,
                        const tg_word *through) {
    int words = b->words;
    for (;;) {
        tg_word reach[TG_MAX_WORDS];
        trig_around(b, fresh, reach);
        int any = 0;
        for (int k = 0; k < words; k++) {
            border[k] |= reach[k];
            fresh[k] = reach[k] & through[k] & ~region[k];
            region[k] |= fresh[k];
            any |= fresh[k] != 0;
        }
        if (!any) return;
    }
}

/* evaluation.distance: the fewest pegs `seat` must still place to link a Pillar to the edge or
 * to another Pillar (its own pegs cost nothing, vacant playing cells one, the opponent's
 * block), TRIG_BLOCKED if there is no such link under it. Grows the cells within 0, 1, 2...
 * pegs of a Pillar's touching cells until they meet that Pillar's targets. */
static int trig_distance(const trig_board *b, const trig_state *s, int seat) {
    int words = b->words, best = TRIG_BLOCKED;
    const tg_word *mine = s->pegs[seat], *theirs = s->pegs[1 - seat];
    tg_word open[TG_MAX_WORDS], vacant[TG_MAX_WORDS], mine_open[TG_MAX_WORDS];
    for (int k = 0; k < words; k++) {
        open[k] = b->playing[k] & ~theirs[k];
        vacant[k] = open[k] & ~mine[k];
        mine_open[k] = open[k] & mine[k];
    }
    for (int p = 0; p < b->pillars; p++) {
        const tg_word *touch = b->pillar_touch + (size_t)p * words;
        tg_word sources[TG_MAX_WORDS], targets[TG_MAX_WORDS], region[TG_MAX_WORDS],
            border[TG_MAX_WORDS] = {0}, fresh[TG_MAX_WORDS];
        for (int k = 0; k < words; k++) {
            tg_word others = 0;
            for (int q = 0; q < b->pillars; q++)
                if (q != p) others |= b->pillar_touch[(size_t)q * words + k];
            sources[k] = touch[k] & open[k];
            targets[k] = (b->edge[k] | others) & b->playing[k];
            region[k] = fresh[k] = sources[k] & mine_open[k];
        }
        trig_spread(b, region, border, fresh, mine_open);
        for (int d = 0; d < best; d++) {
            if (trig_meets(region, targets, words)) {
                best = d;
                break;
            }
            int any = 0;
            for (int k = 0; k < words; k++) {
                fresh[k] = (border[k] | sources[k]) & vacant[k] & ~region[k];
                region[k] |= fresh[k];
                any |= fresh[k] != 0;
            }
            if (!any) break;
            trig_spread(b, region, border, fresh, mine_open);
        }
    }
    return best;
}

/* evaluation.heuristic: the weighted distance lead, pegs ahead and turn of `seat` */
static double trig_evaluate(const void *ctx, const void *state, int seat, const double *weights) {
    const trig_board *b = ctx;
    const trig_state *s = state;
    int other = 1 - seat, pegs = 0;
    int lead = trig_distance(b, s, other) - trig_distance(b, s, seat);
    for (int k = 0; k < b->words; k++)
        pegs += tg_popcount(s->pegs[seat][k]) - tg_popcount(s->pegs[other][k]);
    int turn = s->to_move == seat ? 1 : -1;
    return weights[0] * lead + weights[1] * pegs + weights[2] * turn;
}

#include "tg_engine.h"

/* --- observation planes (actions.py's observation_planes) ---------------------------------- */

/* Over every cell: the pegs of `seat` and of the other seat, and the Pillars; then the seat to
 * move, counted from `seat`. */
static void trig_observe(const void *ctx, const void *state, int seat, float *out) {
    const trig_board *b = ctx;
    const trig_state *s = state;
    tg_floats(s->pegs[seat], b->words, out);
    tg_floats(s->pegs[1 - seat], b->words, out + b->cells);
    for (int p = 0; p < b->pillars; p++) out[2 * b->cells + b->pillar_cell[p]] = 1.0f;
    if (s->to_move >= 0) out[3 * b->cells + (s->to_move - seat + 2) % 2] = 1.0f;
}

static int tg_load(PyObject *capsule, PyObject *snapshot, tg_game *g, void *state) {
    trig_board *b = PyCapsule_GetPointer(capsule, BOARD_NAME);
    if (!b) return -1;
    trig_state *s = state;
    memset(s, 0, sizeof *s);
    PyObject *white, *black, *beside;
    if (!PyArg_ParseTuple(snapshot, "SSSii", &white, &black, &beside, &s->to_move, &s->winner))
        return -1;
    if (read_mask(white, s->pegs[0], b->words) < 0 || read_mask(black, s->pegs[1], b->words) < 0
        || read_mask(beside, s->beside, b->words) < 0)
        return -1;
    if (s->to_move < -1 || s->to_move > 1 || s->winner < -1 || s->winner > 1) {
        PyErr_SetString(PyExc_ValueError, "to_move or winner is out of range");
        return -1;
    }
    for (int p = 0; p < 2; p++)  /* armed[p][c]: triangles with corner c, p on the other two */
        for (int cell = 0; cell < b->cells; cell++)
            for (int c = b->corner_at[cell]; c < b->corner_at[cell + 1]; c += 3)
                s->armed[p][cell] += tg_bit(s->pegs[p], b->corners[c])
                                     && tg_bit(s->pegs[p], b->corners[c + 1]);
    g->ctx = b;
    g->state_size = sizeof(trig_state);
    g->num_players = 2;
    g->max_moves = b->max_moves;
    TG_SET_FUNCTIONS(g, trig);
    g->evaluate = trig_evaluate;
    g->weight_count = TRIG_WEIGHTS;
    g->observe = trig_observe;
    g->observation_size = 3 * b->cells + 2;
    return 0;
}

/* --- the board capsule ------------------------------------------------------------------ */

static void board_free(PyObject *capsule) {
    trig_board *b = PyCapsule_GetPointer(capsule, BOARD_NAME);
    if (!b) return;
    free(b->neighbours);
    free(b->around_at);
    free(b->around);
    free(b->corner_at);
    free(b->corners);
    free(b->pillar_touch);
    free(b);
}

/* board(neighbours, around, corner_of, edge, near_pillars, playing, pillar_touch, pillars)
 * -> a board capsule */
static PyObject *py_board(PyObject *self, PyObject *args) {
    PyObject *neighbours, *around, *corners, *edge, *near, *playing, *touch, *pillars;
    if (!PyArg_ParseTuple(args, "OOOSSSOO", &neighbours, &around, &corners, &edge, &near,
                          &playing, &touch, &pillars))
        return NULL;
    if (!PyList_Check(neighbours) || !PyList_Check(pillars) || !PyList_Check(touch)) {
        PyErr_SetString(PyExc_TypeError, "the tables must be lists");
        return NULL;
    }
    Py_ssize_t cells = PyList_Size(neighbours), count = PyList_Size(pillars);
    if (cells < 1 || cells > TRIG_MAX_CELLS || count < 1 || count > 8
        || PyList_Size(touch) != count) {
        PyErr_SetString(PyExc_ValueError, "the board is beyond what the kernel holds");
        return NULL;
    }
    trig_board *b = calloc(1, sizeof *b);
    if (!b) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(b, BOARD_NAME, board_free);
    if (!capsule) { free(b); return NULL; }
    b->cells = (int)cells;
    b->words = (int)(cells + 63) / 64;
    b->pillars = (int)count;
    for (int p = 0; p < b->pillars; p++) {
        long cell = PyLong_AsLong(PyList_GetItem(pillars, p));
        if (cell < 0 || cell >= cells) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a Pillar is off the board");
            Py_DECREF(capsule);
            return NULL;
        }
        b->pillar_cell[p] = (int)cell;
    }
    for (int c = 0; c < b->cells; c++) tg_set(b->all, c);
    if (!(b->neighbours = read_masks(neighbours, cells, b->words))
        || read_lists(around, cells, (int)cells + 1, &b->around_at, &b->around) < 0
        || read_lists(corners, cells, (int)cells, &b->corner_at, &b->corners) < 0
        || read_mask(edge, b->edge, b->words) < 0 || read_mask(near, b->near_pillars, b->words) < 0
        || read_mask(playing, b->playing, b->words) < 0
        || !(b->pillar_touch = read_masks(touch, count, b->words))) {
        Py_DECREF(capsule);
        return NULL;
    }
    b->max_moves = b->cells + (b->corner_at[b->cells] / 3);
    for (int c = 0; c < b->cells; c++)
        if (b->around_at[c + 1] - b->around_at[c] != 6) {
            PyErr_SetString(PyExc_ValueError, "every cell has six places around it");
            Py_DECREF(capsule);
            return NULL;
        }
    return capsule;
}

static PyMethodDef methods[] = {
    {"board", py_board, METH_VARARGS, "board(...) -> the tables of a Trig board"},
    TG_ENGINE_METHODS,
    {NULL, NULL, 0, NULL},
};

TG_MODULE("Trig's native kernel (see rules.py, the reference).")
