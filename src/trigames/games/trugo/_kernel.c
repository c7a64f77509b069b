/* Trugo's native kernel: the moves of rules.py for the hot loops (random playouts, perft, the
 * MCTS player's simulations). rules.py is the reference; every step here mirrors TrugoState
 * (legal_moves with _tile_moves, removable and _piece_moves; apply_code with _captures,
 * _capture_groups and _judge; the position hash and its `seen` counts), and tests/native
 * proves them equal.
 *
 * Cells and junctions are the ids of the game's TileWindow, whose tables the board capsule
 * holds (a window of radius `tiles`: up to 24,571 cells and 49,686 junctions for 90 tiles).
 * A state holds only what is on the board, in short sorted arrays: the placed tiles (at most
 * 90, with their placed neighbours) and the junctions on them (at most 4 x 90 + 2, each with
 * the tiles meeting there, its band links and its stack), so its size does not grow with the
 * window: about 2.5 KiB, 20 bytes per junction the game's tiles may have and 8 per position
 * hash it keeps (below): 11 KiB for the default game, at most TG_STATE_MAX (95 KiB, for 90
 * tiles and a waning limit of 10,000), which the engine copies as bytes.
 *
 * Repetition. The rules count how often each position hash occurred since the state was made
 * (`seen`) and draw at the third time. A position can only come back while its tiles and its
 * pieces are the same: in the waxing phase tiles are only added (a position can only equal
 * one since the last placement, W_k for k tiles), and in the waning phase tiles and pieces are
 * only taken away (one since the last capture or removal: the "run", at most waning_limit + 1
 * positions since `quiet` counts them), except that a waning layout of k tiles may be the
 * layout of the first k tiles laid, whose waxing positions W_k it may then repeat. So a state
 * keeps the hashes of its waxing positions by tile count and those of its waning run: at most
 * `history` = waning_limit + 1 + 8 * tiles + 256 positions (TRUGO_HISTORY, 86 KiB, with the
 * largest options). Random games stay far within it (their waxing phase is about the number
 * of tiles); a line whose waxing phase outgrows the room is counted in `trugo_overflows`, and
 * trigames.games.trugo.native then plays it on the Python engine instead.
 *
 * A move is a number: 3 t + o places a tile on cell t in orientation o, 3 T + t removes the
 * tile of cell t, 4 T passes, and 4 T + 1 + a J + b moves the piece on junction a to b, for T
 * cells and J junctions. With 90 tiles that passes 2^31: move numbers are unsigned, handed
 * over as C ints (Python reads them modulo 2^32).
 *
 * A snapshot of a state (trigames.games.trugo.native) is
 *   (to_move, winners, pool, quiet, supply, hash, tiles, stacks, waxing, run)
 * with to_move -1 once the game is over, winners a mask of seats (0 while it goes on), supply
 * the pieces in hand per seat, tiles a flat list of (cell, orientation, rank), stacks a flat
 * list of (junction, bottom, top) sorted by junction, waxing a flat list of (tiles, hash) of
 * the waxing positions in order and run the hashes of the waning run. A tile's rank is the
 * number of tiles on the board once it was laid (the tiles the state started with share
 * theirs). */
#define PY_SSIZE_T_CLEAN
#define Py_LIMITED_API 0x030B0000
#include <Python.h>

#include "tg_common.h"

#define TRUGO_MAX_TILES 90
#define TRUGO_MAX_FRONTIER (4 * TRUGO_MAX_TILES)  /* empty cells next to n tiles: 2 n + 4 */
#define TRUGO_HISTORY (10000 + 1 + 8 * TRUGO_MAX_TILES + 256)
/* The junctions on n connected tiles: at most 4 n + 2 (each tile beyond the first shares an
 * edge, two corners, with the layout). */
#define TRUGO_MAX_JUNCTIONS (4 * TRUGO_MAX_TILES + 2)

#if defined(_MSC_VER)
#define TRUGO_THREAD __declspec(thread)
#else
#define TRUGO_THREAD _Thread_local
#endif

/* Lines whose history outgrew a state's room, on this thread (read and reset by overflows()). */
static TRUGO_THREAD long trugo_overflows;

typedef struct {
    int cells, junctions, origin;
    int tiles, stacking, limit;
    int most_full;             /* rules.py's most_full_junctions(tiles): F of the action ids */
    int history;               /* hashes a state keeps */
    int max_moves;
    size_t junction_bytes;     /* a state's junction table, rounded up to 8 bytes */
    int *corners;              /* cells x 6: the junctions of each cell's corners */
    int *neighbours;           /* cells x 6: the cell across each edge, -1 off the window */
    int *near;                 /* junctions x 3: the junctions one edge away, sorted, -1 */
    unsigned char *light;      /* junctions */
    signed char partner[3][6]; /* the corner a band joins to each corner, -1 for a cap */
    unsigned char free_run[64], splits[64];
} trugo_board;

/* A junction on a placed tile (TrugoState.full, top, bottom and links of one junction). */
typedef struct {
    int j;
    signed char full;         /* placed tiles around it (3: a full junction) */
    signed char bottom, top;  /* the stack on it: seats, -1 for none */
    signed char links;
    int link[3];              /* the junctions its bands lead to */
} trugo_junction;

typedef struct {
    int to_move;  /* -1 once over */
    int winners;  /* a mask of seats once over */
    int pool, quiet, supply[2], count[2];
    int tiles;            /* tiles placed */
    int active, stacks;   /* junctions on the tiles, stacks on them */
    int frontier_size;    /* empty cells next to the tiles, while the pool lasts */
    int waxing, run;      /* hashes kept: waxing positions, then the waning run */
    uint64_t hash;
    int tile[TRUGO_MAX_TILES];  /* the placed tiles' cells, sorted */
    unsigned char orient[TRUGO_MAX_TILES], rank[TRUGO_MAX_TILES];
    unsigned char beside[TRUGO_MAX_TILES];  /* placed neighbours: bit k across edge k */
    int frontier[TRUGO_MAX_FRONTIER];  /* sorted (TrugoState.frontier) */
    /* waxing positions with k tiles: hashes wax_from[k] to wax_to[k] - 1 */
    unsigned short wax_from[TRUGO_MAX_TILES + 1], wax_to[TRUGO_MAX_TILES + 1];
    /* then the junctions (room for 4 x tiles + 2, sorted by id) and `history` hashes */
    uint64_t tail[];
} trugo_state;

