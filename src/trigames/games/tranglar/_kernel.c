/* TRANGLAR's native kernel: the turns of rules.py over the same 64-cell masks, for the hot
 * loops (random playouts, perft, the MCTS player's simulations, the strong player's
 * alpha-beta). rules.py is the reference; every step here mirrors TranglarState (legal_moves,
 * _apply, _resolve, _end_turn, trapped), and tests/native proves them equal. The evaluation
 * the alpha-beta judges positions by (tl_evaluate) mirrors evaluation.py the same way.
 *
 * The board capsule holds tables native.py builds from board.py: every placement of every
 * kind (its cells, the cells along each of its sides and all around it), the ways to cover a
 * coloured piece with two or more (board.tilings), and the move numbers (board.every_code,
 * the action ids): the C holds no geometry of its own. A move is its action id.
 *
 * A snapshot of a state (trigames.games.tranglar.native) is
 *   (owned0, owned1, neutral, pieces, reserve0, reserve1, to_place, passes, quiet, to_move, seen)
 * with pieces the placement numbers of the pieces on the board, to_place a mask of the kinds
 * still to place, to_move -1 once the game is over, and seen the positions the repetition rule
 * counts (since the last turn that covered a new cell) as key words and a count each.
 *
 * Memory: a state holds at most quiet_limit + 1 counted positions (the count restarts with
 * one whenever a turn covers a cell, and each quiet turn adds at most one), so the kernel
 * serves quiet limits from 1 to TL_MOST_ENTRIES - 1; a state then takes at most about 12 KiB,
 * 2.8 KiB with the default limit of 50. */
#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030B0000
#include <Python.h>

#include <stddef.h>

#include "tg_common.h"

/* board.py's action numbers, and the kinds' flags native.py gives */
enum { PLACE, SPLIT, MERGE, TAKE, SWAP, PASS };
enum { COLOURED = 1, TRAPEZE = 2, PARALLELOGRAM = 4, NEUTRAL_KIND = 8 };

#define TL_KINDS 16
#define TL_SIDES 6        /* the most sides a placement has */
#define TL_PARTS 8        /* the most pieces covering one */
#define TL_MOST_ENTRIES 256
#define TL_MOST_MOVES 4800  /* at least every move: board.every_code has 4,689 */
#define NEUTRAL 2         /* the owner of neutral pieces */

typedef struct {
    int kinds, places, tilings, actions;
    int flags[TL_KINDS], mirror[TL_KINDS];
    int small, neutral_small, reserve_kinds;  /* T, NT, and the kinds a reserve holds */
    int kind_at[TL_KINDS + 1];                /* the placements of kind k, in board.py's order */
    int *kind;                                /* of each placement */
    uint64_t *mask, *around, *side, *links;   /* side: TL_SIDES, links: 2 per placement */
    int *sides;                               /* how many sides each placement has */
    int *swap_id;                             /* the swap of a trapeze's placement, or -1 */
    int *til_at;                              /* the tilings of placement p: til_at[p].. */
    int *part_at, *part;                      /* each tiling's pieces (placements) */
    int *need_at, *need;                      /* each tiling's (kind, count) pairs */
    int *til_id;                              /* each tiling's split, merge, take */
    int *act;                                 /* each move's action, placement, tiling */
    int pass_id;
    int quiet_limit, entries;                 /* entries: the positions a state holds */
    int size[TL_KINDS];                       /* each kind's cells */
    int small_at[64];                         /* the small triangle's placement on each cell */
} tl_board;

/* A position as the repetition rule compares it, in a quiet run (the same cells covered, the
 * neutral pieces fixed): seat 0's cells, the links inside pieces (which cut the covered cells
 * into pieces, whose cells give their kinds), both reserves with the player to move, and the
 * large neutral pieces still to place. */
typedef struct {
    uint64_t w[5];
    uint32_t count;
} tl_entry;

typedef struct {
    uint64_t owned[3];     /* seat 0's cells, seat 1's, the neutral ones */
    uint64_t anchors;      /* the lowest cell of each piece */
    uint64_t links[2];
    int16_t piece[64];     /* the placement of the piece anchored on a cell */
    int8_t anchor[64];     /* the anchor of the piece on a cell, -1 if empty */
    uint8_t reserve[2][TL_KINDS];
    uint32_t to_place;     /* the large neutral pieces still to place, by kind */
    int passes, quiet, to_move;  /* to_move -1 once over */
    int entries;
    tl_entry seen[TL_MOST_ENTRIES];  /* only the first b->entries are copied */
} tl_state;

#define TG_STATE_MAX sizeof(tl_state)
#define BOARD_NAME "trigames.games.tranglar.board"

