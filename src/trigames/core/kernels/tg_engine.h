/* The part of every kernel that knows no game: random playouts, perft and the MCTS player's
 * whole simulation loop, over a table of functions (tg_game) that each game's kernel fills.
 *
 * The exact solver (solver_*), the strong player's alpha-beta (alphabeta) and the lines the
 * adapters play on by action ids (line_*) are here too.
 *
 * A kernel module (games/<game>/_kernel.c) defines, before including this file:
 *   TG_STATE_MAX   the size of its state struct (a bound: states are copied as bytes);
 *   tg_load(board, snapshot, game, state)  fills `game` from its board capsule and `state`
 *                  from a snapshot of a Python state; returns 0, or -1 with an exception set.
 * and puts TG_ENGINE_METHODS in its method table, fills its tg_game's functions with
 * TG_SET_FUNCTIONS (its functions named PREFIX_legal, PREFIX_random_move, PREFIX_apply,
 * PREFIX_mover, PREFIX_rewards, PREFIX_scores) and ends with TG_MODULE(doc) over its table
 * `methods`. */
#ifndef TG_ENGINE_H
#define TG_ENGINE_H

#include "tg_common.h"
#include <math.h>
#include <stdlib.h>
#include <time.h>

#define TG_MAX_PLAYERS 4
#define TG_MAX_WEIGHTS 16 /* the most weights an evaluation takes */

typedef struct tg_game {
    const void *ctx;  /* the board's tables */
    size_t state_size;
    int num_players;
    int max_moves;  /* the most legal moves a state can have */
    /* The legal moves, in the order the Python engine lists them; returns how many. */
    int (*legal)(const void *ctx, const void *state, int *moves);
    /* legal()[tg_below(rng, n)], drawn without listing when the game can. */
    int (*random_move)(const void *ctx, const void *state, tg_rng *rng);
    void (*apply)(const void *ctx, void *state, int move);
    /* The seat to move, -1 once the game is over. */
    int (*mover)(const void *ctx, const void *state);
    /* Each seat's share of a finished game: winners split 1. */
    void (*rewards)(const void *ctx, const void *state, double *out);
    /* Each seat's score now (State.scores), which the native alpha-beta judges unfinished
     * positions by and the solver's score leads count; NULL where a kernel leaves it out
     * (the loops but those two work without it). */
    void (*scores)(const void *ctx, const void *state, int *out);
    /* Optional: the game's own judgement of an unfinished position for `seat`, in the units of
     * a score lead (higher is better for `seat`), from `weights` (weight_count of them, set by
     * the caller: see the game's native.py). The native alpha-beta uses it instead of the
     * score lead when it is given weights (`strong(eval=game)`); NULL where a kernel has none. */
    double (*evaluate)(const void *ctx, const void *state, int seat, const double *weights);
    int weight_count;
    /* Optional: what the move from `before` to `after` gains `mover` at once, for the native
     * alpha-beta's move ordering and quiescence search; NULL: the mover's score change. */
    int (*gain)(const void *ctx, const void *before, const void *after, int mover);
    /* Optional: the action ids of the n legal `moves` of `state` into `ids`, for a game whose
     * ids depend on the position (lines); NULL: the line's table says, or a move's number is
     * its id. */
    void (*action_ids)(const void *ctx, const void *state, const int *moves, int *ids, int n);
    /* Optional: how many lines outgrew a state's history so far on this thread (a line that
     * did is no longer exact: lines hand it back to the Python engine). */
    long (*outgrown)(void);
    /* Optional: the observation planes of `state` as `seat` sees them (the game's
     * observation_planes, flat, observation_size floats), written into `out`, which the
     * caller zeroes; NULL where a kernel leaves them to Python. */
    void (*observe)(const void *ctx, const void *state, int seat, float *out);
    int observation_size;
} tg_game;

static int tg_load(PyObject *board, PyObject *snapshot, tg_game *game, void *state);

/* The functions of a kernel whose names start with `prefix`, into the tg_game `g` points to. */
#define TG_SET_FUNCTIONS(g, prefix) \
    do { \
        (g)->legal = prefix##_legal; \
        (g)->random_move = prefix##_random_move; \
        (g)->apply = prefix##_apply; \
        (g)->mover = prefix##_mover; \
        (g)->rewards = prefix##_rewards; \
        (g)->scores = prefix##_scores; \
    } while (0)

/* The module `_kernel` with the method table `methods` and the docstring `doc`. */
#define TG_MODULE(doc) \
    static struct PyModuleDef module = { \
        PyModuleDef_HEAD_INIT, "_kernel", doc, -1, methods, NULL, NULL, NULL, NULL, \
    }; \
    PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&module); }

/* Random moves to the end; returns how many were played. */
static long tg_playout(const tg_game *g, void *state, tg_rng *rng) {
    long plies = 0;
    while (g->mover(g->ctx, state) >= 0) {
        g->apply(g->ctx, state, g->random_move(g->ctx, state, rng));
        plies++;
    }
    return plies;
}

static unsigned long long tg_perft(const tg_game *g, const void *state, int depth, int *moves,
                                   unsigned char *scratch) {
    if (depth == 0) return 1;
    if (g->mover(g->ctx, state) < 0) return 0;
    int n = g->legal(g->ctx, state, moves);
    if (depth == 1) return (unsigned long long)n;
    unsigned long long total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(scratch, state, g->state_size);
        g->apply(g->ctx, scratch, moves[i]);
        total += tg_perft(g, scratch, depth - 1, moves + n, scratch + g->state_size);
    }
    return total;
}

/* --- Python functions over snapshots ---------------------------------------------------- */

typedef struct { unsigned char bytes[TG_STATE_MAX]; } tg_state_buf;

static uint64_t tg_seed_of(PyObject *seed) {
    /* any Python int: its low 64 bits */
    return (uint64_t)PyLong_AsUnsignedLongLongMask(seed);
}

static PyObject *tg_py_playouts(PyObject *self, PyObject *args) {
    PyObject *board, *snapshot, *seed;
    long count;
    if (!PyArg_ParseTuple(args, "OOlO", &board, &snapshot, &count, &seed)) return NULL;
    tg_game g = {0};
    tg_state_buf start, work;
    if (tg_load(board, snapshot, &g, start.bytes) < 0) return NULL;
    tg_rng rng = {tg_seed_of(seed)};
    if (PyErr_Occurred()) return NULL;
    long long plies = 0;
    double wins[TG_MAX_PLAYERS] = {0}, share[TG_MAX_PLAYERS];
    Py_BEGIN_ALLOW_THREADS
    for (long i = 0; i < count; i++) {
        memcpy(work.bytes, start.bytes, g.state_size);
        plies += tg_playout(&g, work.bytes, &rng);
        g.rewards(g.ctx, work.bytes, share);
        for (int s = 0; s < g.num_players; s++) wins[s] += share[s];
    }
    Py_END_ALLOW_THREADS
    PyObject *totals = PyTuple_New(g.num_players);
    if (!totals) return NULL;
    for (int s = 0; s < g.num_players; s++) PyTuple_SetItem(totals, s, PyFloat_FromDouble(wins[s]));
    return Py_BuildValue("(LN)", plies, totals);
}

static PyObject *tg_int_list(const int *items, int n) {
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) PyList_SetItem(list, i, PyLong_FromLong(items[i]));
    return list;
}

static PyObject *tg_py_random_game(PyObject *self, PyObject *args) {
    PyObject *board, *snapshot, *seed;
    if (!PyArg_ParseTuple(args, "OOO", &board, &snapshot, &seed)) return NULL;
    tg_game g = {0};
    tg_state_buf state;
    if (tg_load(board, snapshot, &g, state.bytes) < 0) return NULL;
    tg_rng rng = {tg_seed_of(seed)};
    if (PyErr_Occurred()) return NULL;
    PyObject *moves = PyList_New(0);
    if (!moves) return NULL;
    while (g.mover(g.ctx, state.bytes) >= 0) {
        int move = g.random_move(g.ctx, state.bytes, &rng);
        PyObject *item = PyLong_FromLong(move);
        if (!item || PyList_Append(moves, item) < 0) { Py_XDECREF(item); Py_DECREF(moves); return NULL; }
        Py_DECREF(item);
        g.apply(g.ctx, state.bytes, move);
    }
    return moves;
}

static PyObject *tg_py_legal(PyObject *self, PyObject *args) {
    PyObject *board, *snapshot;
    if (!PyArg_ParseTuple(args, "OO", &board, &snapshot)) return NULL;
    tg_game g = {0};
    tg_state_buf state;
    if (tg_load(board, snapshot, &g, state.bytes) < 0) return NULL;
    if (g.mover(g.ctx, state.bytes) < 0) return PyList_New(0);
    int *moves = malloc(sizeof(int) * (size_t)g.max_moves);
    if (!moves) return PyErr_NoMemory();
    int n = g.legal(g.ctx, state.bytes, moves);
    PyObject *list = tg_int_list(moves, n);
    free(moves);
    return list;
}