#define TG_STATE_MAX (sizeof(trugo_state) + sizeof(trugo_junction) * TRUGO_MAX_JUNCTIONS + 8 \
                      + sizeof(uint64_t) * TRUGO_HISTORY)
#define BOARD_NAME "trigames.games.trugo.board"

static trugo_junction *trugo_junctions(const trugo_state *s) { return (trugo_junction *)s->tail; }

static uint64_t *trugo_hashes(const trugo_board *b, const trugo_state *s) {
    return (uint64_t *)((char *)s->tail + b->junction_bytes);
}

/* --- the position hash: rules.py's _mix, STACK_KEYS, TILE_KEYS and SIDE_KEY --------------- */

static uint64_t trugo_mix(uint64_t n) {
    uint64_t z = n * 0x9E3779B97F4A7C15ULL + 0x20070718ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return (z ^ (z >> 31)) >> 1;
}

static int trugo_stack_code(int bottom, int top) {
    if (top < 0) return 0;
    if (bottom < 0) return 1 + top;
    return 3 + 2 * bottom + top;
}

static uint64_t trugo_stack_key(int j, int code) {
    return code ? trugo_mix(3 * (7 * (uint64_t)j + (uint64_t)code)) : 0;
}

static uint64_t trugo_tile_key(int t, int o) {
    return trugo_mix(3 * (3 * (uint64_t)t + (uint64_t)o) + 1);
}

#define TRUGO_SIDE_KEY trugo_mix(2)

/* --- looking things up ---------------------------------------------------------------------- */

static int trugo_place_of(const int *items, int n, int key) {  /* the first index >= key */
    int low = 0, high = n;
    while (low < high) {
        int mid = (low + high) >> 1;
        if (items[mid] < key) low = mid + 1;
        else high = mid;
    }
    return low;
}

/* The index of `key` in the sorted `items`, or -1. */
static int trugo_find(const int *items, int n, int key) {
    int i = trugo_place_of(items, n, key);
    return i < n && items[i] == key ? i : -1;
}

static int trugo_present(const trugo_state *s, int t) {
    return t >= 0 && trugo_find(s->tile, s->tiles, t) >= 0;
}

static int trugo_junction_place(const trugo_state *s, int j) {  /* the first index >= j */
    const trugo_junction *at = trugo_junctions(s);
    int low = 0, high = s->active;
    while (low < high) {
        int mid = (low + high) >> 1;
        if (at[mid].j < j) low = mid + 1;
        else high = mid;
    }
    return low;
}

/* The index of junction j in the state's table, -1 when no placed tile has it. */
static int trugo_junction_index(const trugo_state *s, int j) {
    int i = trugo_junction_place(s, j);
    return i < s->active && trugo_junctions(s)[i].j == j ? i : -1;
}

static trugo_junction *trugo_junction_of(const trugo_state *s, int j) {
    int i = trugo_junction_index(s, j);
    return i < 0 ? NULL : trugo_junctions(s) + i;
}

/* The junction indices by id, for the walks of one move generation (a table of 1024 slots:
 * more than twice the junctions of 90 tiles). */
#define TRUGO_SLOTS 1024
typedef struct { short slot[TRUGO_SLOTS]; } trugo_map;

static unsigned trugo_slot_of(int j) { return ((unsigned)j * 2654435761u) >> 22; }

static void trugo_map_build(const trugo_state *s, trugo_map *map) {
    const trugo_junction *at = trugo_junctions(s);
    memset(map->slot, 0, sizeof map->slot);
    for (int i = 0; i < s->active; i++) {
        unsigned h = trugo_slot_of(at[i].j);
        while (map->slot[h]) h = (h + 1) & (TRUGO_SLOTS - 1);
        map->slot[h] = (short)(i + 1);
    }
}

static int trugo_map_find(const trugo_state *s, const trugo_map *map, int j) {
    const trugo_junction *at = trugo_junctions(s);
    for (unsigned h = trugo_slot_of(j); map->slot[h]; h = (h + 1) & (TRUGO_SLOTS - 1))
        if (at[map->slot[h] - 1].j == j) return map->slot[h] - 1;
    return -1;
}

/* --- move generation ------------------------------------------------------------------------ */

#define TRUGO_PLACE(b, t, o) (3 * (t) + (o))
#define TRUGO_REMOVE(b, t) (3 * (b)->cells + (t))
#define TRUGO_PASS(b) (4 * (b)->cells)
#define TRUGO_MOVE(b, a, d)                                                                 \
    ((int)(4u * (unsigned)(b)->cells + 1u + (unsigned)(a) * (unsigned)(b)->junctions         \
           + (unsigned)(d)))

/* The slots of each placed tile's placed neighbours (-1 for none), for the walks below. */
typedef struct { signed char slot[TRUGO_MAX_TILES][6]; int ready; } trugo_tiles;

static void trugo_tiles_build(const trugo_board *b, const trugo_state *s, trugo_tiles *near) {
    for (int i = 0; i < s->tiles; i++)
        for (int k = 0; k < 6; k++) {
            int n = b->neighbours[6 * s->tile[i] + k];
            int slot = s->beside[i] >> k & 1 ? trugo_find(s->tile, s->tiles, n) : -1;
            near->slot[i][k] = (signed char)slot;
        }
    near->ready = 1;
}

/* TrugoState._connected_without: whether the tiles other than the one in slot `gone` are one
 * connected layout. */
static int trugo_connected_without(const trugo_state *s, const trugo_tiles *near, int gone) {
    unsigned char seen[TRUGO_MAX_TILES] = {0};
    int todo[TRUGO_MAX_TILES], n = 0, found = 1;
    int start = gone == 0 ? 1 : 0;
    seen[start] = 1;
    todo[n++] = start;
    while (n) {
        int t = todo[--n];
        for (int k = 0; k < 6; k++) {
            int i = near->slot[t][k];
            if (i < 0 || i == gone || seen[i]) continue;
            seen[i] = 1;
            todo[n++] = i;
            found++;
        }
    }
    return found == s->tiles - 1;
}