static inline uint64_t tl_occupied(const tl_state *s) {
    return s->owned[0] | s->owned[1] | s->owned[NEUTRAL];
}

/* The sides of placement `p` touching `enemy`, a side along a neutral cell never counting. */
static int tl_touching(const tl_board *b, int p, uint64_t enemy, uint64_t neutral) {
    const uint64_t *side = b->side + (size_t)p * TL_SIDES;
    int touching = 0;
    for (int i = 0; i < b->sides[p]; i++) touching += (side[i] & enemy) && !(side[i] & neutral);
    return touching;
}

/* trapped(): more than half of the placement's sides touch `enemy`, a side along a neutral
 * cell never counting */
static int tl_trapped(const tl_board *b, int p, uint64_t enemy, uint64_t neutral) {
    return (b->around[p] & enemy) && 2 * tl_touching(b, p, enemy, neutral) > b->sides[p];
}

static int tl_owner(const tl_state *s, int cell) {
    return (int)(s->owned[0] >> cell & 1) ? 0 : (int)(s->owned[1] >> cell & 1) ? 1 : NEUTRAL;
}

/* Whether `reserve` holds the pieces of tiling t. */
static int tl_fits(const tl_board *b, int t, const uint8_t *reserve) {
    for (int i = b->need_at[t]; i < b->need_at[t + 1]; i += 2)
        if (reserve[b->need[i]] < b->need[i + 1]) return 0;
    return 1;
}

/* TranglarState._covers: the pieces anchored in `anchors` covered by two or more from the
 * reserve; which: 0 split, 2 take */
static int tl_covers(const tl_board *b, const tl_state *s, uint64_t anchors,
                     const uint8_t *reserve, int which, int *moves, int n) {
    while (anchors) {
        int p = s->piece[tg_lowest(anchors)];
        anchors &= anchors - 1;
        /* a small triangle has no tiling */
        for (int t = b->til_at[p]; t < b->til_at[p + 1]; t++)
            if (tl_fits(b, t, reserve)) moves[n++] = b->til_id[3 * t + which];
    }
    return n;
}

/* TranglarState._merges */
static int tl_merges(const tl_board *b, const tl_state *s, uint64_t own, const uint8_t *reserve,
                     int *moves, int n) {
    if (tg_popcount(own) < 2) return n;
    for (int k = 0; k < b->kinds; k++) {
        if (!(b->flags[k] & COLOURED) || !reserve[k] || k == b->small) continue;
        for (int p = b->kind_at[k]; p < b->kind_at[k + 1]; p++) {
            uint64_t mask = b->mask[p], rest = mask;
            if ((mask & own) != mask) continue;
            int parts[TL_PARTS], count = 0;
            while (rest) {
                int q = s->piece[s->anchor[tg_lowest(rest)]];
                if (b->mask[q] & ~mask || count == TL_PARTS) { count = 0; break; }
                parts[count++] = q;
                rest &= ~b->mask[q];
            }
            if (count < 2) continue;
            for (int t = b->til_at[p]; t < b->til_at[p + 1]; t++) {
                int at = b->part_at[t];
                if (b->part_at[t + 1] - at != count) continue;
                if (!memcmp(b->part + at, parts, sizeof(int) * (size_t)count)) {
                    moves[n++] = b->til_id[3 * t + 1];
                    break;
                }
            }
        }
    }
    return n;
}

/* TranglarState.legal_moves */
static int tl_legal(const void *ctx, const void *state, int *moves) {
    const tl_board *b = ctx;
    const tl_state *s = state;
    int player = s->to_move, n = 0;
    if (player < 0) return 0;
    uint64_t occupied = tl_occupied(s);
    if (s->to_place) {
        for (int k = 0; k < b->kinds; k++)
            if (s->to_place >> k & 1)
                for (int p = b->kind_at[k]; p < b->kind_at[k + 1]; p++)
                    if (!(b->mask[p] & occupied)) moves[n++] = p;
        return n;
    }
    uint64_t own = s->owned[player], enemy = s->owned[1 - player], neutral = s->owned[NEUTRAL];
    const uint8_t *reserve = s->reserve[player];
    for (int k = 0; k < b->kinds; k++) {
        if (!(b->flags[k] & COLOURED) || !reserve[k]) continue;
        for (int p = b->kind_at[k]; p < b->kind_at[k + 1]; p++)
            if (!(b->mask[p] & occupied) && !tl_trapped(b, p, enemy, neutral)) moves[n++] = p;
    }
    if (reserve[b->neutral_small] && !reserve[b->small])
        for (int p = b->kind_at[b->neutral_small]; p < b->kind_at[b->neutral_small + 1]; p++)
            if (!(b->mask[p] & occupied)) moves[n++] = p;
    n = tl_covers(b, s, s->anchors & own, reserve, 0, moves, n);
    n = tl_merges(b, s, own, reserve, moves, n);
    n = tl_covers(b, s, s->anchors & enemy, reserve, 2, moves, n);
    for (uint64_t w = s->anchors & enemy; w; w &= w - 1) {
        int p = s->piece[tg_lowest(w)], k = b->kind[p];
        if (b->flags[k] & TRAPEZE && reserve[k] && tl_trapped(b, p, own, neutral))
            moves[n++] = b->swap_id[p];
    }
    if (!n) moves[n++] = b->pass_id;
    return n;
}

