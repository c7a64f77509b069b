/* What every game's native kernel shares: bit sets over 64-bit words and a seeded random
 * generator (splitmix64) that trigames.core.native reproduces in Python, so that a seeded
 * random game is the same game in the kernel and in the pure engine.
 *
 * A kernel is a CPython extension module built on the limited API (abi3, Python 3.11+). It
 * never states a rule of its own: it works on a compact snapshot of a state of the Python
 * engine, which stays the reference, and the differential tests in tests/native prove the
 * two equal. */
#ifndef TG_COMMON_H
#define TG_COMMON_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>

/* The most 64-bit words a bit set takes; a kernel may ask for more before including this
 * header. 9 words (576 bits) hold every board the options allow: the largest sets are
 * Tricolor's 552 lozenges (size 8) and Triggle's 462 segments (size 8). */
#ifndef TG_MAX_WORDS
#define TG_MAX_WORDS 9
#endif

typedef uint64_t tg_word;

static inline int tg_popcount(tg_word w) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(w);
#else
    int n = 0;
    while (w) { w &= w - 1; n++; }
    return n;
#endif
}

static inline int tg_lowest(tg_word w) { /* index of the lowest set bit, w != 0 */
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(w);
#else
    int i = 0;
    while (!(w & 1)) { w >>= 1; i++; }
    return i;
#endif
}

static inline int tg_bit(const tg_word *set, int i) { return (int)(set[i >> 6] >> (i & 63) & 1); }
static inline void tg_set(tg_word *set, int i) { set[i >> 6] |= (tg_word)1 << (i & 63); }
static inline void tg_clear(tg_word *set, int i) { set[i >> 6] &= ~((tg_word)1 << (i & 63)); }

static inline int tg_any(const tg_word *set, int words) {
    for (int k = 0; k < words; k++) if (set[k]) return 1;
    return 0;
}

static inline int tg_count(const tg_word *set, int words) {
    int n = 0;
    for (int k = 0; k < words; k++) n += tg_popcount(set[k]);
    return n;
}

/* The indices of the set bits, lowest first, into out; returns how many. */
static inline int tg_list(const tg_word *set, int words, int *out) {
    int n = 0;
    for (int k = 0; k < words; k++) {
        tg_word w = set[k];
        while (w) {
            out[n++] = k * 64 + tg_lowest(w);
            w &= w - 1;
        }
    }
    return n;
}

/* 1.0 at out[i] for each set bit i (an observation plane; the rest of out is left alone). */
static inline void tg_floats(const tg_word *set, int words, float *out) {
    for (int k = 0; k < words; k++)
        for (tg_word w = set[k]; w; w &= w - 1) out[k * 64 + tg_lowest(w)] = 1.0f;
}

/* The index of the set bit of rank r (0 = lowest); r < tg_count(set). */
static inline int tg_select(const tg_word *set, int words, int r) {
    for (int k = 0; k < words; k++) {
        tg_word w = set[k];
        int c = tg_popcount(w);
        if (r < c) {
            while (r--) w &= w - 1;
            return k * 64 + tg_lowest(w);
        }
        r -= c;
    }
    return -1;
}

/* True when every bit of `part` is in `whole`. */
static inline int tg_within(const tg_word *part, const tg_word *whole, int words) {
    for (int k = 0; k < words; k++) if (part[k] & ~whole[k]) return 0;
    return 1;
}

/* Bit sets from Python ints given as little-endian bytes (int.to_bytes(8 * words, "little")). */
static inline void tg_from_bytes(tg_word *set, const unsigned char *bytes, size_t length) {
    memset(set, 0, sizeof(tg_word) * TG_MAX_WORDS);
    for (size_t i = 0; i < length && i < 8 * TG_MAX_WORDS; i++)
        set[i >> 3] |= (tg_word)bytes[i] << (8 * (i & 7));
}

/* --- the random generator: splitmix64 (Steele, Lea, Flood), one 64-bit word of state --- */

typedef struct { uint64_t s; } tg_rng;

static inline uint64_t tg_next(tg_rng *rng) {
    uint64_t z = (rng->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* A number from 0 to n - 1 (n < 2^32): the high 32 bits scaled, as core/native.py does. */
static inline int tg_below(tg_rng *rng, int n) {
    return (int)(((tg_next(rng) >> 32) * (uint64_t)n) >> 32);
}

/* A double in [0, 1). */
static inline double tg_unit(tg_rng *rng) { return (double)(tg_next(rng) >> 11) * (1.0 / 9007199254740992.0); }

#endif
