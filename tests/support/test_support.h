/* tests/support/test_support.h - small builders shared by the unit tests:
 * a word-list lexicon, positions set up square by square, and moves. */
/* SPDX-License-Identifier: MIT */
#ifndef TEST_SUPPORT_H
#define TEST_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../core/game.h"
#include "../../server/http.h"

/* A lexicon over a NULL-terminated array of uppercase words. */
struct core_lexicon ts_lexicon(const char *const *words);

/* A lexicon that takes every word: random games then need only the rules'
 * geometry to be legal. */
struct core_lexicon ts_any_word(void);

/* A legal move for the player to move in *g, chosen with *rng: mostly a
 * play (blanks get a random letter), sometimes an exchange or a pass, so
 * random games cover every kind of move and every ending. `lexicon` judges
 * the play (ts_any_word() makes nearly every shape legal). Falls back to a
 * pass, which is always legal while the game is on. */
void ts_random_move(const struct core_game *g, const struct core_lexicon *lex,
                    uint64_t *rng, struct core_move *m);

/* An empty board with the given racks ("CAT?" - '?' is a blank) and the
 * bag holding exactly the rest of the set, P1 to move. */
void ts_game(struct core_game *g, const char *p1_rack, const char *p2_rack);

/* Puts a word on the board as if played earlier (lowercase = blank), taking
 * its tiles out of the bag so the state stays conserved. */
void ts_board_word(struct core_game *g, int row, int col, bool across,
                   const char *word);

/* Sets a rack, returning its old tiles to the bag and taking the new ones
 * out of it. */
void ts_rack(struct core_game *g, enum core_player who, const char *tiles);

/* Empties the bag into nowhere: only for tests of the end game, where the
 * state need not be conserved. */
void ts_empty_bag(struct core_game *g);

/* Starts a play move / adds a tile (blank when `blank`). */
void ts_move_play(struct core_move *m);
void ts_place(struct core_move *m, int row, int col, char letter, bool blank);

/* Places a whole word's letters as one play, skipping squares that already
 * hold a tile. Lowercase letters are placed as blanks. */
void ts_play_word(struct core_move *m, const struct core_game *g, int row,
                  int col, bool across, const char *word);

/* Percent-encodes s (letters, digits, '-' and '_' kept as they are) into
 * a malloc'd string, for queries and form bodies. */
char *ts_urlenc(const char *s);

/* "s=<S percent-encoded><more>": a page's query or form (malloc'd). */
char *ts_state_fields(const char *s, const char *more);

/* {"state":"<S>"<more>}: an API body (malloc'd). */
char *ts_state_body(const char *s, const char *more);

/* The v2 link's alphabet (base64url), index = 6-bit value. */
extern const char ts_b64url[];

/* The whole file at path, NUL-terminated, in a new allocation the caller
 * frees; its length in *len (len may be NULL). Fails the test when it
 * cannot be read. */
char *ts_read_file(const char *path, size_t *len);

/* How many times needle occurs in h (overlapping occurrences counted). */
int ts_count(const char *h, const char *needle);

/* An independent CRC-24 (RFC 4880, 6.1: the reference code's table-free
 * form), to check the documented algorithm and to forge check characters
 * for the structural tests. */
uint32_t ts_crc24(const unsigned char *p, size_t n);

/* Rewrites the v2 link s's check characters (s[1..4]) so they match its
 * text: a forgery only a deliberate attacker (not a damaged copy) could
 * make. */
void ts_forge_link2_crc(char *s, size_t len);

/* Fills ctx with one lexicon, the compiled SOWPODS of the build
 * (CLB_TEST_LEXICON) named "sowpods", as the server's default; and frees it.
 * For the suites that run handlers the way the server does. */
void ts_sowpods_context(struct srv_context *ctx);
void ts_context_free(struct srv_context *ctx);

#endif