static int tl_random_move(const void *ctx, const void *state, tg_rng *rng) {
    int moves[TL_MOST_MOVES];
    int n = tl_legal(ctx, state, moves);
    return moves[tg_below(rng, n)];
}

/* TranglarState._put, without the owner's cells */
static void tl_set_piece(const tl_board *b, tl_state *s, int p) {
    uint64_t mask = b->mask[p];
    int a = tg_lowest(mask);
    s->piece[a] = (int16_t)p;
    s->anchors |= (uint64_t)1 << a;
    for (uint64_t w = mask; w; w &= w - 1) s->anchor[tg_lowest(w)] = (int8_t)a;
    s->links[0] ^= b->links[2 * p];
    s->links[1] ^= b->links[2 * p + 1];
}

static void tl_put(const tl_board *b, tl_state *s, int p, int owner) {
    tl_set_piece(b, s, p);
    s->owned[owner] |= b->mask[p];
}

/* TranglarState._lift: takes the piece on `mask` off the board; returns its kind */
static int tl_lift(const tl_board *b, tl_state *s, uint64_t mask) {
    int a = tg_lowest(mask), p = s->piece[a];
    s->anchors &= ~((uint64_t)1 << a);
    for (int o = 0; o < 3; o++) s->owned[o] &= ~mask;
    for (uint64_t w = mask; w; w &= w - 1) s->anchor[tg_lowest(w)] = -1;
    s->links[0] ^= b->links[2 * p];
    s->links[1] ^= b->links[2 * p + 1];
    return b->kind[p];
}

static void tl_put_parts(const tl_board *b, tl_state *s, int owner, int t) {
    for (int i = b->part_at[t]; i < b->part_at[t + 1]; i++) {
        int q = b->part[i];
        s->reserve[owner][b->kind[q]]--;
        tl_put(b, s, q, owner);
    }
}

/* TranglarState._swap */
static void tl_swap(const tl_board *b, tl_state *s, int trapper, int p) {
    int kind = tl_lift(b, s, b->mask[p]);
    s->reserve[trapper][kind]--;
    s->reserve[trapper][b->mirror[kind]]++;
    tl_put(b, s, p, trapper);
}

/* TranglarState._stuck_trapezes */
static uint64_t tl_stuck(const tl_board *b, const tl_state *s) {
    uint64_t stuck = 0;
    for (uint64_t w = s->anchors & ~s->owned[NEUTRAL]; w; w &= w - 1) {
        int a = tg_lowest(w), p = s->piece[a], owner = tl_owner(s, a);
        if (b->flags[b->kind[p]] & TRAPEZE
            && tl_trapped(b, p, s->owned[1 - owner], s->owned[NEUTRAL]))
            stuck |= b->mask[p];
    }
    return stuck;
}

/* TranglarState._resolve: flip rounds, the opponent's pieces then the mover's */
static void tl_resolve(const tl_board *b, tl_state *s, int mover, uint64_t done,
                       uint64_t stuck) {
    uint64_t neutral = s->owned[NEUTRAL];
    int flipped;
    do {
        flipped = 0;
        for (int round = 0; round < 2; round++) {
            int side = round ? mover : 1 - mover, trapper = 1 - side;
            uint64_t enemy = s->owned[trapper];
            int hits[64], count = 0;
            for (uint64_t w = s->anchors & s->owned[side]; w; w &= w - 1) {
                int a = tg_lowest(w), p = s->piece[a];
                if (!(b->mask[p] & done) && !(b->flags[b->kind[p]] & PARALLELOGRAM)
                    && tl_trapped(b, p, enemy, neutral))
                    hits[count++] = a;
            }
            for (int i = 0; i < count; i++) {
                int p = s->piece[hits[i]], kind = b->kind[p];
                uint64_t mask = b->mask[p];
                if (b->flags[kind] & TRAPEZE) {
                    if (mask & stuck || !s->reserve[trapper][kind]) continue;
                    tl_swap(b, s, trapper, p);
                } else {
                    s->owned[side] &= ~mask;
                    s->owned[trapper] |= mask;
                }
                done |= mask;
                flipped = 1;
            }
        }
    } while (flipped);
}

