/* core/movegen.h - every legal play of a rack on a board, from the word
 * graph (core/kwg.h).
 *
 * Gordon's GADDAG search (1994) over the anchors of both directions, with
 * the cross-checks and cross-scores of Appel and Jacobson (1988) worked out
 * once per position: a tile goes down on an empty square only when the
 * word it makes at right angles is in the lexicon, a blank is tried as
 * every letter, and a play is scored as it grows, exactly as
 * core_move_check() scores it.
 *
 * A play is its set of placements (square, letter, blank or not): the same
 * tiles on the same squares are one play however they were found, so a
 * single tile that makes words both ways is listed once (under the
 * direction core_move_check() calls its main word: across if it makes an
 * across word, else down). Each play is generated exactly once, from the
 * leftmost (topmost) anchor it covers, so nothing needs removing after.
 *
 * Use: core_movegen_init() once per board (the cross-checks of both
 * directions), then any of the searches for a rack; they only read the
 * struct, so one prepared board serves both players' racks.
 *
 * Pure: no I/O, no allocation, no globals of its own (on x86 it asks the
 * processor, through libgcc, whether it has the POPCNT instruction). The
 * struct and every buffer belong to the caller; the search keeps its state
 * on the stack (at most CLB_BOARD_SIZE levels of recursion, and 3.6 KB of
 * anchors for the best play).
 */
/* SPDX-License-Identifier: MIT */
#ifndef CORE_MOVEGEN_H
#define CORE_MOVEGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game.h"
#include "kwg.h"
#include "limits.h"

/* One play found by the generator: the main word's first square and
 * direction, and the tiles placed on its empty squares, in order along it.
 * 14 bytes, so a list of every play of a position stays small. */
struct core_play {
    int16_t points; /* as core_move_check() scores it, bingo included */
    uint8_t row;    /* first square of the main word, 0-based */
    uint8_t col;
    uint8_t down;   /* 0: the main word runs across, 1: down */
    uint8_t len;    /* letters in the main word (placed and on the board) */
    uint8_t ntiles; /* tiles placed, 1..CLB_RACK_SIZE */
    char tiles[CLB_RACK_SIZE]; /* letter tiles, or blank bytes (tiles.h) */
};

/* A work budget shared by searches: nodes of the search (each square a
 * search enters with a tile, the unit of its work) that may still be
 * spent. Counted, never timed, so a search cut short is cut at the same
 * place on every run and every machine. A search checks it between
 * anchors: it spends what it used (at most `left`), and when nodes run out
 * before every anchor is searched it stops and sets `exhausted`: its
 * answer is then partial (see each search). A search that begins with
 * nothing left searches nothing. */
struct core_budget {
    uint64_t left;  /* nodes still to spend */
    bool exhausted; /* some search was cut short */
};

/* A board prepared for the search: the board seen along each direction
 * (d = 0 rows, for plays across; d = 1 columns, for plays down), and for
 * each empty square the letters allowed there and the points of the word
 * they would make at right angles. Private to movegen.c; about 5 KB, meant
 * for the caller's stack. */