/* TrugoState.removable, for the tile in slot i */
static int trugo_removable(const trugo_board *b, const trugo_state *s, trugo_tiles *near, int i) {
    int present = s->beside[i];
    if (!b->free_run[present]) return 0;
    if (!b->splits[present]) return 1;
    if (!near->ready) trugo_tiles_build(b, s, near);
    return trugo_connected_without(s, near, i);
}

static void trugo_sort(int *items, int n) {  /* insertion sort: short lists */
    for (int i = 1; i < n; i++) {
        int x = items[i], k = i - 1;
        while (k >= 0 && items[k] > x) { items[k + 1] = items[k]; k--; }
        items[k + 1] = x;
    }
}

/* The destinations of the piece on the junction of index `from` (TrugoState._piece_moves),
 * sorted; `mark` holds a stamp per junction index, `stamp` a new one. */
static int trugo_destinations(const trugo_board *b, const trugo_state *s, const trugo_map *map,
                              int from, int *mark, int stamp, int *dests) {
    const trugo_junction *at = trugo_junctions(s);
    int empties[TRUGO_MAX_JUNCTIONS], todo[TRUGO_MAX_JUNCTIONS];
    int nd = 0, ne = 0, nt = 0;
    mark[from] = stamp;
    empties[ne++] = from;
    todo[nt++] = from;
    while (nt) {
        const trugo_junction *x = at + todo[--nt];
        for (int k = 0; k < x->links; k++) {
            int y = trugo_map_find(s, map, x->link[k]);
            if (mark[y] == stamp) continue;
            mark[y] = stamp;
            if (at[y].full == 3) {
                if (at[y].top < 0) {
                    dests[nd++] = at[y].j;
                    empties[ne++] = y;
                    todo[nt++] = y;
                } else if (b->stacking && at[y].bottom < 0) {
                    dests[nd++] = at[y].j;
                }
            } else {
                todo[nt++] = y;
            }
        }
    }
    for (int e = 0; e < ne; e++)
        for (int k = 0; k < 3; k++) {
            int z = b->near[3 * at[empties[e]].j + k], y = z < 0 ? -1 : trugo_map_find(s, map, z);
            if (y >= 0 && at[y].full == 3 && (at[y].top < 0 || (b->stacking && at[y].bottom < 0)))
                dests[nd++] = z;
        }
    trugo_sort(dests, nd);
    int m = 0;  /* without repeats */
    for (int i = 0; i < nd; i++)
        if (m == 0 || dests[m - 1] != dests[i]) dests[m++] = dests[i];
    return m;
}

/* TrugoState.legal_moves: the moves in order into `moves` (its first `room`); returns how
 * many, or with `pick` >= 0 the move of that rank. */
static int trugo_walk(const trugo_board *b, const trugo_state *s, int *moves, int room,
                      int pick) {
    int player = s->to_move, n = 0;
    if (player < 0) return 0;
#define TRUGO_EMIT(m)                            \
    do {                                         \
        int move_ = (m);                         \
        if (n == pick) return move_;             \
        if (n < room) moves[n] = move_;          \
        n++;                                     \
    } while (0)
    if (s->pool > 0) {
        for (int i = 0; i < s->frontier_size; i++)
            for (int o = 0; o < 3; o++) TRUGO_EMIT(TRUGO_PLACE(b, s->frontier[i], o));
    } else {
        trugo_tiles near;
        near.ready = 0;
        for (int i = 0; i < s->tiles; i++)
            if (trugo_removable(b, s, &near, i)) TRUGO_EMIT(TRUGO_REMOVE(b, s->tile[i]));
    }
    if (s->stacks) {
        const trugo_junction *at = trugo_junctions(s);
        int mark[TRUGO_MAX_JUNCTIONS], dests[4 * TRUGO_MAX_JUNCTIONS], stamp = 0;
        trugo_map map;
        trugo_map_build(s, &map);
        memset(mark, 0, sizeof(int) * (size_t)s->active);
        for (int i = 0; i < s->active; i++) {
            if (at[i].top != player) continue;
            int nd = trugo_destinations(b, s, &map, i, mark, ++stamp, dests);
            for (int k = 0; k < nd; k++) TRUGO_EMIT(TRUGO_MOVE(b, at[i].j, dests[k]));
        }
    }
    if (n == 0) TRUGO_EMIT(TRUGO_PASS(b));
#undef TRUGO_EMIT
    return n;
}

static int trugo_legal(const void *ctx, const void *state, int *moves) {
    return trugo_walk(ctx, state, moves, ((const trugo_board *)ctx)->max_moves, -1);
}

static int trugo_random_move(const void *ctx, const void *state, tg_rng *rng) {
    int moves[1024], n = trugo_walk(ctx, state, moves, 1024, -1), pick = tg_below(rng, n);
    return pick < 1024 ? moves[pick] : trugo_walk(ctx, state, NULL, 0, pick);
}

/* --- playing -------------------------------------------------------------------------------- */

/* TrugoState._set: put a stack on junction j, a full one (top -1: none). */
static void trugo_set_stack(trugo_state *s, int j, int bottom, int top) {
    trugo_junction *e = trugo_junction_of(s, j);
    int old_bottom = e->bottom, old_top = e->top;
    if (old_top >= 0) {
        s->count[old_top]--;
        if (old_bottom >= 0) s->count[old_bottom]--;
    }
    if (top >= 0) {
        s->count[top]++;
        if (bottom >= 0) s->count[bottom]++;
    }
    s->stacks += (top >= 0) - (old_top >= 0);
    s->hash ^= trugo_stack_key(j, trugo_stack_code(old_bottom, old_top))
               ^ trugo_stack_key(j, trugo_stack_code(bottom, top));
    e->bottom = (signed char)bottom;
    e->top = (signed char)top;
}

/* The empty cells next to the tiles once tile t is laid (TrugoState._add_tile). */
static void trugo_grow_frontier(const trugo_board *b, trugo_state *s, int t) {
    int i = trugo_find(s->frontier, s->frontier_size, t);
    if (i >= 0) {
        s->frontier_size--;
        memmove(s->frontier + i, s->frontier + i + 1, sizeof(int) * (size_t)(s->frontier_size - i));
    }
    for (int k = 0; k < 6; k++) {
        int n = b->neighbours[6 * t + k];
        if (n < 0 || trugo_present(s, n)) continue;
        int at = trugo_place_of(s->frontier, s->frontier_size, n);
        if (at < s->frontier_size && s->frontier[at] == n) continue;
        size_t after = sizeof(int) * (size_t)(s->frontier_size - at);
        memmove(s->frontier + at + 1, s->frontier + at, after);
        s->frontier[at] = n;
        s->frontier_size++;
    }
}