static uint64_t tl_nibbles(const tl_board *b, const uint8_t *reserve) {
    uint64_t packed = 0;
    for (int k = 0; k < b->reserve_kinds; k++) packed |= (uint64_t)reserve[k] << (4 * k);
    return packed;
}

/* TranglarState._end_turn: hand the turn over and count the position; a full board or a
 * second pass (`end`) first, then a third occurrence, then the quiet limit end the game */
static void tl_end_turn(const tl_board *b, tl_state *s, int mover, int end) {
    s->to_move = 1 - mover;
    uint64_t key[5] = {
        s->owned[0], s->links[0], s->links[1],
        tl_nibbles(b, s->reserve[0]) | (uint64_t)s->to_move << 63,
        tl_nibbles(b, s->reserve[1]) | (uint64_t)s->to_place << 48,
    };
    int i = 0;
    if (!s->quiet) s->entries = 0;  /* a new cell is covered: no earlier position comes back */
    while (i < s->entries && memcmp(s->seen[i].w, key, sizeof key)) i++;
    if (i == s->entries && i < b->entries) {  /* always below: see the top of this file */
        memcpy(s->seen[i].w, key, sizeof key);
        s->seen[i].count = 0;
        s->entries++;
    }
    if (i < s->entries && ++s->seen[i].count >= 3) end = 1;
    if (b->quiet_limit && s->quiet >= b->quiet_limit) end = 1;
    if (end) s->to_move = -1;
}

/* TranglarState._apply */
static void tl_apply(const void *ctx, void *state, int move) {
    const tl_board *b = ctx;
    tl_state *s = state;
    int mover = s->to_move;
    const int *act = b->act + 3 * (size_t)move;
    int p = act[1], t = act[2], kind = b->kind[p];
    uint64_t covered = tl_occupied(s), done = 0;
    if (act[0] == PASS) {
        s->passes++;
        s->quiet++;
        tl_end_turn(b, s, mover, s->passes >= 2);
        return;
    }
    s->passes = 0;
    uint8_t *reserve = s->reserve[mover];
    uint64_t stuck = s->to_place ? 0 : tl_stuck(b, s);
    switch (act[0]) {
    case PLACE:
        if (b->flags[kind] & NEUTRAL_KIND && kind != b->neutral_small) {
            s->to_place &= ~((uint32_t)1 << kind);
            tl_put(b, s, p, NEUTRAL);
        } else {
            reserve[kind]--;
            tl_put(b, s, p, kind == b->neutral_small ? NEUTRAL : mover);
        }
        break;
    case SPLIT:
        reserve[tl_lift(b, s, b->mask[p])]++;
        tl_put_parts(b, s, mover, t);
        break;
    case MERGE:
        for (int i = b->part_at[t]; i < b->part_at[t + 1]; i++)
            reserve[tl_lift(b, s, b->mask[b->part[i]])]++;
        reserve[kind]--;
        tl_put(b, s, p, mover);
        break;
    case TAKE:
        reserve[b->mirror[tl_lift(b, s, b->mask[p])]]++;
        tl_put_parts(b, s, mover, t);
        break;
    default:  /* SWAP */
        tl_swap(b, s, mover, p);
        done = b->mask[p];
    }
    if (!s->to_place) tl_resolve(b, s, mover, done, stuck);
    uint64_t occupied = tl_occupied(s);
    s->quiet = occupied != covered ? 0 : s->quiet + 1;
    tl_end_turn(b, s, mover, occupied == ~(uint64_t)0);
}

static int tl_mover(const void *ctx, const void *state) {
    return ((const tl_state *)state)->to_move;
}

/* the seat with more cells wins; a tie is shared */
static void tl_rewards(const void *ctx, const void *state, double *out) {
    const tl_state *s = state;
    int s0 = tg_popcount(s->owned[0]), s1 = tg_popcount(s->owned[1]);
    out[0] = s0 > s1 ? 1.0 : s0 < s1 ? 0.0 : 0.5;
    out[1] = 1.0 - out[0];
}

/* TranglarState.scores: the cells under each seat's pieces */
static void tl_scores(const void *ctx, const void *state, int *out) {
    const tl_state *s = state;
    out[0] = tg_popcount(s->owned[0]);
    out[1] = tg_popcount(s->owned[1]);
}

/* What a move gains the mover at once, for the alpha-beta's move ordering and quiescence: the
 * change in its lead, since a take-over or a trap takes cells from the opponent. */