static PyObject *tg_py_perft(PyObject *self, PyObject *args) {
    PyObject *board, *snapshot;
    int depth;
    if (!PyArg_ParseTuple(args, "OOi", &board, &snapshot, &depth)) return NULL;
    if (depth < 0 || depth > 64) {
        PyErr_SetString(PyExc_ValueError, "perft depth must be 0 to 64");
        return NULL;
    }
    tg_game g = {0};
    tg_state_buf state;
    if (tg_load(board, snapshot, &g, state.bytes) < 0) return NULL;
    int *moves = malloc(sizeof(int) * (size_t)g.max_moves * (size_t)(depth + 1));
    unsigned char *scratch = malloc(g.state_size * (size_t)(depth + 1));
    if (!moves || !scratch) { free(moves); free(scratch); return PyErr_NoMemory(); }
    unsigned long long total;
    Py_BEGIN_ALLOW_THREADS
    total = tg_perft(&g, state.bytes, depth, moves, scratch);
    Py_END_ALLOW_THREADS
    free(moves);
    free(scratch);
    return PyLong_FromUnsignedLongLong(total);
}

/* --- reading the tables and snapshots a kernel is given --------------------------------- */

/* A mask given as little-endian bytes into a bit set of `words` words. */
static int read_mask(PyObject *bytes, tg_word *set, int words) {
    char *data;
    Py_ssize_t length;
    if (PyBytes_AsStringAndSize(bytes, &data, &length) < 0) return -1;
    if (length > 8 * words) {
        PyErr_SetString(PyExc_ValueError, "a mask is longer than the board");
        return -1;
    }
    tg_from_bytes(set, (const unsigned char *)data, (size_t)length);
    return 0;
}

/* A list of masks (bytes) into rows of `words` words. */
static tg_word *read_masks(PyObject *list, Py_ssize_t count, int words) {
    if (!PyList_Check(list) || PyList_Size(list) != count) {
        PyErr_SetString(PyExc_ValueError, "a table has the wrong length");
        return NULL;
    }
    tg_word *rows = calloc((size_t)(count ? count : 1) * (size_t)words, sizeof(tg_word));
    if (!rows) return (tg_word *)PyErr_NoMemory();
    for (Py_ssize_t i = 0; i < count; i++) {
        tg_word row[TG_MAX_WORDS];
        if (read_mask(PyList_GetItem(list, i), row, words) < 0) { free(rows); return NULL; }
        memcpy(rows + (size_t)i * words, row, sizeof(tg_word) * (size_t)words);
    }
    return rows;
}

/* A list of lists of ints, below `bound`, into compressed rows. */
static int read_lists(PyObject *list, Py_ssize_t count, int bound, int **at, int **items) {
    if (!PyList_Check(list) || PyList_Size(list) != count) {
        PyErr_SetString(PyExc_ValueError, "a table has the wrong length");
        return -1;
    }
    Py_ssize_t total = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *row = PyList_GetItem(list, i);
        if (!PyList_Check(row)) { PyErr_SetString(PyExc_ValueError, "a row is not a list"); return -1; }
        total += PyList_Size(row);
    }
    *at = malloc(sizeof(int) * (size_t)(count + 1));
    *items = malloc(sizeof(int) * (size_t)(total ? total : 1));
    if (!*at || !*items) { PyErr_NoMemory(); return -1; }
    int n = 0;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *row = PyList_GetItem(list, i);
        (*at)[i] = n;
        for (Py_ssize_t k = 0; k < PyList_Size(row); k++) {
            long value = PyLong_AsLong(PyList_GetItem(row, k));
            if (value < 0 || value >= bound) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "an index is out of range");
                return -1;
            }
            (*items)[n++] = (int)value;
        }
    }
    (*at)[count] = n;
    return 0;
}

/* --- MCTS: the search of trigames.ai.mcts.MctsPlayer with random playouts --------------- */

typedef struct {
    int move;         /* the move from the parent */
    int first_child, last_child, next_sibling;
    int mover;        /* -1 once the game is over */
    int untried_at, untried;  /* the untried moves: pool[untried_at : untried_at + untried] */
    int proven;
    double visits;
    double totals[TG_MAX_PLAYERS];
    double value[TG_MAX_PLAYERS];  /* each seat's reward under best play, once proven */
} tg_node;

/* The most memory a tree takes by default (nodes and their untried moves): past it, a
 * simulation that would expand a node plays out from that node instead, and the tree stops
 * growing. */
#define TG_TREE_BYTES ((size_t)64 << 20)

typedef struct {
    tg_game game;
    PyObject *board;
    tg_state_buf root_state, scratch, probe;  /* probe: winners_last's own */
    tg_node *nodes;
    int nodes_used, nodes_cap;
    int *pool;
    size_t pool_used, pool_cap;
    int *path;
    int path_cap;
    int root;
    tg_rng rng;
    double exploration;
    size_t memory;  /* the limit on the tree's memory */
} tg_search;

#define TG_SEARCH_NAME "trigames.search"

static int tg_new_node(tg_search *t, const void *state, int move) {
    if (t->nodes_used == t->nodes_cap) {
        int cap = t->nodes_cap ? 2 * t->nodes_cap : 1024;
        tg_node *grown = realloc(t->nodes, sizeof(tg_node) * (size_t)cap);
        if (!grown) return -1;
        t->nodes = grown;
        t->nodes_cap = cap;
    }
    const tg_game *g = &t->game;
    if (t->pool_used + (size_t)g->max_moves > t->pool_cap) {
        size_t cap = t->pool_cap ? 2 * t->pool_cap : 65536;
        while (cap < t->pool_used + (size_t)g->max_moves) cap *= 2;
        int *grown = realloc(t->pool, sizeof(int) * cap);
        if (!grown) return -1;
        t->pool = grown;
        t->pool_cap = cap;
    }
    int index = t->nodes_used++;
    tg_node *node = &t->nodes[index];
    memset(node, 0, sizeof *node);
    node->move = move;
    node->first_child = node->last_child = node->next_sibling = -1;
    node->mover = g->mover(g->ctx, state);
    node->untried_at = (int)t->pool_used;
    if (node->mover < 0) {
        node->proven = 1;
        g->rewards(g->ctx, state, node->value);
    } else {
        int *moves = t->pool + t->pool_used;
        int n = g->legal(g->ctx, state, moves);
        for (int i = n - 1; i > 0; i--) {  /* shuffled */
            int j = tg_below(&t->rng, i + 1);
            int swap = moves[i];
            moves[i] = moves[j];
            moves[j] = swap;
        }
        node->untried = n;
        t->pool_used += (size_t)n;
    }
    return index;
}

/* The first untried move that wins at once for the node's player goes last, to be expanded
 * first (done on a node's second visit, as the Python search does). */
static void tg_winners_last(tg_search *t, tg_node *node, const void *state) {
    const tg_game *g = &t->game;
    int *moves = t->pool + node->untried_at;
    double share[TG_MAX_PLAYERS];
    for (int i = 0; i < node->untried; i++) {
        memcpy(t->probe.bytes, state, g->state_size);
        g->apply(g->ctx, t->probe.bytes, moves[i]);
        if (g->mover(g->ctx, t->probe.bytes) >= 0) continue;
        g->rewards(g->ctx, t->probe.bytes, share);
        if (share[node->mover] >= 1.0) {
            int move = moves[i];
            memmove(moves + i, moves + i + 1, sizeof(int) * (size_t)(node->untried - 1 - i));
            moves[node->untried - 1] = move;
            return;
        }
    }
}

static int tg_try_to_prove(tg_search *t, int index) {
    tg_node *node = &t->nodes[index];
    int seat = node->mover;
    const double *best = NULL;
    int complete = node->untried == 0;
    for (int c = node->first_child; c >= 0; c = t->nodes[c].next_sibling) {
        tg_node *child = &t->nodes[c];
        if (!child->proven) { complete = 0; continue; }
        if (child->value[seat] >= 1.0) {
            memcpy(node->value, child->value, sizeof node->value);
            node->proven = 1;
            return 1;
        }
        if (!best || child->value[seat] > best[seat]) best = child->value;
    }
    if (complete && best) {
        memcpy(node->value, best, sizeof node->value);
        node->proven = 1;
        return 1;
    }
    return 0;
}

/* One selection, expansion, simulation and backup; returns -1 when memory runs out. */
static int tg_simulate(tg_search *t, unsigned char *state) {
    const tg_game *g = &t->game;
    memcpy(state, t->root_state.bytes, g->state_size);
    int node = t->root, depth = 0;
    int full = sizeof(tg_node) * (size_t)t->nodes_cap + sizeof(int) * t->pool_cap > t->memory;
    t->path[depth++] = node;
    while (!t->nodes[node].proven) {
        tg_node *n = &t->nodes[node];
        if (depth + 1 >= t->path_cap) {
            int *grown = realloc(t->path, sizeof(int) * (size_t)(2 * t->path_cap));
            if (!grown) return -1;
            t->path = grown;
            t->path_cap *= 2;
        }
        if (n->untried && full) break;  /* the tree is at its limit: play out from here */
        if (n->untried) {
            if (n->first_child < 0) tg_winners_last(t, n, state);
            int move = t->pool[n->untried_at + --n->untried];
            g->apply(g->ctx, state, move);
            int child = tg_new_node(t, state, move);
            if (child < 0) return -1;
            n = &t->nodes[node];  /* the array may have moved */
            if (n->last_child < 0) n->first_child = child;
            else t->nodes[n->last_child].next_sibling = child;
            n->last_child = child;
            t->path[depth++] = child;
            node = child;
            break;
        }
        int seat = n->mover;
        double scale = log(n->visits), best_score = -INFINITY;
        int best = -1;
        for (int c = n->first_child; c >= 0; c = t->nodes[c].next_sibling) {
            tg_node *child = &t->nodes[c];
            if (child->proven) continue;
            double score = child->totals[seat] / child->visits
                           + t->exploration * sqrt(scale / child->visits);
            if (score > best_score) { best = c; best_score = score; }
        }
        g->apply(g->ctx, state, t->nodes[best].move);
        t->path[depth++] = best;
        node = best;
    }
    double result[TG_MAX_PLAYERS];
    tg_node *leaf = &t->nodes[node];
    if (leaf->proven) {
        memcpy(result, leaf->value, sizeof result);
    } else {
        tg_playout(g, state, &t->rng);
        g->rewards(g->ctx, state, result);
    }
    for (int i = 0; i < depth; i++) {
        tg_node *n = &t->nodes[t->path[i]];
        n->visits += 1;
        for (int s = 0; s < g->num_players; s++) n->totals[s] += result[s];
    }
    if (leaf->proven)
        for (int i = depth - 2; i >= 0; i--)
            if (!tg_try_to_prove(t, t->path[i])) break;
    return 0;
}