/* Marks tile t as placed (`placed`) or gone in its placed neighbours' masks; returns its own. */
static int trugo_meet(const trugo_board *b, trugo_state *s, int t, int placed) {
    int mine = 0;
    for (int k = 0; k < 6; k++) {
        int n = b->neighbours[6 * t + k], i = n < 0 ? -1 : trugo_find(s->tile, s->tiles, n);
        if (i < 0) continue;
        mine |= 1 << k;
        for (int e = 0; e < 6; e++)
            if (b->neighbours[6 * n + e] == t) {
                if (placed) s->beside[i] |= (unsigned char)(1 << e);
                else s->beside[i] &= (unsigned char)~(1 << e);
            }
    }
    return mine;
}

/* TrugoState._add_tile (the frontier apart) */
static void trugo_add_tile(const trugo_board *b, trugo_state *s, int t, int o, int rank) {
    int i = trugo_place_of(s->tile, s->tiles, t), after = s->tiles - i;
    memmove(s->tile + i + 1, s->tile + i, sizeof(int) * (size_t)after);
    memmove(s->orient + i + 1, s->orient + i, (size_t)after);
    memmove(s->rank + i + 1, s->rank + i, (size_t)after);
    memmove(s->beside + i + 1, s->beside + i, (size_t)after);
    s->tile[i] = t;
    s->orient[i] = (unsigned char)o;
    s->rank[i] = (unsigned char)rank;
    s->tiles++;
    s->beside[i] = (unsigned char)trugo_meet(b, s, t, 1);
    s->hash ^= trugo_tile_key(t, o);
    trugo_junction *at = trugo_junctions(s);
    for (int c = 0; c < 6; c++) {
        int j = b->corners[6 * t + c], k = trugo_junction_place(s, j);
        if (k == s->active || at[k].j != j) {
            memmove(at + k + 1, at + k, sizeof(trugo_junction) * (size_t)(s->active - k));
            memset(at + k, 0, sizeof(trugo_junction));
            at[k].j = j;
            at[k].bottom = at[k].top = -1;
            s->active++;
        }
        at[k].full++;
        int partner = b->partner[o][c];
        if (partner >= 0) at[k].link[at[k].links++] = b->corners[6 * t + partner];
    }
}

/* TrugoState._drop_tile (the frontier apart: no tile is laid once one is removed) */
static void trugo_drop_tile(const trugo_board *b, trugo_state *s, int t) {
    int i = trugo_find(s->tile, s->tiles, t), after = s->tiles - i - 1, o = s->orient[i];
    s->hash ^= trugo_tile_key(t, o);
    trugo_meet(b, s, t, 0);
    memmove(s->beside + i, s->beside + i + 1, (size_t)after);
    memmove(s->tile + i, s->tile + i + 1, sizeof(int) * (size_t)after);
    memmove(s->orient + i, s->orient + i + 1, (size_t)after);
    memmove(s->rank + i, s->rank + i + 1, (size_t)after);
    s->tiles--;
    trugo_junction *at = trugo_junctions(s);
    for (int c = 0; c < 6; c++) {
        int k = trugo_junction_index(s, b->corners[6 * t + c]), partner = b->partner[o][c];
        if (partner >= 0) {
            int other = b->corners[6 * t + partner], n = 0;
            while (at[k].link[n] != other) n++;
            at[k].links--;
            memmove(at[k].link + n, at[k].link + n + 1, sizeof(int) * (size_t)(at[k].links - n));
        }
        if (--at[k].full == 0) {
            s->active--;
            memmove(at + k, at + k + 1, sizeof(trugo_junction) * (size_t)(s->active - k));
        }
    }
}

/* TrugoState._capture_groups: take `player`'s surrounded groups among the candidates (junction
 * indices, -1 for none); the indices where a pinned piece was released go to `released`. */
static void trugo_capture_groups(const trugo_board *b, trugo_state *s, int player,
                                 const int *candidates, int count, int *lost, int *released,
                                 int *nreleased, int *mark, int stamp) {
    trugo_junction *at = trugo_junctions(s);
    int group[TRUGO_MAX_JUNCTIONS];
    for (int c = 0; c < count; c++) {
        int start = candidates[c];
        if (start < 0 || at[start].top != player || mark[start] == stamp) continue;
        int n = 0, free = 0;
        group[n++] = start;
        mark[start] = stamp;
        for (int g = 0; g < n; g++)
            for (int k = 0; k < 3; k++) {
                int z = b->near[3 * at[group[g]].j + k];
                int y = z < 0 ? -1 : trugo_junction_index(s, z);
                if (z < 0) continue;
                if (y < 0 || at[y].full != 3 || at[y].top < 0) free = 1;
                else if (at[y].top == player && mark[y] != stamp) {
                    mark[y] = stamp;
                    group[n++] = y;
                }
            }
        if (free) continue;
        for (int g = 0; g < n; g++) {
            int j = at[group[g]].j, below = at[group[g]].bottom;
            lost[player]++;
            if (below == player) {
                lost[player]++;
                trugo_set_stack(s, j, -1, -1);
            } else if (below >= 0) {
                trugo_set_stack(s, j, -1, below);
                if (released) released[(*nreleased)++] = group[g];
            } else {
                trugo_set_stack(s, j, -1, -1);
            }
        }
    }
}

/* TrugoState._captures: returns the pieces captured. */
static int trugo_captures(const trugo_board *b, trugo_state *s, int mover, const int *changed,
                          int count) {
    int candidates[6 * 4 + TRUGO_MAX_JUNCTIONS], n = 0, lost[2] = {0, 0};
    int released[TRUGO_MAX_JUNCTIONS], nreleased = 0, mark[TRUGO_MAX_JUNCTIONS];
    for (int c = 0; c < count; c++) {
        candidates[n++] = trugo_junction_index(s, changed[c]);
        for (int k = 0; k < 3; k++) {
            int z = b->near[3 * changed[c] + k];
            candidates[n++] = z < 0 ? -1 : trugo_junction_index(s, z);
        }
    }
    memset(mark, 0, sizeof(int) * (size_t)s->active);
    trugo_capture_groups(b, s, 1 - mover, candidates, n, lost, released, &nreleased, mark, 1);
    for (int r = 0; r < nreleased; r++) candidates[n++] = released[r];
    trugo_capture_groups(b, s, mover, candidates, n, lost, NULL, NULL, mark, 2);
    return lost[0] + lost[1];
}