static int tl_gain(const void *ctx, const void *before, const void *after, int mover) {
    int was[2], now[2];
    tl_scores(ctx, before, was);
    tl_scores(ctx, after, now);
    return (now[mover] - was[mover]) - (now[1 - mover] - was[1 - mover]);
}

/* --- the evaluation (evaluation.py's features and weights; tests/native prove them equal) -- */

enum {
    TL_CELLS, TL_TAKEABLE, TL_THREAT, TL_EXPOSED, TL_RESERVE_SMALL, TL_RESERVE_PAIRS,
    TL_RESERVE_CELLS, TL_SMALL_ON_BOARD, TL_SPOTS, TL_TEMPO, TL_WEIGHTS
};

/* Whether `reserve` holds pieces covering exactly placement p's cells (two or more). */
static int tl_coverable(const tl_board *b, int p, const uint8_t *reserve) {
    for (int t = b->til_at[p]; t < b->til_at[p + 1]; t++)
        if (tl_fits(b, t, reserve)) return 1;
    return 0;
}

/* evaluation.features: the counts of one seat, in the order of its weights */
static void tl_side_features(const tl_board *b, const tl_state *s, int seat, double *out) {
    uint64_t own = s->owned[seat], enemy = s->owned[1 - seat], neutral = s->owned[NEUTRAL];
    const uint8_t *mine = s->reserve[seat], *theirs = s->reserve[1 - seat];
    int takeable = 0, threat = 0, exposed = 0, small = 0, spots = 0, reserve = 0, pairs = 0;
    for (uint64_t w = s->anchors & own; w; w &= w - 1) {
        int p = s->piece[tg_lowest(w)], kind = b->kind[p], size = b->size[kind];
        if (kind == b->small) small++;
        else if (tl_coverable(b, p, theirs)) {
            takeable += size;
            if (size > threat) threat = size;
        }
        if (!(b->flags[kind] & PARALLELOGRAM)
            && 2 * (tl_touching(b, p, enemy, neutral) + 1) > b->sides[p])
            exposed += size;
    }
    for (uint64_t w = ~tl_occupied(s); w; w &= w - 1) {
        int p = b->small_at[tg_lowest(w)];
        spots += !tl_trapped(b, p, enemy, neutral);
    }
    for (int k = 0; k < b->kinds; k++)
        if (b->flags[k] & COLOURED) {
            reserve += mine[k] * b->size[k];
            if (b->size[k] == 2) pairs += mine[k];
        }
    out[TL_CELLS] = tg_popcount(own);
    out[TL_TAKEABLE] = takeable;
    out[TL_THREAT] = s->to_move == 1 - seat ? threat : 0;  /* only the mover takes */
    out[TL_EXPOSED] = exposed;
    out[TL_RESERVE_SMALL] = mine[b->small];
    out[TL_RESERVE_PAIRS] = pairs;
    out[TL_RESERVE_CELLS] = reserve;
    out[TL_SMALL_ON_BOARD] = small;
    out[TL_SPOTS] = spots;
    out[TL_TEMPO] = s->to_move == seat;
}

/* evaluation.judge: the weighted sum of `seat`'s features less the opponent's */
static double tl_evaluate(const void *ctx, const void *state, int seat, const double *weights) {
    const tl_board *b = ctx;
    const tl_state *s = state;
    double mine[TL_WEIGHTS], theirs[TL_WEIGHTS], value = 0;
    tl_side_features(b, s, seat, mine);
    tl_side_features(b, s, 1 - seat, theirs);
    for (int i = 0; i < TL_WEIGHTS; i++) value += weights[i] * (mine[i] - theirs[i]);
    return value;
}

#include "tg_engine.h"

/* --- reading tables and snapshots --------------------------------------------------------- */

/* A list of `count` rows (lists of at most `width` ints, or one int each when width is 0)
 * into `out` (rows of max(width, 1), zero-filled); `lengths` (if not null) gets each row's
 * length. Masks (`masks` true) are read modulo 2**64. */