struct core_movegen {
    const struct core_kwg *graph;
    const struct core_tileset *tileset; /* the graph's (NULL there: English) */
    /* The searches' budget: NULL (what core_movegen_init sets) for none;
     * a caller that bounds its searches points it at its own counter. */
    struct core_budget *budget;
    uint32_t gaddag;  /* the GADDAG's root list */
    bool empty_board; /* the first play: only the centre is an anchor */
    bool mirrored;    /* an empty board that reads the same both ways */
    uint8_t tile[2][CLB_BOARD_SIZE][CLB_BOARD_SIZE];       /* 0 or 1..n */
    uint8_t value[2][CLB_BOARD_SIZE][CLB_BOARD_SIZE];      /* its points */
    core_kwg_set cross[2][CLB_BOARD_SIZE][CLB_BOARD_SIZE]; /* bit t: allowed */
    int16_t cross_sum[2][CLB_BOARD_SIZE][CLB_BOARD_SIZE];  /* -1: no word */
    uint8_t letter_mult[2][CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    uint8_t word_mult[2][CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    uint16_t anchors[2][CLB_BOARD_SIZE];  /* bit p: square p is an anchor */
    uint16_t occupied[2][CLB_BOARD_SIZE]; /* bit p: square p holds a tile */
    bool plain; /* core_movegen_use_plain(): never the POPCNT copy */
};

/* Prepares `board` (a game's board: CORE_EMPTY, letter tiles, blanks) for
 * searches with `graph` (not NULL), which must outlive *mg; the tiles'
 * points are the graph's tile set's. Cannot fail. */
void core_movegen_init(struct core_movegen *mg,
                       const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                       const struct core_kwg *graph);

/* A test switch: the searches on *mg (prepared by core_movegen_init, which
 * clears the switch) run the copy of the search compiled without the POPCNT
 * instruction even on a processor that has it, the copy every processor
 * without it runs, and the cross-checks are worked out again with their
 * plain copy, so that the tests can compare the two copies on one machine
 * (tests/core/test_movegen_copies.c). The answers are the same; only the
 * instructions differ. Cannot fail. */
void core_movegen_use_plain(struct core_movegen *mg);

/* Every play of `rack` into out[0..cap-1], in the order found. Returns the
 * number of plays the position has, which may exceed cap: then the first
 * cap are stored and the rest only counted (cap 0 just counts). Cut short
 * by the budget, the plays found before it ran out. */
size_t core_movegen_all(const struct core_movegen *mg,
                        const struct core_rack *rack, struct core_play *out,
                        size_t cap);

/* True as soon as one legal play of `rack` is found; also true when the
 * budget runs out before one is found ("a play may exist"). */
bool core_movegen_any(const struct core_movegen *mg,
                      const struct core_rack *rack);

/* The best play of `rack` (the first in core_play_compare() order: most
 * points, then position) into *best. False, with *best untouched, when the
 * rack has no play. It bounds each anchor's plays and searches only the
 * anchors whose bound reaches the best found so far, and returns exactly
 * the play that sorting every play of core_movegen_all() would put first.
 * Cut short by the budget, the best of the plays found before it ran out
 * (the caller, seeing `exhausted`, does not show it as the best). */
bool core_movegen_best(const struct core_movegen *mg,
                       const struct core_rack *rack, struct core_play *best);

/* The best n plays of `rack`, best first (core_play_compare() order), into
 * out[0..n-1]; returns the number of plays the position has (all of them,
 * not only those stored), so min(n, result) entries are filled. Keeps a
 * heap in `out`: no other buffer. Cut short by the budget, the best n and
 * the count of the plays found before it ran out. */
size_t core_movegen_top(const struct core_movegen *mg,
                        const struct core_rack *rack, struct core_play *out,
                        size_t n);

/* core_movegen_top() of the plays scoring at most `ceiling` only: the best
 * n of them, best first, into out[0..n-1]; returns how many plays score at
 * most `ceiling` (min(n, result) entries filled). The computer partner's
 * weaker levels choose below a share of the best play's score
 * (core/partner.c). The search is the whole search (every anchor), cut
 * short by the budget as core_movegen_top() is. */
size_t core_movegen_top_below(const struct core_movegen *mg,
                              const struct core_rack *rack, int ceiling,
                              struct core_play *out, size_t n);

/* Orders plays best first: more points, then across before down, then by
 * row, column, length and tiles. A total order on distinct plays, so every
 * list and every "best" is the same on every run. Returns <0, 0, >0. */
int core_play_compare(const struct core_play *a, const struct core_play *b);

/* The move that makes play `p` on `board` (the board it was generated on),
 * ready for core_move_check() or core_move_apply(). Cannot fail. */
void core_play_to_move(const struct core_play *p,
                       const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                       struct core_move *move);

/* The main word of `p` on `board`, uppercase, into out (CLB_WORD_MAX + 1
 * bytes). Cannot fail. */
void core_play_word(const struct core_play *p,
                    const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                    char out[CLB_WORD_MAX + 1]);

/* Where the play's main word starts, in Scrabble's notation: row then
 * column for a word across ("8D"), column then row for one down ("D8").
 * out holds at least 4 bytes. Cannot fail. */
void core_play_coord(const struct core_play *p, char out[4]);

#endif