static int trugo_count_in(const uint64_t *hashes, int from, int to, uint64_t hash) {
    int n = 0;
    for (int i = from; i < to; i++) n += hashes[i] == hash;
    return n;
}

/* Keeps the new position's hash and returns how often it occurred (the rules' seen[hash]). */
static int trugo_remember(const trugo_board *b, trugo_state *s, int fresh_run) {
    uint64_t hash = s->hash, *kept = trugo_hashes(b, s);
    int k = s->tiles, room = b->history - (b->limit + 1), seen = 1;
    if (s->pool > 0) {  /* a waxing position: only W_k can hold it */
        seen += trugo_count_in(kept, s->wax_from[k], s->wax_to[k], hash);
        if (s->waxing < room) {
            kept[s->waxing++] = hash;
            s->wax_to[k] = (unsigned short)s->waxing;
        } else {
            trugo_overflows++;
        }
        return seen;
    }
    if (fresh_run) s->run = 0;
    seen += trugo_count_in(kept, s->waxing, s->waxing + s->run, hash);
    if (s->wax_to[k] > s->wax_from[k]) {
        int latest = 0;  /* is the layout that of the first k tiles laid? */
        for (int i = 0; i < s->tiles; i++) if (s->rank[i] > latest) latest = s->rank[i];
        if (latest <= k) seen += trugo_count_in(kept, s->wax_from[k], s->wax_to[k], hash);
    }
    if (s->waxing + s->run < b->history) kept[s->waxing + s->run++] = hash;
    else trugo_overflows++;
    return seen;
}

/* TrugoState.apply_code with _judge */
static void trugo_apply(const void *ctx, void *state, int move) {
    const trugo_board *b = ctx;
    trugo_state *s = state;
    unsigned code = (unsigned)move, cells = (unsigned)b->cells;
    int mover = s->to_move, opponent = 1 - mover, was_waning = s->pool == 0;
    int changed[6], nchanged = 0, captured = 0, removal = 0;
    if (code < 3 * cells) {
        int t = (int)(code / 3), o = (int)(code % 3);
        trugo_add_tile(b, s, t, o, s->tiles + 1);
        trugo_grow_frontier(b, s, t);
        s->pool--;
        for (int c = 0; c < 6; c++) {
            int j = b->corners[6 * t + c];
            if (trugo_junction_of(s, j)->full != 3) continue;
            int owner = b->light[j] ? 0 : 1;
            if (s->supply[owner] > 0) {
                s->supply[owner]--;
                trugo_set_stack(s, j, -1, owner);
            }
            changed[nchanged++] = j;
        }
        if (s->pool > 0)  /* a new tile count: its waxing positions start here */
            s->wax_from[s->tiles] = s->wax_to[s->tiles] = (unsigned short)s->waxing;
    } else if (code < 4 * cells) {
        int t = (int)(code - 3 * cells);
        removal = 1;
        for (int c = 0; c < 6; c++) {
            const trugo_junction *e = trugo_junction_of(s, b->corners[6 * t + c]);
            if (e->full == 3 && e->top >= 0) trugo_set_stack(s, e->j, -1, -1);
        }
        trugo_drop_tile(b, s, t);
    } else if (code > 4 * cells) {
        unsigned rest = code - 4 * cells - 1;
        int a = (int)(rest / (unsigned)b->junctions), d = (int)(rest % (unsigned)b->junctions);
        trugo_set_stack(s, a, -1, trugo_junction_of(s, a)->bottom);
        int top = trugo_junction_of(s, d)->top;
        trugo_set_stack(s, d, top, mover);
        changed[nchanged++] = a;
        changed[nchanged++] = d;
    }
    if (nchanged) captured = trugo_captures(b, s, mover, changed, nchanged);
    if (captured || removal) s->quiet = 0;
    else if (was_waning) s->quiet++;
    s->hash ^= TRUGO_SIDE_KEY;
    int seen = trugo_remember(b, s, !was_waning || captured || removal);
    s->to_move = opponent;
    if (s->pool == 0 && !(s->count[0] && s->count[1])) {
        s->winners = 1 << (s->count[opponent] ? opponent : mover);
        s->to_move = -1;
    } else if (seen >= 3 || s->quiet >= b->limit) {
        s->winners = 3;
        s->to_move = -1;
    }
}

static int trugo_mover(const void *ctx, const void *state) {
    return ((const trugo_state *)state)->to_move;
}

/* TrugoState.scores: each seat's pieces on the board */
static void trugo_scores(const void *ctx, const void *state, int *out) {
    const trugo_state *s = state;
    out[0] = s->count[0];
    out[1] = s->count[1];
}

static void trugo_rewards(const void *ctx, const void *state, double *out) {
    int winners = ((const trugo_state *)state)->winners;
    double share = winners == 3 ? 0.5 : 1.0;
    out[0] = winners & 1 ? share : 0.0;
    out[1] = winners & 2 ? share : 0.0;
}

/* --- the evaluation (evaluation.py's heuristic, term for term) ------------------------------ */

/* The weights' order (EVALUATION_WEIGHTS in native.py). */
enum {
    TRUGO_W_PIECES,          /* pieces on the board, pinned ones included */
    TRUGO_W_PINNED,          /* pieces pinned under an opponent's (on top of the above) */
    TRUGO_W_SUPPLY,          /* pieces in hand the pool can still bring in (below) */
    TRUGO_W_LIBERTY,         /* liberties of the groups */
    TRUGO_W_ATARI_TO_MOVE,   /* pieces in groups with one liberty, for the seat to move */
    TRUGO_W_ATARI_WAITING,   /* the same for the other seat */
    TRUGO_W_SHORT,           /* pieces in groups with two liberties */
    TRUGO_W_REMOVAL_TO_MOVE, /* the best a removal takes (net), for the seat to move */
    TRUGO_W_REMOVAL_WAITING, /* the same for the other seat */
    TRUGO_W_SUPPLY_RATE,     /* pieces of a seat's colour a tile brings in, on average */
    TRUGO_W_TO_MOVE,         /* the move itself */
    TRUGO_WEIGHTS
};