static int tl_rows(PyObject *list, Py_ssize_t count, int width, int masks, uint64_t *out,
                   int *lengths) {
    if (!PyList_Check(list) || PyList_Size(list) != count) {
        PyErr_SetString(PyExc_ValueError, "a table has the wrong length");
        return -1;
    }
    int stride = width ? width : 1;
    memset(out, 0, sizeof(uint64_t) * (size_t)(count * stride));
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *row = PyList_GetItem(list, i);
        Py_ssize_t n = 1;
        if (width) {
            if (!PyList_Check(row) || (n = PyList_Size(row)) > width) {
                PyErr_SetString(PyExc_ValueError, "a row of a table is too long");
                return -1;
            }
            if (lengths) lengths[i] = (int)n;
        }
        for (Py_ssize_t k = 0; k < n; k++) {
            PyObject *item = width ? PyList_GetItem(row, k) : row;
            if (!PyLong_Check(item)) {
                PyErr_SetString(PyExc_TypeError, "a table holds ints");
                return -1;
            }
            uint64_t value = masks ? PyLong_AsUnsignedLongLongMask(item)
                                   : (uint64_t)PyLong_AsLongLong(item);
            if (PyErr_Occurred()) return -1;
            out[i * stride + k] = value;
        }
    }
    return 0;
}

/* ints read by tl_rows, each checked to lie in [low, high) */
static int *tl_ints(PyObject *list, Py_ssize_t count, int width, int low, int high) {
    int stride = width ? width : 1;
    size_t size = (size_t)(count ? count : 1) * (size_t)stride;
    uint64_t *raw = malloc(sizeof(uint64_t) * size);
    int *out = malloc(sizeof(int) * size);
    if (!raw || !out) { free(raw); free(out); return (int *)PyErr_NoMemory(); }
    if (tl_rows(list, count, width, 0, raw, NULL) < 0) { free(raw); free(out); return NULL; }
    for (size_t i = 0; i < (size_t)count * (size_t)stride; i++) {
        long long value = (long long)raw[i];
        if (value < low || value >= high) {
            PyErr_SetString(PyExc_ValueError, "a number in a table is out of range");
            free(raw);
            free(out);
            return NULL;
        }
        out[i] = (int)value;
    }
    free(raw);
    return out;
}

/* --- observation planes (actions.py's observation_planes) ---------------------------------- */

/* Over the 64 cells: the cells of `seat`, of the other seat and of the neutral pieces, the
 * pieces' anchors and a plane per kind; then both reserves by kind (`seat` first), the large
 * neutral pieces still to place, the passes in a row, the quiet turns and the seat to move. */
static void tl_observe(const void *ctx, const void *state, int seat, float *out) {
    const tl_board *b = ctx;
    const tl_state *s = state;
    tg_floats(&s->owned[seat], 1, out);
    tg_floats(&s->owned[1 - seat], 1, out + 64);
    tg_floats(&s->owned[NEUTRAL], 1, out + 128);
    tg_floats(&s->anchors, 1, out + 192);
    float *kinds = out + 256;
    for (uint64_t a = s->anchors; a; a &= a - 1) {
        int p = s->piece[tg_lowest(a)];
        tg_floats(&b->mask[p], 1, kinds + 64 * b->kind[p]);
    }
    float *rest = kinds + 64 * b->kinds;
    for (int k = 0; k < b->kinds; k++) {
        rest[k] = (float)s->reserve[seat][k];
        rest[b->kinds + k] = (float)s->reserve[1 - seat][k];
    }
    rest += 2 * b->kinds;
    for (int k = b->reserve_kinds; k < b->kinds; k++) *rest++ = (float)(s->to_place >> k & 1);
    rest[0] = (float)s->passes;
    rest[1] = (float)s->quiet;
    if (s->to_move >= 0) rest[2 + (s->to_move - seat + 2) % 2] = 1.0f;
}