static void tg_search_free(PyObject *capsule) {
    tg_search *t = PyCapsule_GetPointer(capsule, TG_SEARCH_NAME);
    if (!t) return;
    Py_XDECREF(t->board);
    free(t->nodes);
    free(t->pool);
    free(t->path);
    free(t);
}

static tg_search *tg_search_of(PyObject *capsule) {
    return PyCapsule_GetPointer(capsule, TG_SEARCH_NAME);
}

/* search_new(board, snapshot, seed, exploration[, memory]) -> a search rooted at the
 * snapshot, whose tree stops growing past `memory` bytes (TG_TREE_BYTES by default) */
static PyObject *tg_py_search_new(PyObject *self, PyObject *args) {
    PyObject *board, *snapshot, *seed;
    double exploration;
    Py_ssize_t memory = (Py_ssize_t)TG_TREE_BYTES;
    if (!PyArg_ParseTuple(args, "OOOd|n", &board, &snapshot, &seed, &exploration, &memory))
        return NULL;
    if (memory < 0) {
        PyErr_SetString(PyExc_ValueError, "the memory limit must be 0 or more bytes");
        return NULL;
    }
    tg_search *t = calloc(1, sizeof *t);
    if (!t) return PyErr_NoMemory();
    t->memory = (size_t)memory;
    if (tg_load(board, snapshot, &t->game, t->root_state.bytes) < 0) { free(t); return NULL; }
    t->rng.s = tg_seed_of(seed);
    t->exploration = exploration;
    t->path_cap = 1024;
    t->path = malloc(sizeof(int) * (size_t)t->path_cap);
    t->board = board;
    Py_INCREF(board);
    PyObject *capsule = PyCapsule_New(t, TG_SEARCH_NAME, tg_search_free);
    if (!capsule) { Py_DECREF(board); free(t->path); free(t); return NULL; }
    if (PyErr_Occurred() || !t->path || (t->root = tg_new_node(t, t->root_state.bytes, -1)) < 0) {
        Py_DECREF(capsule);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    return capsule;
}

/* search_run(search, n) -> simulations done (fewer once the root is proven) */
static PyObject *tg_py_search_run(PyObject *self, PyObject *args) {
    PyObject *capsule;
    long n;
    if (!PyArg_ParseTuple(args, "Ol", &capsule, &n)) return NULL;
    tg_search *t = tg_search_of(capsule);
    if (!t) return NULL;
    long done = 0;
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    while (done < n && !t->nodes[t->root].proven) {
        if (tg_simulate(t, t->scratch.bytes) < 0) { failed = 1; break; }
        done++;
    }
    Py_END_ALLOW_THREADS
    if (failed) return PyErr_NoMemory();
    return PyLong_FromLong(done);
}

static PyObject *tg_values(const double *values, int n) {
    PyObject *tuple = PyTuple_New(n);
    if (!tuple) return NULL;
    for (int s = 0; s < n; s++) PyTuple_SetItem(tuple, s, PyFloat_FromDouble(values[s]));
    return tuple;
}

/* search_root(search) -> (visits, proven values or None, [(move, visits, totals, proven or
 * None)...] in the order they were expanded, untried moves with the next to expand last) */
static PyObject *tg_py_search_root(PyObject *self, PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    tg_search *t = tg_search_of(capsule);
    if (!t) return NULL;
    int players = t->game.num_players;
    tg_node *root = &t->nodes[t->root];
    PyObject *children = PyList_New(0);
    if (!children) return NULL;
    for (int c = root->first_child; c >= 0; c = t->nodes[c].next_sibling) {
        tg_node *child = &t->nodes[c];
        PyObject *proven = child->proven ? tg_values(child->value, players) : Py_NewRef(Py_None);
        PyObject *item = Py_BuildValue("(idNN)", child->move, child->visits,
                                       tg_values(child->totals, players), proven);
        if (!item || PyList_Append(children, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(children);
            return NULL;
        }
        Py_DECREF(item);
    }
    PyObject *proven = root->proven ? tg_values(root->value, players) : Py_NewRef(Py_None);
    PyObject *untried = tg_int_list(t->pool + root->untried_at, root->untried);
    return Py_BuildValue("(dNNN)", root->visits, proven, children, untried);
}

/* search_advance(search, move) -> True if the tree had the move (the search goes on from
 * there), False if not (the search is then unchanged) */
static PyObject *tg_py_search_advance(PyObject *self, PyObject *args) {
    PyObject *capsule;
    int move;
    if (!PyArg_ParseTuple(args, "Oi", &capsule, &move)) return NULL;
    tg_search *t = tg_search_of(capsule);
    if (!t) return NULL;
    for (int c = t->nodes[t->root].first_child; c >= 0; c = t->nodes[c].next_sibling) {
        if (t->nodes[c].move == move) {
            t->game.apply(t->game.ctx, t->root_state.bytes, move);
            t->root = c;
            Py_RETURN_TRUE;
        }
    }
    Py_RETURN_FALSE;
}

/* search_size(search) -> nodes in memory (the whole tree, the parts above the root too) */
static PyObject *tg_py_search_size(PyObject *self, PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    tg_search *t = tg_search_of(capsule);
    if (!t) return NULL;
    return PyLong_FromLong(t->nodes_used);
}


/* --- the exact solver: trigames.ai.solve's null-window passes, natively ----------------- *
 *
 * Alpha-beta with memory (negamax, fail-soft) to the end of every line. A value, for the
 * player to move, is the result times TG_RESULT (1 a sole win, -1 the other's sole win, 0
 * else) plus, when asked, the final score lead (reversed for misère). The table keeps a lower
 * and an upper bound on the value of each state met, under a 64-bit hash of its bytes (states
 * are copied as bytes and zeroed when loaded, so equal states hash alike), in buckets of two:
 * one slot kept for the larger subtree, one always replaced. A proof assumes no two states met
 * share a hash; with 64 bits the chance is about (states met)^2 / 2^65, below 10^-5 for a
 * billion. Moves are ordered by the table's best move, then by the score they gain at once,
 * then by the history of cut-offs. */

#define TG_RESULT (1 << 20)
#define TG_INFINITE (1 << 30)
#define TG_SOLVE_PLIES 4096
#define TG_HISTORY 65536
#define TG_SOLVER_NAME "trigames.solver"

typedef struct {
    uint64_t key;
    int32_t lower, upper;
    int32_t move;
    uint32_t work;  /* nodes searched under it, for replacement */
} tg_entry;

typedef struct {
    tg_game game;
    PyObject *board;
    tg_state_buf root;
    tg_entry *table;
    size_t buckets;  /* a power of two; two entries each */
    long long stored;
    int margin, reverse;
    long long nodes, next_check, every;
    int deepest;
    PyObject *check;  /* check(nodes, deepest) -> true to stop, during a pass */
    PyThreadState *thread;
    int stop;         /* 1: stopped by check; 2: an exception is set */
    unsigned char *plies[TG_SOLVE_PLIES];  /* per ply: moves, gains, child states */
    uint32_t history[TG_HISTORY];
} tg_solver;

/* `moves` and their `gains` sorted together, the largest gain first; stable (an insertion
 * sort: the lists are short), so the engine's order breaks ties. */
static void tg_sort_by_gain(int *moves, int *gains, int n) {
    for (int i = 1; i < n; i++) {
        int m = moves[i], v = gains[i], j = i - 1;
        while (j >= 0 && gains[j] < v) { moves[j + 1] = moves[j]; gains[j + 1] = gains[j]; j--; }
        moves[j + 1] = m;
        gains[j + 1] = v;
    }
}

static uint64_t tg_hash_state(const void *state, size_t size) {
    const unsigned char *bytes = state;
    uint64_t h = 0x243F6A8885A308D3ULL ^ (uint64_t)size;
    size_t i = 0;
    for (; i + 8 <= size; i += 8) {
        uint64_t w;
        memcpy(&w, bytes + i, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
        h ^= h >> 32;
    }
    for (; i < size; i++) h = (h ^ bytes[i]) * 0x100000001B3ULL;
    h = (h ^ (h >> 30)) * 0xBF58476D1CE4E5B9ULL;  /* splitmix64's finish */
    h = (h ^ (h >> 27)) * 0x94D049BB133111EBULL;
    return h ^ (h >> 31);
}

/* The value of a finished state for `seat`. */
static int32_t tg_final_value(const tg_solver *t, const void *state, int seat) {
    const tg_game *g = &t->game;
    double share[TG_MAX_PLAYERS];
    g->rewards(g->ctx, state, share);
    double others = 0;  /* the best share of another seat */
    for (int s = 0; s < g->num_players; s++)
        if (s != seat && share[s] > others) others = share[s];
    int result = share[seat] > others ? 1 : share[seat] < others ? -1 : 0;
    int32_t value = result * TG_RESULT;
    if (t->margin && g->scores) {
        int scores[TG_MAX_PLAYERS] = {0}, best = 0, any = 0;
        g->scores(g->ctx, state, scores);
        for (int s = 0; s < g->num_players; s++)
            if (s != seat && (!any || scores[s] > best)) { best = scores[s]; any = 1; }
        value += t->reverse ? best - scores[seat] : scores[seat] - best;
    }
    return value;
}

/* The per-ply scratch: max_moves moves, max_moves gains, then one child state. */
static unsigned char *tg_ply(tg_solver *t, int ply) {
    if (!t->plies[ply]) {
        size_t moves = sizeof(int) * 2 * (size_t)t->game.max_moves;
        moves = (moves + 15) & ~(size_t)15;
        t->plies[ply] = malloc(moves + t->game.state_size);
    }
    return t->plies[ply];
}

static tg_entry *tg_probe(tg_solver *t, uint64_t key) {
    tg_entry *bucket = t->table + 2 * (size_t)(key & (t->buckets - 1));
    if (bucket[0].key == key && bucket[0].work) return &bucket[0];
    if (bucket[1].key == key && bucket[1].work) return &bucket[1];
    return NULL;
}

static void tg_store(tg_solver *t, uint64_t key, int32_t lower, int32_t upper, int move,
                     long long work) {
    tg_entry *bucket = t->table + 2 * (size_t)(key & (t->buckets - 1));
    uint32_t size = work > 0xFFFFFFFFLL ? 0xFFFFFFFFu : (uint32_t)(work ? work : 1);
    tg_entry fresh = {key, lower, upper, move, size}, *slot;
    if (bucket[0].key == key && bucket[0].work) slot = &bucket[0];
    else if (bucket[1].key == key && bucket[1].work) slot = &bucket[1];
    else if (size >= bucket[0].work) {
        if (!bucket[1].work && bucket[0].work) t->stored++;
        if (!bucket[0].work) t->stored++;
        bucket[1] = bucket[0];
        slot = &bucket[0];
    } else {
        if (!bucket[1].work) t->stored++;
        slot = &bucket[1];
    }
    *slot = fresh;
}

/* Every `every` nodes: the Python check, with the GIL held again for it. */
static int tg_solver_check(tg_solver *t) {
    t->next_check = t->nodes + t->every;
    PyEval_RestoreThread(t->thread);
    int stop = 0;
    if (PyErr_CheckSignals() < 0) {
        stop = 2;
    } else if (t->check != Py_None) {
        PyObject *answer = PyObject_CallFunction(t->check, "Li", t->nodes, t->deepest);
        if (!answer) stop = 2;
        else {
            int truth = PyObject_IsTrue(answer);
            Py_DECREF(answer);
            stop = truth < 0 ? 2 : truth ? 1 : 0;
        }
    }
    t->thread = PyEval_SaveThread();
    return stop;
}

/* The value of `state` (not finished) for its player to move, fail-soft in (alpha, beta). */
static int32_t tg_solve_node(tg_solver *t, const void *state, int32_t alpha, int32_t beta,
                             int ply) {
    const tg_game *g = &t->game;
    long long start = t->nodes++;
    if (ply > t->deepest) t->deepest = ply;
    if (t->nodes >= t->next_check && (t->stop = tg_solver_check(t))) return 0;
    unsigned char *scratch = ply + 1 < TG_SOLVE_PLIES ? tg_ply(t, ply) : NULL;
    if (!scratch) { t->stop = 3; return 0; }  /* too deep, or out of memory */
    int *moves = (int *)scratch, *gains = moves + g->max_moves;
    unsigned char *child = scratch + ((sizeof(int) * 2 * (size_t)g->max_moves + 15) & ~(size_t)15);
    uint64_t key = tg_hash_state(state, g->state_size);
    tg_entry *entry = tg_probe(t, key);
    int32_t lower = -TG_INFINITE, upper = TG_INFINITE;
    int first = -1;
    if (entry) {
        lower = entry->lower;
        upper = entry->upper;
        first = entry->move;
        if (lower >= beta) return lower;
        if (upper <= alpha) return upper;
        if (lower > alpha) alpha = lower;
        if (upper < beta) beta = upper;
    }
    int mover = g->mover(g->ctx, state);
    int n = g->legal(g->ctx, state, moves);
    /* order: the table's move, then the most gained at once, then by history */
    int scores_before[TG_MAX_PLAYERS] = {0}, after[TG_MAX_PLAYERS];
    if (g->scores) g->scores(g->ctx, state, scores_before);
    for (int i = 0; i < n; i++) {
        int gain = 0;
        if (moves[i] == first) gain = 1 << 30;
        else if (g->scores) {
            memcpy(child, state, g->state_size);
            g->apply(g->ctx, child, moves[i]);
            g->scores(g->ctx, child, after);
            int lead = 0;
            for (int s = 0; s < g->num_players; s++)
                lead += s == mover ? after[s] - scores_before[s] : scores_before[s] - after[s];
            gain = (t->reverse ? -lead : lead) * 4096;
        }
        uint32_t h = t->history[moves[i] & (TG_HISTORY - 1)];
        gains[i] = gain + (int)(h > 4095 ? 4095 : h);
    }
    tg_sort_by_gain(moves, gains, n);
    int32_t best = -TG_INFINITE, floor = alpha;
    int best_move = moves[0];
    for (int i = 0; i < n; i++) {
        memcpy(child, state, g->state_size);
        g->apply(g->ctx, child, moves[i]);
        int next = g->mover(g->ctx, child);
        int32_t value;
        if (next < 0) value = tg_final_value(t, child, mover);
        else if (next == mover) value = tg_solve_node(t, child, floor, beta, ply + 1);
        else value = -tg_solve_node(t, child, -beta, -floor, ply + 1);
        if (t->stop) return 0;
        if (value > best) {
            best = value;
            best_move = moves[i];
            if (value > floor) {
                floor = value;
                if (value >= beta) {
                    t->history[moves[i] & (TG_HISTORY - 1)] += 1;
                    break;
                }
            }
        }
    }
    if (best <= alpha) upper = best;
    else if (best >= beta) lower = best;
    else lower = upper = best;
    tg_store(t, key, lower, upper, best_move, t->nodes - start);
    return best;
}

static void tg_solver_free(PyObject *capsule) {
    tg_solver *t = PyCapsule_GetPointer(capsule, TG_SOLVER_NAME);
    if (!t) return;
    Py_XDECREF(t->board);
    free(t->table);
    for (int i = 0; i < TG_SOLVE_PLIES; i++) free(t->plies[i]);
    free(t);
}

/* solver_new(board, snapshot, margin, reverse, table_bytes) -> a solver for the snapshot's
 * game, whose table takes at most table_bytes (at least one bucket) */
static PyObject *tg_py_solver_new(PyObject *self, PyObject *args) {
    PyObject *board, *snapshot;
    int margin, reverse;
    Py_ssize_t bytes;
    if (!PyArg_ParseTuple(args, "OOppn", &board, &snapshot, &margin, &reverse, &bytes)) return NULL;
    tg_solver *t = calloc(1, sizeof *t);
    if (!t) return PyErr_NoMemory();
    if (tg_load(board, snapshot, &t->game, t->root.bytes) < 0) { free(t); return NULL; }
    if (t->game.num_players != 2) {
        free(t);
        PyErr_SetString(PyExc_ValueError, "the solver takes two-player games only");
        return NULL;
    }
    if (margin && !t->game.scores) {
        free(t);
        PyErr_SetString(PyExc_ValueError, "this kernel gives no scores: solve the result only");
        return NULL;
    }
    size_t buckets = 1;
    while (buckets * 2 * 2 * sizeof(tg_entry) <= (size_t)(bytes > 0 ? bytes : 0)) buckets *= 2;
    t->buckets = buckets;
    t->table = calloc(2 * buckets, sizeof(tg_entry));
    if (!t->table) { free(t); return PyErr_NoMemory(); }
    t->margin = margin;
    t->reverse = reverse;
    t->board = board;
    Py_INCREF(board);
    PyObject *capsule = PyCapsule_New(t, TG_SOLVER_NAME, tg_solver_free);
    if (!capsule) { Py_DECREF(board); free(t->table); free(t); return NULL; }
    return capsule;
}

/* solver_test(solver, snapshot, beta, check, every) -> the fail-soft value of the snapshot's
 * state (not finished) for its player to move in the null window (beta - 1, beta), or None
 * when check(nodes, deepest), called every `every` nodes, answered true */
static PyObject *tg_py_solver_test(PyObject *self, PyObject *args) {
    PyObject *capsule, *snapshot, *check;
    int beta;
    long long every;
    if (!PyArg_ParseTuple(args, "OOiOL", &capsule, &snapshot, &beta, &check, &every)) return NULL;
    tg_solver *t = PyCapsule_GetPointer(capsule, TG_SOLVER_NAME);
    if (!t) return NULL;
    tg_game g = {0};
    tg_state_buf state;
    if (tg_load(t->board, snapshot, &g, state.bytes) < 0) return NULL;
    if (g.mover(g.ctx, state.bytes) < 0) {
        PyErr_SetString(PyExc_ValueError, "the game is over: there is nothing to solve");
        return NULL;
    }
    if (beta <= -TG_INFINITE + 1 || beta >= TG_INFINITE) {
        PyErr_SetString(PyExc_ValueError, "beta is out of range");
        return NULL;
    }
    t->check = check;
    t->every = every > 0 ? every : 1;
    t->next_check = t->nodes + t->every;
    t->stop = 0;
    t->thread = PyEval_SaveThread();
    int32_t value = tg_solve_node(t, state.bytes, beta - 1, beta, 0);
    PyEval_RestoreThread(t->thread);
    t->check = NULL;
    if (t->stop == 1) Py_RETURN_NONE;
    if (t->stop == 2) return NULL;
    if (t->stop == 3) {
        PyErr_SetString(PyExc_MemoryError, "the solver ran out of memory or of plies");
        return NULL;
    }
    return PyLong_FromLong(value);
}

/* solver_stats(solver) -> (nodes, deepest ply, table entries in use) */
static PyObject *tg_py_solver_stats(PyObject *self, PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    tg_solver *t = PyCapsule_GetPointer(capsule, TG_SOLVER_NAME);
    if (!t) return NULL;
    return Py_BuildValue("(LiL)", t->nodes, t->deepest, t->stored);
}

/* --- alpha-beta on the score lead (the strong player's search, natively) ----------------- */

/* The search of trigames.ai.strong, over the kernel: iterative deepening, a transposition
 * table, moves ordered by what they score at once, and a quiescence search on scoring moves.
 * Paranoid: `seat` maximises its score lead (times `sign`, -1 in a misere game) and every other
 * seat minimises it; a finished game won or lost is worth TG_WIN more or less, the sooner the
 * more. The table is a fixed array (`table_bytes`), so memory is bounded.
 *
 * Two searches on two threads may share one table (`ab_table`; "lazy SMP"): each fills it for
 * the other. An entry is three words, the first the position's key xor the other two, so a
 * search reads an entry only when all three come from the same write; a torn one (the other
 * thread writing it at the same moment) reads as empty. */

#define TG_WIN 10000.0
#define TG_PROVEN (TG_WIN / 2)
#define TG_QUIESCENCE 6
#define TG_QUIESCENCE_WIDTH 3
#define TG_AB_PLIES 96 /* main search and quiescence together */
#define TG_NULL_WINDOW 1e-3 /* the width of a null window (values are stored as floats) */
enum { TG_EXACT, TG_LOWER, TG_UPPER };

typedef struct {
    uint64_t check; /* the key ^ data ^ extra */
    uint64_t data;  /* the value's float bits << 32 | the move */
    uint64_t extra; /* the depth | the flag << 8 */
} tg_tt_entry;

/* A table two searches may share, and whether the main one has finished (a helper stops then). */
typedef struct {
    tg_tt_entry *entries;
    size_t mask;
    volatile int finished;
} tg_tt;

#define TG_TT_NAME "trigames.tg_tt"

/* Reads the entry of `key` from its slot into the rest: 1 if the slot holds a whole write of
 * that key, else 0 (another key, or a write the other thread had not finished). */
static int tg_tt_read(const tg_tt_entry *slot, uint64_t key, int *move, int *depth, int *flag,
                      double *value) {
    const volatile tg_tt_entry *seen = slot;
    uint64_t data = seen->data, extra = seen->extra;
    if ((seen->check ^ data ^ extra) != key) return 0;
    uint32_t bits = (uint32_t)(data >> 32);
    float stored;
    memcpy(&stored, &bits, sizeof stored);
    *move = (int)(uint32_t)data;
    *depth = (int)(extra & 0xff);
    *flag = (int)(extra >> 8);
    *value = stored;
    return 1;
}

static void tg_tt_write(tg_tt_entry *slot, uint64_t key, int move, int depth, int flag,
                        double value) {
    float stored = (float)value;
    uint32_t bits;
    memcpy(&bits, &stored, sizeof bits);
    uint64_t data = (uint64_t)bits << 32 | (uint32_t)move;
    uint64_t extra = (uint64_t)(depth > 127 ? 127 : depth) | (uint64_t)flag << 8;
    volatile tg_tt_entry *target = slot;
    target->data = data;
    target->extra = extra;
    target->check = key ^ data ^ extra;
}

typedef struct {
    const tg_game *g;
    const double *weights; /* the evaluation's weights; NULL: the score lead */
    int seat, sign, players, stopped, cpu;
    long long nodes, node_limit;
    double deadline; /* seconds on the chosen clock; <= 0: none */
    tg_tt_entry *table;
    size_t table_mask;
    const tg_tt *shared; /* the table's owner, to see when the main search has finished */
    int helper;          /* a helper search: stops once the main one has finished */
    int narrow;          /* null windows and late-move reductions (tg_ab_child) */
    int *moves;            /* TG_AB_PLIES x max_moves */
    int *gains;            /* the same, each move's points scored at once */
    unsigned char *states; /* TG_AB_PLIES + 1 states */
} tg_ab;

/* Seconds on the wall clock, or with `cpu` on the calling thread's processor clock (so that
 * each of two workers gets its own budget, as it does on the wall clock of an idle machine). */
static double tg_now(int cpu) {
    struct timespec ts;
#ifdef CLOCK_THREAD_CPUTIME_ID
    if (cpu && clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
        return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
#endif
    if (cpu) return (double)clock() / CLOCKS_PER_SEC;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double tg_ab_value(tg_ab *a, const void *state, int ply) {
    const tg_game *g = a->g;
    int scores[TG_MAX_PLAYERS];
    g->scores(g->ctx, state, scores);
    int best_other = 0, any = 0;
    for (int s = 0; s < a->players; s++)
        if (s != a->seat && (!any || scores[s] > best_other)) { best_other = scores[s]; any = 1; }
    double lead = (double)a->sign * (scores[a->seat] - best_other);
    if (g->mover(g->ctx, state) >= 0)
        return a->weights ? g->evaluate(g->ctx, state, a->seat, a->weights) : lead;
    double share[TG_MAX_PLAYERS];
    g->rewards(g->ctx, state, share);
    if (share[a->seat] <= 0) return lead - TG_WIN + ply;
    return share[a->seat] >= 1 ? lead + TG_WIN - ply : lead;
}

static int tg_ab_tick(tg_ab *a) {
    a->nodes++;
    if ((a->nodes & 1023) == 0) {
        if (a->node_limit > 0 && a->nodes >= a->node_limit) a->stopped = 1;
        if (a->deadline > 0 && tg_now(a->cpu) >= a->deadline) a->stopped = 1;
        if (a->helper && a->shared->finished) a->stopped = 1;
    }
    return a->stopped;
}

/* The legal moves at `ply`, with what each scores for the mover at once; sorted best first
 * (stable, so the engine's order breaks ties), `first` in front. */
static int tg_ab_moves(tg_ab *a, const unsigned char *state, int ply, int first) {
    const tg_game *g = a->g;
    int *moves = a->moves + (size_t)ply * g->max_moves, *gains = a->gains + (size_t)ply * g->max_moves;
    unsigned char *scratch = a->states + (size_t)(ply + 1) * g->state_size;
    int n = g->legal(g->ctx, state, moves), mover = g->mover(g->ctx, state);
    int before[TG_MAX_PLAYERS], after[TG_MAX_PLAYERS];
    g->scores(g->ctx, state, before);
    for (int i = 0; i < n; i++) {
        memcpy(scratch, state, g->state_size);
        g->apply(g->ctx, scratch, moves[i]);
        if (g->gain) {
            gains[i] = a->sign * g->gain(g->ctx, state, scratch, mover);
        } else {
            g->scores(g->ctx, scratch, after);
            gains[i] = a->sign * (after[mover] - before[mover]);
        }
        if (moves[i] == first) gains[i] = 1 << 29;
    }
    tg_sort_by_gain(moves, gains, n);
    return n;
}

static double tg_ab_quiesce(tg_ab *a, const unsigned char *state, double alpha, double beta,
                            int ply, int left) {
    const tg_game *g = a->g;
    double stand = tg_ab_value(a, state, ply);
    int mover = g->mover(g->ctx, state);
    if (mover < 0 || left <= 0 || ply >= TG_AB_PLIES - 1) return stand;
    int maximising = mover == a->seat;
    if (maximising) { if (stand >= beta) return stand; if (stand > alpha) alpha = stand; }
    else { if (stand <= alpha) return stand; if (stand < beta) beta = stand; }
    double best = stand;
    int n = tg_ab_moves(a, state, ply, -1);
    int *moves = a->moves + (size_t)ply * g->max_moves, *gains = a->gains + (size_t)ply * g->max_moves;
    unsigned char *child = a->states + (size_t)(ply + 1) * g->state_size;
    for (int i = 0; i < n && i < TG_QUIESCENCE_WIDTH && gains[i] > 0; i++) {
        if (tg_ab_tick(a)) return best;
        memcpy(child, state, g->state_size);
        g->apply(g->ctx, child, moves[i]);
        double value = tg_ab_quiesce(a, child, alpha, beta, ply + 1, left - 1);
        if (maximising) { if (value > best) { best = value; if (value > alpha) alpha = value; } }
        else if (value < best) { best = value; if (value < beta) beta = value; }
        if (alpha >= beta) break;
    }
    return best;
}

static double tg_ab_search(tg_ab *a, const unsigned char *state, int depth, double alpha,
                           double beta, int ply);

/* The value of the `i`-th move's position `child` (of moves ordered best first, `gain` what it
 * scores at once) for a search of `depth` within (alpha, beta). Without `narrow`, a search of the
 * whole window. With it, every move after the first is first searched with a null window at the
 * bound it must beat (principal variation search), and a late move that scores nothing at once
 * (the fourth on, from depth 3) one ply shallower, two from the ninth on at depth 5 (late-move
 * reductions); a move that beats the bound is searched again in full. */
static double tg_ab_child(tg_ab *a, const unsigned char *child, int depth, double alpha,
                          double beta, int ply, int maximising, int i, int gain) {
    if (!a->narrow || i == 0) return tg_ab_search(a, child, depth - 1, alpha, beta, ply + 1);
    int reduction = depth >= 3 && i >= 3 && gain <= 0 ? 1 + (depth >= 5 && i >= 8) : 0;
    double low = maximising ? alpha : beta - TG_NULL_WINDOW;
    double high = maximising ? alpha + TG_NULL_WINDOW : beta;
    double value = tg_ab_search(a, child, depth - 1 - reduction, low, high, ply + 1);
    if (a->stopped) return value;
    int beats = maximising ? value > alpha : value < beta;
    if (beats && reduction) {
        value = tg_ab_search(a, child, depth - 1, low, high, ply + 1);
        beats = maximising ? value > alpha : value < beta;
    }
    if (beats && !a->stopped && beta - alpha > TG_NULL_WINDOW)
        value = tg_ab_search(a, child, depth - 1, alpha, beta, ply + 1);
    return value;
}

static double tg_ab_search(tg_ab *a, const unsigned char *state, int depth, double alpha,
                           double beta, int ply) {
    const tg_game *g = a->g;
    if (tg_ab_tick(a)) return 0;
    int mover = g->mover(g->ctx, state);
    if (mover < 0) return tg_ab_value(a, state, ply);
    if (depth <= 0 || ply >= TG_AB_PLIES - TG_QUIESCENCE - 1)
        return tg_ab_quiesce(a, state, alpha, beta, ply, TG_QUIESCENCE);
    uint64_t key = tg_hash_state(state, g->state_size);
    tg_tt_entry *entry = a->table + (key & a->table_mask);
    int first = -1, stored_depth, flag;
    double stored;
    if (tg_tt_read(entry, key, &first, &stored_depth, &flag, &stored)) {
        if (stored_depth >= depth) {
            if (flag == TG_EXACT) return stored;
            if (flag == TG_LOWER && stored >= beta) return stored;
            if (flag == TG_UPPER && stored <= alpha) return stored;
        }
    }
    int n = tg_ab_moves(a, state, ply, first);
    int *moves = a->moves + (size_t)ply * g->max_moves;
    int *gains = a->gains + (size_t)ply * g->max_moves;
    unsigned char *child = a->states + (size_t)(ply + 1) * g->state_size;
    int maximising = mover == a->seat;
    double start_alpha = alpha, start_beta = beta;
    double best = maximising ? -1e9 : 1e9;
    int best_move = moves[0];
    for (int i = 0; i < n; i++) {
        memcpy(child, state, g->state_size);
        g->apply(g->ctx, child, moves[i]);
        double value = tg_ab_child(a, child, depth, alpha, beta, ply, maximising, i, gains[i]);
        if (a->stopped) return 0;
        if (maximising) {
            if (value > best) { best = value; best_move = moves[i]; if (value > alpha) alpha = value; }
        } else if (value < best) { best = value; best_move = moves[i]; if (value < beta) beta = value; }
        if (alpha >= beta) break;
    }
    flag = best <= start_alpha ? TG_UPPER : best >= start_beta ? TG_LOWER : TG_EXACT;
    tg_tt_write(entry, key, best_move, depth, flag, best);
    return best;
}

/* The evaluation weights in `tuple` (the kernel's weight_count numbers) into `out`; -1 with an
 * exception set when the kernel has no evaluation or the tuple does not fit it. */
static int tg_read_weights(const tg_game *g, PyObject *tuple, double *out) {
    if (!g->evaluate) {
        PyErr_SetString(PyExc_NotImplementedError, "this kernel has no evaluation");
        return -1;
    }
    if (!PyTuple_Check(tuple)) {
        PyErr_SetString(PyExc_TypeError, "weights are a tuple of numbers");
        return -1;
    }
    Py_ssize_t count = PyTuple_Size(tuple);
    if (count != g->weight_count || count > TG_MAX_WEIGHTS) {
        PyErr_Format(PyExc_ValueError, "this kernel's evaluation takes %d weights", g->weight_count);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) out[i] = PyFloat_AsDouble(PyTuple_GetItem(tuple, i));
    return PyErr_Occurred() ? -1 : 0;
}

/* evaluate(board, snapshot, seat, weights) -> what the kernel's evaluation says of an unfinished
 * position for `seat` (for tests against the Python heuristic, and for tuning). */
static PyObject *tg_py_evaluate(PyObject *self, PyObject *args) {
    PyObject *board, *snapshot, *weight_list;
    int seat;
    if (!PyArg_ParseTuple(args, "OOiO", &board, &snapshot, &seat, &weight_list)) return NULL;
    tg_game g = {0};
    tg_state_buf state;
    double weights[TG_MAX_WEIGHTS];
    if (tg_load(board, snapshot, &g, state.bytes) < 0) return NULL;
    if (tg_read_weights(&g, weight_list, weights) < 0) return NULL;
    if (seat < 0 || seat >= g.num_players || g.mover(g.ctx, state.bytes) < 0) {
        PyErr_SetString(PyExc_ValueError, "evaluate: no seat of an unfinished game");
        return NULL;
    }
    return PyFloat_FromDouble(g.evaluate(g.ctx, state.bytes, seat, weights));
}

static void tg_tt_free(PyObject *capsule) {
    tg_tt *t = PyCapsule_GetPointer(capsule, TG_TT_NAME);
    if (t) { free(t->entries); free(t); }
}

/* The most entries, a power of two, that fit in `bytes`. */
static size_t tg_tt_slots(Py_ssize_t bytes) {
    size_t slots = 1;
    while (slots * 2 * sizeof(tg_tt_entry) <= (size_t)bytes) slots *= 2;
    return slots;
}

/* ab_table(table_bytes) -> a transposition table of at most `table_bytes` for alphabeta, which
 * two searches on two threads may share. */
static PyObject *tg_py_ab_table(PyObject *self, PyObject *args) {
    Py_ssize_t table_bytes;
    if (!PyArg_ParseTuple(args, "n", &table_bytes)) return NULL;
    if (table_bytes < 1024) {
        PyErr_SetString(PyExc_ValueError, "ab_table: at least 1024 bytes");
        return NULL;
    }
    tg_tt *t = calloc(1, sizeof(tg_tt));
    size_t slots = tg_tt_slots(table_bytes);
    if (t) t->entries = calloc(slots, sizeof(tg_tt_entry));
    if (!t || !t->entries) { free(t); return PyErr_NoMemory(); }
    t->mask = slots - 1;
    PyObject *capsule = PyCapsule_New(t, TG_TT_NAME, tg_tt_free);
    if (!capsule) { free(t->entries); free(t); }
    return capsule;
}

/* alphabeta(board, snapshot, seat, sign, max_depth, seconds, nodes, cpu, root_moves,
 *           table[, weights[, helper[, narrow]]]) -> ([(depth, move, value), ...], nodes, partial)
 * Iterative deepening over `root_moves` (their order breaks ties: the caller shuffles them),
 * within `seconds` (0: none; on the processor clock if `cpu`) and `nodes` (0: none); one
 * entry per finished depth, and `partial`, (depth, move, value) of the depth it was searching
 * when the budget ran out if it had searched that depth's first root move (the best of the
 * last finished depth), else None: the best of the root moves searched so far, which a caller
 * may play. Unfinished positions are worth the score lead, or with `weights` (a tuple of the
 * kernel's weight_count numbers) what the kernel's evaluate says. `table` is a table of its
 * own of at most that many bytes, or one of ab_table's, shared with a search on another
 * thread; with `helper` true the search also stops once the table's main search (the one
 * without `helper`) has returned. With `narrow`, null windows and late-move reductions (see
 * tg_ab_child). Runs without the GIL. */
static PyObject *tg_py_alphabeta(PyObject *self, PyObject *args) {
    PyObject *board, *snapshot, *root_list, *table_object, *weight_list = Py_None;
    int seat, sign, max_depth, cpu, helper = 0, narrow = 0;
    double seconds;
    long long node_limit;
    if (!PyArg_ParseTuple(args, "OOiiidLpOO|Opp", &board, &snapshot, &seat, &sign, &max_depth,
                          &seconds, &node_limit, &cpu, &root_list, &table_object, &weight_list,
                          &helper, &narrow))
        return NULL;
    tg_tt *shared = NULL;
    Py_ssize_t table_bytes = 0;
    if (PyCapsule_CheckExact(table_object)) {
        shared = PyCapsule_GetPointer(table_object, TG_TT_NAME);
        if (!shared) return NULL;
    } else {
        table_bytes = PyLong_AsSsize_t(table_object);
        if (table_bytes == -1 && PyErr_Occurred()) return NULL;
        if (helper) {
            PyErr_SetString(PyExc_ValueError, "alphabeta: a helper shares a table");
            return NULL;
        }
    }
    tg_game g = {0};
    tg_state_buf state;
    if (tg_load(board, snapshot, &g, state.bytes) < 0) return NULL;
    if (!g.scores) {
        PyErr_SetString(PyExc_NotImplementedError, "this kernel has no alpha-beta");
        return NULL;
    }
    double weights[TG_MAX_WEIGHTS];
    int judged = weight_list != Py_None;
    if (judged && tg_read_weights(&g, weight_list, weights) < 0) return NULL;
    if (seat < 0 || seat >= g.num_players || max_depth < 1 || max_depth > TG_AB_PLIES / 2
        || (!shared && table_bytes < 1024) || !PyList_Check(root_list) || PyList_Size(root_list) < 1
        || PyList_Size(root_list) > g.max_moves) {
        PyErr_SetString(PyExc_ValueError, "alphabeta: a setting is out of range");
        return NULL;
    }
    int root_n = (int)PyList_Size(root_list);
    int *root = malloc(sizeof(int) * (size_t)root_n);
    if (!root) return PyErr_NoMemory();
    for (int i = 0; i < root_n; i++) {
        /* a move number as the kernel's int (Trugo's pass 2**31: kept as their low 32 bits) */
        long long number = PyLong_AsLongLong(PyList_GetItem(root_list, i));
        if (number == -1 && PyErr_Occurred()) { free(root); return NULL; }
        root[i] = (int)(unsigned int)(unsigned long long)number;
    }
    size_t slots = shared ? shared->mask + 1 : tg_tt_slots(table_bytes);
    tg_ab a = {.g = &g, .weights = judged ? weights : NULL, .seat = seat,
               .sign = sign < 0 ? -1 : 1, .players = g.num_players,
               .cpu = cpu, .node_limit = node_limit, .table_mask = slots - 1,
               .shared = shared, .helper = helper, .narrow = narrow};
    a.table = shared ? shared->entries : calloc(slots, sizeof(tg_tt_entry));
    a.moves = malloc(sizeof(int) * (size_t)g.max_moves * TG_AB_PLIES);
    a.gains = malloc(sizeof(int) * (size_t)g.max_moves * TG_AB_PLIES);
    a.states = malloc(g.state_size * (TG_AB_PLIES + 1));
    int (*found)[2] = malloc(sizeof(int[2]) * (size_t)max_depth);
    double *found_value = malloc(sizeof(double) * (size_t)max_depth);
    tg_tt_entry *own = shared ? NULL : a.table;
    if (!a.table || !a.moves || !a.gains || !a.states || !found || !found_value) {
        free(own); free(a.moves); free(a.gains); free(a.states); free(found);
        free(found_value); free(root);
        return PyErr_NoMemory();
    }
    int done = 0, partial_depth = 0, partial_move = 0; /* partial_depth 0: none */
    double partial_value = 0;
    Py_BEGIN_ALLOW_THREADS
    if (seconds > 0) a.deadline = tg_now(cpu) + seconds;
    unsigned char *child = a.states + g.state_size;
    for (int depth = 1; depth <= max_depth && !a.stopped; depth++) {
        double alpha = -1e9, best_value = -1e9;
        int best = root[0], searched = 0;
        for (int i = 0; i < root_n; i++) {
            memcpy(child, state.bytes, g.state_size);
            g.apply(g.ctx, child, root[i]);
            double value = tg_ab_child(&a, child, depth, alpha, 1e9, 0, 1, i, 1);
            if (a.stopped) break;
            if (value > best_value) { best_value = value; best = root[i]; if (value > alpha) alpha = value; }
            searched++;
        }
        if (a.stopped) {
            if (searched) { partial_depth = depth; partial_move = best; partial_value = best_value; }
            break;
        }
        found[done][0] = depth;
        found[done][1] = best;
        found_value[done] = best_value;
        done++;
        for (int i = 0; i < root_n; i++) /* the best in front for the next depth */
            if (root[i] == best) { memmove(root + 1, root, sizeof(int) * (size_t)i); root[0] = best; break; }
        if (fabs(best_value) >= TG_PROVEN || root_n == 1) break;
    }
    if (shared && !helper) shared->finished = 1;
    Py_END_ALLOW_THREADS
    PyObject *list = PyList_New(done);
    for (int i = 0; list && i < done; i++)
        PyList_SetItem(list, i, Py_BuildValue("(iid)", found[i][0], found[i][1], found_value[i]));
    free(own); free(a.moves); free(a.gains); free(a.states); free(found); free(found_value);
    free(root);
    if (!list) return NULL;
    if (!partial_depth) return Py_BuildValue("(NLO)", list, a.nodes, Py_None);
    return Py_BuildValue("(NL(iid))", list, a.nodes, partial_depth, partial_move, partial_value);
}

/* --- lines: a game followed a move at a time, by action ids (the adapters') -------------- */

/* A state that moves on by action ids, for the OpenSpiel and PettingZoo adapters: its legal
 * ids listed smallest first or as a mask, a move played by id. A kernel's move numbers become
 * action ids through the game's action_ids, or through the table `action_of` (kernel number
 * -> id, -1 for none), or are the ids themselves. The legal moves are listed once for each
 * position, whichever call asks first, and the ids go to Python as the ints of `numbers`. */
typedef struct {
    tg_game game;
    PyObject *board, *to_action, *numbers;  /* held: the table and the ints read below */
    const int32_t *action_of;
    Py_ssize_t table_size;  /* entries of action_of */
    int num_actions;
    int listed;        /* legal moves listed for the state as it is, -1 before they are */
    int *codes, *ids;  /* game.max_moves each: the legal moves (kernel numbers) and their ids */
    int *order;        /* the ids, smallest first */
    unsigned char state[];
} tg_line;

#define TG_LINE_NAME "trigames.line"

static void tg_line_free(PyObject *capsule) {
    tg_line *line = PyCapsule_GetPointer(capsule, TG_LINE_NAME);
    if (!line) return;
    Py_XDECREF(line->board);
    Py_XDECREF(line->to_action);
    Py_XDECREF(line->numbers);
    free(line->codes);
    free(line);
}

/* A new line at `state` of `game`, holding the board, the table and the ints, as a capsule. */
static PyObject *tg_line_capsule(const tg_game *game, const void *state, PyObject *board,
                                 PyObject *to_action, PyObject *numbers, int num_actions) {
    tg_line *line = calloc(1, sizeof *line + game->state_size);
    if (!line) return PyErr_NoMemory();
    size_t room = (size_t)(game->max_moves > 0 ? game->max_moves : 1);
    line->codes = malloc(3 * sizeof(int) * room);
    if (!line->codes) { free(line); return PyErr_NoMemory(); }
    line->ids = line->codes + room;
    line->order = line->ids + room;
    line->game = *game;
    memcpy(line->state, state, game->state_size);
    line->num_actions = num_actions;
    line->listed = -1;
    line->board = board;
    line->numbers = numbers;
    Py_INCREF(board);
    Py_INCREF(numbers);
    if (to_action != Py_None) {
        line->to_action = to_action;
        Py_INCREF(to_action);
        line->action_of = (const int32_t *)PyBytes_AsString(to_action);
        line->table_size = PyBytes_Size(to_action) / (Py_ssize_t)sizeof(int32_t);
    }
    PyObject *capsule = PyCapsule_New(line, TG_LINE_NAME, tg_line_free);
    if (!capsule) {
        Py_DECREF(board);
        Py_DECREF(numbers);
        Py_XDECREF(line->to_action);
        free(line->codes);
        free(line);
    }
    return capsule;
}

/* line_new(board, snapshot, num_actions, to_action, numbers) -> a line at the snapshot;
 * to_action is an int32 table as bytes (kernel number -> id, -1 for none) or None, numbers a
 * tuple of the ints 0 to num_actions - 1 */
static PyObject *tg_py_line_new(PyObject *self, PyObject *args) {
    PyObject *board, *snapshot, *to_action, *numbers;
    int num_actions;
    if (!PyArg_ParseTuple(args, "OOiOO!", &board, &snapshot, &num_actions, &to_action,
                          &PyTuple_Type, &numbers))
        return NULL;
    if (num_actions < 0 || PyTuple_Size(numbers) != num_actions) {
        PyErr_SetString(PyExc_ValueError, "numbers must hold one int for each action id");
        return NULL;
    }
    if (to_action != Py_None
        && (!PyBytes_Check(to_action) || PyBytes_Size(to_action) % (Py_ssize_t)sizeof(int32_t))) {
        PyErr_SetString(PyExc_ValueError, "to_action must be an int32 table, or None");
        return NULL;
    }
    tg_game g = {0};
    tg_state_buf *state = malloc(sizeof *state);
    if (!state) return PyErr_NoMemory();
    PyObject *capsule = NULL;
    if (tg_load(board, snapshot, &g, state->bytes) == 0)
        capsule = tg_line_capsule(&g, state->bytes, board, to_action, numbers, num_actions);
    free(state);
    return capsule;
}

static tg_line *tg_line_of(PyObject *args) {
    PyObject *capsule;
    if (!PyArg_ParseTuple(args, "O", &capsule)) return NULL;
    return PyCapsule_GetPointer(capsule, TG_LINE_NAME);
}

/* line_copy(line) -> a new line at the same state */
static PyObject *tg_py_line_copy(PyObject *self, PyObject *args) {
    tg_line *line = tg_line_of(args);
    if (!line) return NULL;
    return tg_line_capsule(&line->game, line->state, line->board,
                           line->to_action ? line->to_action : Py_None, line->numbers,
                           line->num_actions);
}

/* line_mover(line) -> the seat to move, -1 once the game is over */
static PyObject *tg_py_line_mover(PyObject *self, PyObject *args) {
    tg_line *line = tg_line_of(args);
    if (!line) return NULL;
    return PyLong_FromLong(line->game.mover(line->game.ctx, line->state));
}

/* The legal moves and their ids (line->codes, line->ids), listed once for each position;
 * returns how many (0 once the game is over). */
static int tg_line_list(tg_line *line) {
    if (line->listed >= 0) return line->listed;
    const tg_game *g = &line->game;
    int n = g->mover(g->ctx, line->state) < 0 ? 0 : g->legal(g->ctx, line->state, line->codes);
    if (g->action_ids) {
        g->action_ids(g->ctx, line->state, line->codes, line->ids, n);
    } else if (!line->action_of) {
        memcpy(line->ids, line->codes, sizeof(int) * (size_t)n);
    } else {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int code = line->codes[i];
            int action = code >= 0 && code < line->table_size ? line->action_of[code] : -1;
            if (action >= 0) { line->codes[kept] = code; line->ids[kept++] = action; }
        }
        n = kept;
    }
    return line->listed = n;
}

static int tg_int_order(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* line_actions(line) -> the legal action ids, smallest first */
static PyObject *tg_py_line_actions(PyObject *self, PyObject *args) {
    tg_line *line = tg_line_of(args);
    if (!line) return NULL;
    int n = tg_line_list(line);
    int *order = line->order;
    memcpy(order, line->ids, sizeof(int) * (size_t)n);
    for (int i = 1; i < n; i++)
        if (order[i - 1] > order[i]) {
            qsort(order, (size_t)n, sizeof(int), tg_int_order);
            break;
        }
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *number = order[i] >= 0 && order[i] < line->num_actions
                               ? PyTuple_GetItem(line->numbers, order[i]) : NULL;
        if (!number) {
            Py_DECREF(list);
            PyErr_SetString(PyExc_SystemError, "a kernel gave an action id out of range");
            return NULL;
        }
        Py_INCREF(number);
        PyList_SetItem(list, i, number);
    }
    return list;
}

/* line_mask(line) -> a bytearray of num_actions bytes, 1 at each legal action id */
static PyObject *tg_py_line_mask(PyObject *self, PyObject *args) {
    tg_line *line = tg_line_of(args);
    if (!line) return NULL;
    PyObject *mask = PyByteArray_FromStringAndSize(NULL, line->num_actions);
    if (!mask) return NULL;
    char *bytes = PyByteArray_AsString(mask);
    memset(bytes, 0, (size_t)line->num_actions);
    int n = tg_line_list(line);
    for (int i = 0; i < n; i++)
        if (line->ids[i] >= 0 && line->ids[i] < line->num_actions) bytes[line->ids[i]] = 1;
    return mask;
}

/* line_play(line, action) -> 1 once the move with that action id is played, 0 (and the line
 * unchanged) when no legal move has it, 2 when it was played but the line outgrew the state's
 * history (see tg_game.outgrown) */
static PyObject *tg_py_line_play(PyObject *self, PyObject *args) {
    PyObject *capsule, *number;
    if (!PyArg_ParseTuple(args, "OO!", &capsule, &PyLong_Type, &number)) return NULL;
    tg_line *line = PyCapsule_GetPointer(capsule, TG_LINE_NAME);
    if (!line) return NULL;
    int overflow;
    long long action = PyLong_AsLongLongAndOverflow(number, &overflow);
    if (action == -1 && PyErr_Occurred()) return NULL;
    if (overflow || action < 0 || action >= line->num_actions) return PyLong_FromLong(0);
    int n = tg_line_list(line), found = -1;
    for (int i = 0; i < n && found < 0; i++)
        if (line->ids[i] == action) found = i;
    if (found < 0) return PyLong_FromLong(0);
    const tg_game *g = &line->game;
    long outgrown = g->outgrown ? g->outgrown() : 0;
    g->apply(g->ctx, line->state, line->codes[found]);
    line->listed = -1;
    return PyLong_FromLong(g->outgrown && g->outgrown() != outgrown ? 2 : 1);
}

/* line_observe(line, seat) -> the observation planes as float32 bytes in a bytearray, or None
 * where the kernel has none */
static PyObject *tg_py_line_observe(PyObject *self, PyObject *args) {
    PyObject *capsule;
    int seat;
    if (!PyArg_ParseTuple(args, "Oi", &capsule, &seat)) return NULL;
    tg_line *line = PyCapsule_GetPointer(capsule, TG_LINE_NAME);
    if (!line) return NULL;
    const tg_game *g = &line->game;
    if (!g->observe) Py_RETURN_NONE;
    if (seat < 0 || seat >= g->num_players) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return NULL;
    }
    Py_ssize_t size = (Py_ssize_t)sizeof(float) * g->observation_size;
    PyObject *planes = PyByteArray_FromStringAndSize(NULL, size);
    if (!planes) return NULL;
    float *out = (float *)PyByteArray_AsString(planes);
    memset(out, 0, (size_t)size);
    g->observe(g->ctx, line->state, seat, out);
    return planes;
}

/* line_rewards(line) -> each seat's share of the finished game (winners split 1) */
static PyObject *tg_py_line_rewards(PyObject *self, PyObject *args) {
    tg_line *line = tg_line_of(args);
    if (!line) return NULL;
    double share[TG_MAX_PLAYERS] = {0};
    line->game.rewards(line->game.ctx, line->state, share);
    return tg_values(share, line->game.num_players);
}

#define TG_ENGINE_METHODS \
    {"line_new", tg_py_line_new, METH_VARARGS, \
     "line_new(board, snapshot, num_actions, to_action, numbers) -> a line played by action ids"}, \
    {"line_copy", tg_py_line_copy, METH_VARARGS, "line_copy(line) -> a copy"}, \
    {"line_mover", tg_py_line_mover, METH_VARARGS, "line_mover(line) -> the seat to move, or -1"}, \
    {"line_actions", tg_py_line_actions, METH_VARARGS, \
     "line_actions(line) -> the legal action ids, smallest first"}, \
    {"line_mask", tg_py_line_mask, METH_VARARGS, "line_mask(line) -> the legal ids as a mask"}, \
    {"line_play", tg_py_line_play, METH_VARARGS, \
     "line_play(line, action) -> 1 played, 0 no legal move has that id, 2 played but outgrown"}, \
    {"line_observe", tg_py_line_observe, METH_VARARGS, \
     "line_observe(line, seat) -> the observation planes (float32 bytes), or None"}, \
    {"line_rewards", tg_py_line_rewards, METH_VARARGS, \
     "line_rewards(line) -> each seat's share of the finished game"}, \
    {"alphabeta", tg_py_alphabeta, METH_VARARGS, \
     "alphabeta(board, snapshot, seat, sign, max_depth, seconds, nodes, cpu, root_moves, " \
     "table[, weights[, helper[, narrow]]]) -> ([(depth, move, value)], nodes, partial)"}, \
    {"ab_table", tg_py_ab_table, METH_VARARGS, \
     "ab_table(table_bytes) -> a table two alphabeta searches may share"}, \
    {"evaluate", tg_py_evaluate, METH_VARARGS, \
     "evaluate(board, snapshot, seat, weights) -> the kernel's evaluation for seat"}, \
    {"playouts", tg_py_playouts, METH_VARARGS, \
     "playouts(board, snapshot, count, seed) -> (plies, wins per seat)"}, \
    {"random_game", tg_py_random_game, METH_VARARGS, \
     "random_game(board, snapshot, seed) -> the moves of one seeded random game"}, \
    {"legal", tg_py_legal, METH_VARARGS, "legal(board, snapshot) -> the legal moves"}, \
    {"perft", tg_py_perft, METH_VARARGS, "perft(board, snapshot, depth) -> sequences"}, \
    {"search_new", tg_py_search_new, METH_VARARGS, \
     "search_new(board, snapshot, seed, exploration[, memory]) -> an MCTS search"}, \
    {"search_run", tg_py_search_run, METH_VARARGS, "search_run(search, n) -> simulations"}, \
    {"search_root", tg_py_search_root, METH_VARARGS, \
     "search_root(search) -> (visits, proven, children, untried)"}, \
    {"search_advance", tg_py_search_advance, METH_VARARGS, \
     "search_advance(search, move) -> whether the tree went on to that move"}, \
    {"search_size", tg_py_search_size, METH_VARARGS, "search_size(search) -> nodes"}, \
    {"solver_new", tg_py_solver_new, METH_VARARGS, \
     "solver_new(board, snapshot, margin, reverse, table_bytes) -> an exact solver"}, \
    {"solver_test", tg_py_solver_test, METH_VARARGS, \
     "solver_test(solver, snapshot, beta, check, every) -> a bound on the value, or None"}, \
    {"solver_stats", tg_py_solver_stats, METH_VARARGS, \
     "solver_stats(solver) -> (nodes, deepest ply, table entries)"}

#endif