/* What the evaluation counts for one seat. */
typedef struct {
    int pinned, liberties, atari, short_of, removal;
} trugo_side;

static int trugo_unique(int *items, int n) {  /* sorts and counts distinct items */
    trugo_sort(items, n);
    int m = 0;
    for (int i = 0; i < n; i++) m += i == 0 || items[i] != items[i - 1];
    return m;
}

/* evaluation.groups: each group of `seat` (junctions whose top pieces are the seat's, joined
 * along tile edges), its pieces and liberties (empty or partial junctions next to it). A group
 * touching a partial junction once the pool is empty cannot be surrounded: it is in no danger. */
static void trugo_count_groups(const trugo_board *b, const trugo_state *s, int seat,
                               trugo_side *side) {
    const trugo_junction *at = trugo_junctions(s);
    unsigned char seen[TRUGO_MAX_JUNCTIONS] = {0};
    int group[TRUGO_MAX_JUNCTIONS], free[3 * TRUGO_MAX_JUNCTIONS];
    for (int start = 0; start < s->active; start++) {
        if (at[start].full != 3 || at[start].top != seat || seen[start]) continue;
        int n = 0, nf = 0, pieces = 0, safe = 0;
        seen[start] = 1;
        group[n++] = start;
        for (int g = 0; g < n; g++) {
            const trugo_junction *x = at + group[g];
            pieces += 1 + (x->bottom == seat);
            for (int k = 0; k < 3; k++) {
                int z = b->near[3 * x->j + k];
                if (z < 0) continue;
                int y = trugo_junction_index(s, z);
                if (y < 0 || at[y].full != 3) {
                    free[nf++] = z;
                    if (s->pool == 0) safe = 1;
                } else if (at[y].top < 0) {
                    free[nf++] = z;
                } else if (at[y].top == seat && !seen[y]) {
                    seen[y] = 1;
                    group[n++] = y;
                }
            }
        }
        int liberties = trugo_unique(free, nf);
        side->liberties += liberties;
        if (safe) continue;
        if (liberties == 1) side->atari += pieces;
        else if (liberties == 2) side->short_of += pieces;
    }
}

/* evaluation.removals: the most each seat gains by one removal (the opponent's pieces it
 * takes off the board less its own), 0 when none gains. */
static void trugo_count_removals(const trugo_board *b, const trugo_state *s, trugo_side *sides) {
    trugo_tiles near;
    near.ready = 0;
    for (int i = 0; i < s->tiles; i++) {
        if (!trugo_removable(b, s, &near, i)) continue;
        int taken[2] = {0, 0};
        for (int c = 0; c < 6; c++) {
            const trugo_junction *e = trugo_junction_of(s, b->corners[6 * s->tile[i] + c]);
            if (e->full != 3 || e->top < 0) continue;
            taken[e->top]++;
            if (e->bottom >= 0) taken[e->bottom]++;
        }
        for (int seat = 0; seat < 2; seat++) {
            int gain = taken[1 - seat] - taken[seat];
            if (gain > sides[seat].removal) sides[seat].removal = gain;
        }
    }
}

/* What a move gains the mover at once, for the alpha-beta's move ordering and quiescence: the
 * pieces it captures or removes of the opponent's less its own (placing a piece from the supply
 * on the board gains nothing). */
static int trugo_gain(const void *ctx, const void *before, const void *after, int mover) {
    const trugo_state *a = before, *b = after;
    int change[2];
    for (int x = 0; x < 2; x++) change[x] = b->count[x] + b->supply[x] - a->count[x] - a->supply[x];
    return change[mover] - change[1 - mover];
}

static double trugo_evaluate(const void *ctx, const void *state, int seat, const double *w) {
    const trugo_board *b = ctx;
    const trugo_state *s = state;
    trugo_side sides[2];
    memset(sides, 0, sizeof sides);
    const trugo_junction *at = trugo_junctions(s);
    for (int i = 0; i < s->active; i++)
        if (at[i].bottom >= 0 && at[i].top != at[i].bottom) sides[at[i].bottom].pinned++;
    for (int x = 0; x < 2; x++) trugo_count_groups(b, s, x, &sides[x]);
    if (s->pool == 0) trugo_count_removals(b, s, sides);
    double value[2];
    for (int x = 0; x < 2; x++) {
        const trugo_side *d = &sides[x];
        int moving = x == s->to_move;
        double v = w[TRUGO_W_PIECES] * s->count[x] + w[TRUGO_W_PINNED] * d->pinned
                   + w[TRUGO_W_LIBERTY] * d->liberties + w[TRUGO_W_SHORT] * d->short_of;
        double rate = w[TRUGO_W_SUPPLY_RATE] * s->pool;  /* the pieces the pool may bring in */
        v += w[TRUGO_W_SUPPLY] * (s->supply[x] < rate ? s->supply[x] : rate);
        v += w[moving ? TRUGO_W_ATARI_TO_MOVE : TRUGO_W_ATARI_WAITING] * d->atari;
        v += w[moving ? TRUGO_W_REMOVAL_TO_MOVE : TRUGO_W_REMOVAL_WAITING] * d->removal;
        if (moving) v += w[TRUGO_W_TO_MOVE];
        value[x] = v;
    }
    return value[seat] - value[1 - seat];
}

#include "tg_engine.h"

/* --- reading snapshots ---------------------------------------------------------------------- */

static int trugo_bad(const char *message) {
    PyErr_SetString(PyExc_ValueError, message);
    return -1;
}

static long trugo_item(PyObject *list, Py_ssize_t i) {
    return PyLong_AsLong(PyList_GetItem(list, i));
}

/* --- action ids (actions.py): cells and junctions by their ranks in the layout ------------- */

/* actions.py's ids of the n legal `moves` into `ids`: 3 k + o places on the k-th frontier
 * cell, 3P + k removes the k-th tile, 3P + N + i F + j moves from the i-th full junction to
 * the j-th, then the pass (P = 2N + 2 and F = most_full_junctions(N) for N tiles). */