static int tg_load(PyObject *capsule, PyObject *snapshot, tg_game *g, void *state) {
    tl_board *b = PyCapsule_GetPointer(capsule, BOARD_NAME);
    if (!b) return -1;
    tl_state *s = state;
    memset(s, 0, offsetof(tl_state, seen));
    memset(s->anchor, -1, sizeof s->anchor);
    PyObject *pieces, *reserves[2], *seen;
    unsigned long long owned[3];
    int to_place;
    if (!PyArg_ParseTuple(snapshot, "KKKOOOiiiiO", &owned[0], &owned[1], &owned[2], &pieces,
                          &reserves[0], &reserves[1], &to_place, &s->passes, &s->quiet,
                          &s->to_move, &seen))
        return -1;
    for (int o = 0; o < 3; o++) s->owned[o] = owned[o];
    if (!PyList_Check(pieces) || !PyList_Check(seen)) {
        PyErr_SetString(PyExc_TypeError, "the pieces and the positions seen are lists");
        return -1;
    }
    Py_ssize_t count = PyList_Size(pieces), entries = PyList_Size(seen);
    if (s->to_move < -1 || s->to_move > 1 || s->passes < 0 || s->passes > 2 || s->quiet < 0
        || s->quiet > b->quiet_limit || to_place < 0 || to_place >> b->kinds || entries < 1
        || entries > s->quiet + 1 || count > 64) {
        PyErr_SetString(PyExc_ValueError, "a snapshot is beyond what the kernel holds");
        return -1;
    }
    s->to_place = (uint32_t)to_place;
    int *listed = tl_ints(pieces, count, 0, 0, b->places);
    if (!listed) return -1;
    uint64_t covered = 0;
    int wrong = (s->owned[0] & s->owned[1]) || (tl_occupied(s) & s->owned[NEUTRAL]
                                                  & (s->owned[0] | s->owned[1]));
    for (Py_ssize_t i = 0; i < count && !wrong; i++) {
        uint64_t mask = b->mask[listed[i]];
        int holders = 0;
        for (int o = 0; o < 3; o++) holders += (s->owned[o] & mask) == mask;
        wrong = mask & covered || holders != 1;
        covered |= mask;
        tl_set_piece(b, s, listed[i]);
    }
    free(listed);
    if (wrong || covered != tl_occupied(s)) {
        PyErr_SetString(PyExc_ValueError, "the pieces do not match the owners' cells");
        return -1;
    }
    for (int seat = 0; seat < 2; seat++) {
        int *counts = tl_ints(reserves[seat], b->kinds, 0, 0, 16);
        if (!counts) return -1;
        for (int k = 0; k < b->kinds; k++) s->reserve[seat][k] = (uint8_t)counts[k];
        free(counts);
    }
    uint64_t *words = malloc(sizeof(uint64_t) * 6 * (size_t)entries);
    if (!words) { PyErr_NoMemory(); return -1; }
    if (tl_rows(seen, entries, 6, 1, words, NULL) < 0) { free(words); return -1; }
    for (Py_ssize_t i = 0; i < entries; i++) {
        memcpy(s->seen[i].w, words + 6 * i, sizeof s->seen[i].w);
        s->seen[i].count = (uint32_t)words[6 * i + 5];
    }
    free(words);
    s->entries = (int)entries;
    g->ctx = b;
    g->state_size = offsetof(tl_state, seen) + sizeof(tl_entry) * (size_t)b->entries;
    g->num_players = 2;
    g->max_moves = b->actions;
    TG_SET_FUNCTIONS(g, tl);
    g->evaluate = tl_evaluate;
    g->weight_count = TL_WEIGHTS;
    g->gain = tl_gain;
    g->observe = tl_observe;
    g->observation_size = 4 * 64 + 64 * b->kinds + 2 * b->kinds + (b->kinds - b->reserve_kinds) + 4;
    return 0;
}

/* --- the board capsule -------------------------------------------------------------------- */

static void board_free(PyObject *capsule) {
    tl_board *b = PyCapsule_GetPointer(capsule, BOARD_NAME);
    if (!b) return;
    int *ints[] = {b->kind, b->sides, b->swap_id, b->til_at, b->part_at, b->part, b->need_at,
                   b->need, b->til_id, b->act};
    for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) free(ints[i]);
    free(b->mask);
    free(b->around);
    free(b->side);
    free(b->links);
    free(b);
}

/* board(kinds, special, kind, mask, around, sides, links, swap_id, til_at, parts, needs,
 *       til_id, act, quiet_limit) -> a board capsule; see native.py */