static void trugo_action_ids(const void *ctx, const void *state, const int *moves, int *ids,
                             int n) {
    const trugo_board *b = ctx;
    const trugo_state *s = state;
    unsigned cells = (unsigned)b->cells, junctions = (unsigned)b->junctions;
    int most = b->most_full, removal = 3 * (2 * b->tiles + 2), first_move = removal + b->tiles;
    int fulls_before[TRUGO_MAX_JUNCTIONS + 1];  /* full junctions before each table index */
    const trugo_junction *e = trugo_junctions(s);
    fulls_before[0] = 0;
    for (int i = 0; i < s->active; i++) fulls_before[i + 1] = fulls_before[i] + (e[i].full == 3);
    for (int i = 0; i < n; i++) {
        unsigned m = (unsigned)moves[i];
        if (m < 3 * cells) {
            int k = trugo_place_of(s->frontier, s->frontier_size, (int)(m / 3));
            ids[i] = 3 * k + (int)(m % 3);
        } else if (m < 4 * cells) {
            ids[i] = removal + trugo_place_of(s->tile, s->tiles, (int)(m - 3 * cells));
        } else if (m == 4 * cells) {
            ids[i] = first_move + most * most;
        } else {
            m -= 4 * cells + 1;
            int from = fulls_before[trugo_junction_place(s, (int)(m / junctions))];
            int to = fulls_before[trugo_junction_place(s, (int)(m % junctions))];
            ids[i] = first_move + most * from + to;
        }
    }
}

static long trugo_outgrown(void) { return trugo_overflows; }

/* --- observation planes (actions.py's observation_planes) ---------------------------------- */

static int trugo_observation_size(const trugo_board *b) { return 3 * b->cells + 4 * b->junctions + 6; }

/* Over the window's cells, a plane per orientation; over its junctions, the top pieces of
 * `seat` and of the other seat, then the pieces pinned under them; then the pool, the pieces
 * in hand (`seat` first), the quiet turns and the seat to move (counted from `seat`). */
static void trugo_observe(const void *ctx, const void *state, int seat, float *out) {
    const trugo_board *b = ctx;
    const trugo_state *s = state;
    int cells = b->cells, junctions = b->junctions;
    for (int i = 0; i < s->tiles; i++) out[s->orient[i] * cells + s->tile[i]] = 1.0f;
    float *top = out + 3 * cells, *bottom = top + 2 * junctions, *rest = bottom + 2 * junctions;
    const trugo_junction *e = trugo_junctions(s);
    for (int i = 0; i < s->active; i++) {
        if (e[i].top >= 0) top[(e[i].top == seat ? 0 : junctions) + e[i].j] = 1.0f;
        if (e[i].bottom >= 0) bottom[(e[i].bottom == seat ? 0 : junctions) + e[i].j] = 1.0f;
    }
    rest[0] = (float)s->pool;
    rest[1] = (float)s->supply[seat];
    rest[2] = (float)s->supply[1 - seat];
    rest[3] = (float)s->quiet;
    if (s->to_move >= 0) rest[4 + (s->to_move - seat + 2) % 2] = 1.0f;
}

static int tg_load(PyObject *capsule, PyObject *snapshot, tg_game *g, void *state) {
    trugo_board *b = PyCapsule_GetPointer(capsule, BOARD_NAME);
    if (!b) return -1;
    trugo_state *s = state;
    memset(s, 0, sizeof(trugo_state));
    PyObject *hash, *tiles, *stacks, *waxing, *run;
    if (!PyArg_ParseTuple(snapshot, "iiii(ii)OO!O!O!O!", &s->to_move, &s->winners, &s->pool,
                          &s->quiet, &s->supply[0], &s->supply[1], &hash, &PyList_Type, &tiles,
                          &PyList_Type, &stacks, &PyList_Type, &waxing, &PyList_Type, &run))
        return -1;
    Py_ssize_t nt = PyList_Size(tiles) / 3, ns = PyList_Size(stacks) / 3;
    Py_ssize_t nw = PyList_Size(waxing) / 2, nr = PyList_Size(run);
    if (s->to_move < -1 || s->to_move > 1 || s->winners < 0 || s->winners > 3 || s->pool < 0
        || s->pool > b->tiles || s->quiet < 0)
        return trugo_bad("to_move, winners, pool or quiet is out of range");
    if (nt > b->tiles) return trugo_bad("more tiles than the game has");
    for (Py_ssize_t i = 0; i < nt; i++) {
        long t = trugo_item(tiles, 3 * i), o = trugo_item(tiles, 3 * i + 1);
        long rank = trugo_item(tiles, 3 * i + 2);
        if (t < 0 || t >= b->cells || o < 0 || o > 2 || rank < 0 || rank > b->tiles
            || trugo_present(s, (int)t))
            return PyErr_Occurred() ? -1 : trugo_bad("a tile is out of range");
        trugo_add_tile(b, s, (int)t, (int)o, (int)rank);
        if (s->active > 4 * b->tiles + 2) return trugo_bad("the tiles are not one layout");
    }
    if (nt == 0) s->frontier[s->frontier_size++] = b->origin;
    for (Py_ssize_t i = 0; i < nt; i++) trugo_grow_frontier(b, s, s->tile[i]);
    for (Py_ssize_t i = 0; i < ns; i++) {
        long j = trugo_item(stacks, 3 * i), bottom = trugo_item(stacks, 3 * i + 1);
        long top = trugo_item(stacks, 3 * i + 2);
        const trugo_junction *e = j < 0 || j >= b->junctions ? NULL : trugo_junction_of(s, (int)j);
        if (!e || e->full != 3 || e->top >= 0 || bottom < -1 || bottom > 1 || top < 0 || top > 1)
            return PyErr_Occurred() ? -1 : trugo_bad("a stack is out of range");
        trugo_set_stack(s, (int)j, (int)bottom, (int)top);
    }
    s->hash = PyLong_AsUnsignedLongLongMask(hash);  /* the rules' own, side and all */
    if (nw > b->history - (b->limit + 1) || nr > b->limit + 1) {
        PyErr_SetString(PyExc_OverflowError, "the state's history is longer than the kernel keeps");
        return -1;
    }
    uint64_t *kept = trugo_hashes(b, s);
    int last = -1;
    for (Py_ssize_t i = 0; i < nw; i++) {
        long k = trugo_item(waxing, 2 * i);
        if (k < 0 || k > b->tiles || k < last) return trugo_bad("bad waxing positions");
        if (k != last) s->wax_from[k] = (unsigned short)i;
        kept[i] = PyLong_AsUnsignedLongLongMask(PyList_GetItem(waxing, 2 * i + 1));
        s->wax_to[k] = (unsigned short)(i + 1);
        last = (int)k;
    }
    s->waxing = (int)nw;
    for (Py_ssize_t i = 0; i < nr; i++)
        kept[nw + i] = PyLong_AsUnsignedLongLongMask(PyList_GetItem(run, i));
    s->run = (int)nr;
    if (PyErr_Occurred()) return -1;
    g->ctx = b;
    g->state_size = sizeof(trugo_state) + b->junction_bytes + sizeof(uint64_t) * (size_t)b->history;
    g->num_players = 2;
    g->max_moves = b->max_moves;
    TG_SET_FUNCTIONS(g, trugo);
    g->evaluate = trugo_evaluate;
    g->weight_count = TRUGO_WEIGHTS;
    g->gain = trugo_gain;
    g->action_ids = trugo_action_ids;
    g->outgrown = trugo_outgrown;
    g->observe = trugo_observe;
    g->observation_size = trugo_observation_size(b);
    return 0;
}

/* --- the board capsule ---------------------------------------------------------------------- */

static void board_free(PyObject *capsule) {
    trugo_board *b = PyCapsule_GetPointer(capsule, BOARD_NAME);
    if (!b) return;
    free(b->corners);
    free(b->neighbours);
    free(b->near);
    free(b->light);
    free(b);
}

/* A table of `rows` lists of `width` entries below `bound` (tg_engine.h's read_lists), where
 * `bound` - 1 stands for none: into rows x width entries, -1 for none. */
static int *trugo_table(PyObject *list, Py_ssize_t rows, int width, int bound) {
    int *at = NULL, *items = NULL;
    if (read_lists(list, rows, bound, &at, &items) < 0) { free(at); free(items); return NULL; }
    for (Py_ssize_t r = 0; r <= rows; r++)
        if (at[r] != width * r) {
            PyErr_SetString(PyExc_ValueError, "a table row has the wrong length");
            free(at);
            free(items);
            return NULL;
        }
    free(at);
    for (Py_ssize_t i = 0; i < rows * width; i++)
        if (items[i] == bound - 1) items[i] = -1;
    return items;
}

/* `length` bytes into `out`. */
static int trugo_bytes(PyObject *bytes, void *out, Py_ssize_t length) {
    char *data;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(bytes, &data, &size) < 0) return -1;
    if (size != length) return trugo_bad("a table has the wrong length");
    memcpy(out, data, (size_t)length);
    return 0;
}

/* board(options, corners, neighbours, near, light, partner, free_run, splits) -> a board
 * capsule. options: (cells, junctions, origin, tiles, stacking, waning_limit, max_moves,
 * waxing room); corners, neighbours and near lists of lists (6, 6 and 3 entries, `cells` and
 * `junctions` for none), light a byte per junction, partner 18 bytes (6 for none), free_run
 * and splits 64 bytes (see TrugoKernel). */
static PyObject *py_board(PyObject *self, PyObject *args) {
    int cells, junctions, origin, tiles, stacking, limit, max_moves, room;
    PyObject *corners, *neighbours, *near, *light, *partner, *free_run, *splits;
    if (!PyArg_ParseTuple(args, "(iiiiiiii)OOOSSSS", &cells, &junctions, &origin, &tiles,
                          &stacking, &limit, &max_moves, &room, &corners, &neighbours, &near,
                          &light, &partner, &free_run, &splits))
        return NULL;
    if (cells < 1 || junctions < 1 || origin < 0 || origin >= cells || tiles < 1
        || tiles > TRUGO_MAX_TILES || limit < 1 || max_moves < 1 || room < 1
        || limit + 1 + room > TRUGO_HISTORY
        || (double)junctions * junctions + 4.0 * cells + 1 > 4294967295.0) {
        PyErr_SetString(PyExc_ValueError, "the board is beyond what the kernel holds");
        return NULL;
    }
    trugo_board *b = calloc(1, sizeof *b);
    if (!b) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(b, BOARD_NAME, board_free);
    if (!capsule) { free(b); return NULL; }
    b->cells = cells;
    b->junctions = junctions;
    b->origin = origin;
    b->tiles = tiles;
    b->stacking = stacking;
    b->limit = limit;
    b->max_moves = max_moves;
    int root = 0;  /* isqrt(12 tiles - 4): most_full_junctions is 2 tiles - root */
    while ((root + 1) * (root + 1) <= 12 * tiles - 4) root++;
    b->most_full = 2 * tiles - root;
    b->history = limit + 1 + room;
    b->junction_bytes = (sizeof(trugo_junction) * (size_t)(4 * tiles + 2) + 7) & ~(size_t)7;
    unsigned char partners[18];
    if (!(b->corners = trugo_table(corners, cells, 6, junctions + 1))
        || !(b->neighbours = trugo_table(neighbours, cells, 6, cells + 1))
        || !(b->near = trugo_table(near, junctions, 3, junctions + 1))
        || !(b->light = malloc((size_t)junctions))
        || trugo_bytes(light, b->light, junctions) < 0
        || trugo_bytes(partner, partners, 18) < 0
        || trugo_bytes(free_run, b->free_run, 64) < 0 || trugo_bytes(splits, b->splits, 64) < 0) {
        Py_DECREF(capsule);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    for (int o = 0; o < 3; o++)
        for (int c = 0; c < 6; c++)
            b->partner[o][c] = (signed char)(partners[6 * o + c] < 6 ? partners[6 * o + c] : -1);
    return capsule;
}

/* overflows() -> the lines whose history outgrew a state's room on this thread since the last
 * call (0: every count of repeated positions was exact) */
static PyObject *py_overflows(PyObject *self, PyObject *args) {
    long n = trugo_overflows;
    trugo_overflows = 0;
    return PyLong_FromLong(n);
}

static PyMethodDef methods[] = {
    {"board", py_board, METH_VARARGS, "board(...) -> the tables of a Trugo game"},
    {"overflows", py_overflows, METH_NOARGS, "overflows() -> histories outgrown since last asked"},
    TG_ENGINE_METHODS,
    {NULL, NULL, 0, NULL},
};

TG_MODULE("Trugo's native kernel (see rules.py, the reference).")