static PyObject *py_board(PyObject *self, PyObject *args) {
    PyObject *kinds, *special, *kind, *mask, *around, *sides, *links, *swap_id, *til_at, *parts,
        *needs, *til_id, *act;
    int quiet_limit;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOOOOi", &kinds, &special, &kind, &mask, &around,
                          &sides, &links, &swap_id, &til_at, &parts, &needs, &til_id, &act,
                          &quiet_limit))
        return NULL;
    if (!PyList_Check(kinds) || !PyList_Check(kind) || !PyList_Check(parts) || !PyList_Check(act)) {
        PyErr_SetString(PyExc_TypeError, "the tables must be lists");
        return NULL;
    }
    Py_ssize_t nkinds = PyList_Size(kinds), places = PyList_Size(kind);
    Py_ssize_t tilings = PyList_Size(parts), actions = PyList_Size(act);
    if (nkinds < 1 || nkinds > TL_KINDS || places < 1 || places > 32767 || actions < places + 1
        || actions > TL_MOST_MOVES || quiet_limit < 1 || quiet_limit >= TL_MOST_ENTRIES) {
        PyErr_SetString(PyExc_ValueError, "the board is beyond what the kernel holds");
        return NULL;
    }
    tl_board *b = calloc(1, sizeof *b);
    if (!b) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(b, BOARD_NAME, board_free);
    if (!capsule) { free(b); return NULL; }
    b->kinds = (int)nkinds;
    b->places = (int)places;
    b->tilings = (int)tilings;
    b->actions = (int)actions;
    b->quiet_limit = quiet_limit;
    b->entries = quiet_limit + 1;
    int *kind_rows = NULL, *specials = NULL;
    int failed =
        !(kind_rows = tl_ints(kinds, nkinds, 2, 0, TL_KINDS))
        || !(specials = tl_ints(special, 3, 0, 0, (int)nkinds + 1))
        || !(b->kind = tl_ints(kind, places, 0, 0, (int)nkinds))
        || !(b->mask = malloc(sizeof(uint64_t) * (size_t)places))
        || !(b->around = malloc(sizeof(uint64_t) * (size_t)places))
        || !(b->side = malloc(sizeof(uint64_t) * TL_SIDES * (size_t)places))
        || !(b->sides = malloc(sizeof(int) * (size_t)places))
        || !(b->links = malloc(sizeof(uint64_t) * 2 * (size_t)places))
        || tl_rows(mask, places, 0, 1, b->mask, NULL) < 0
        || tl_rows(around, places, 0, 1, b->around, NULL) < 0
        || tl_rows(sides, places, TL_SIDES, 1, b->side, b->sides) < 0
        || tl_rows(links, places, 2, 1, b->links, NULL) < 0
        || !(b->swap_id = tl_ints(swap_id, places, 0, -1, (int)actions))
        || !(b->til_at = tl_ints(til_at, places + 1, 0, 0, (int)tilings + 1))
        || read_lists(parts, tilings, (int)places, &b->part_at, &b->part) < 0
        || read_lists(needs, tilings, TL_KINDS, &b->need_at, &b->need) < 0
        || !(b->til_id = tl_ints(til_id, tilings, 3, 0, (int)actions))
        || !(b->act = tl_ints(act, actions, 3, -1, (int)(places > tilings ? places : tilings)));
    if (!failed) {
        for (int k = 0; k < b->kinds; k++) {
            b->flags[k] = kind_rows[2 * k];
            b->mirror[k] = kind_rows[2 * k + 1] < b->kinds ? kind_rows[2 * k + 1] : 0;
        }
        b->small = specials[0];
        b->neutral_small = specials[1];
        b->reserve_kinds = specials[2];
        for (int k = 0, p = 0; k <= b->kinds; k++) {  /* placements come kind by kind */
            while (p < b->places && b->kind[p] < k) p++;
            b->kind_at[k] = p;
        }
        b->pass_id = -1;
        for (int k = 0; k < b->kinds; k++)
            b->size[k] = b->kind_at[k] < b->kind_at[k + 1] ? tg_popcount(b->mask[b->kind_at[k]]) : 0;
        for (int c = 0; c < 64; c++) b->small_at[c] = -1;
        for (int p = b->kind_at[b->small]; b->small < b->kinds && p < b->kind_at[b->small + 1]; p++)
            if (tg_popcount(b->mask[p]) == 1) b->small_at[tg_lowest(b->mask[p])] = p;
        for (int c = 0; c < 64; c++) failed |= b->small_at[c] < 0;  /* one on every cell */
    }
    free(kind_rows);
    free(specials);
    for (int p = 0; !failed && p < b->places; p++)
        failed |= (p && b->kind[p] < b->kind[p - 1]) || b->act[3 * p] != PLACE
                  || b->act[3 * p + 1] != p || b->til_at[p] > b->til_at[p + 1];
    for (int t = 0; !failed && t < b->tilings; t++)
        failed |= b->part_at[t + 1] - b->part_at[t] > TL_PARTS
                  || (b->need_at[t + 1] - b->need_at[t]) % 2;
    for (int a = 0; !failed && a < b->actions; a++) {
        const int *row = b->act + 3 * a;
        if (row[0] == PASS) b->pass_id = a;
        failed |= row[0] > PASS || row[1] < 0 || row[1] >= b->places || row[2] >= b->tilings
                  || ((row[0] == SPLIT || row[0] == MERGE || row[0] == TAKE) && row[2] < 0);
    }
    if (failed || b->pass_id < 0 || b->til_at[b->places] != b->tilings || b->reserve_kinds > 12
        || b->small >= b->kinds || b->neutral_small >= b->kinds) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the tables do not fit together");
        Py_DECREF(capsule);
        return NULL;
    }
    return capsule;
}

static PyMethodDef methods[] = {
    {"board", py_board, METH_VARARGS, "board(...) -> the tables of TRANGLAR's board"},
    TG_ENGINE_METHODS,
    {NULL, NULL, 0, NULL},
};

TG_MODULE("TRANGLAR's native kernel (see rules.py, the reference).")
