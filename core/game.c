/* core/game.c - creating a game, the bag, and checking that a decoded state
 * is one a real game could reach (game.h). Pure: no I/O, no heap. */
/* SPDX-License-Identifier: MIT */
#include "game.h"

#include <string.h>

#include "internal.h"
#include "rng.h"

/* gameId characters: URL-safe and fine as a localStorage key. */
static const char id_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* Length of a generated gameId: 60 bits, collisions between one pair of
 * players' games are not a concern. */
#define GAME_ID_LEN 10

static void copy_name(char *dst, size_t cap, const char *src)
{
    size_t n = src ? strlen(src) : 0;
    if (n >= cap)
        n = cap - 1;
    if (n > 0)
        memcpy(dst, src, n);
    dst[n] = '\0';
}

int core_bag_count(const struct core_game *game)
{
    int n = 0, kinds = core_game_tileset(game)->n + 1;
    for (int k = 0; k < kinds; k++)
        n += game->bag[k];
    return n;
}

bool core_board_empty(const struct core_game *game)
{
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            if (game->board[r][c] != CORE_EMPTY)
                return false;
    return true;
}

/* A draw from a bag holding `total` tiles (total >= 1). */
static char bag_draw(const struct core_tileset *ts, int bag[CLB_MAX_TILE_KINDS],
                     int total, uint64_t *rng)
{
    int pick = (int)core_rng_below(rng, (uint32_t)total);
    /* The pick-th tile with the kinds in order: the first kind k with
     * pick < bag[k] once the kinds before are taken off. Three kinds at a
     * time (the kinds past the blank are zero), then one by one in the
     * group that holds it; the same kind, with a third of the comparisons.
     * Counts are >= 0. */
    int end = core_bag_groups_end(ts);
    for (int k = 0; k < end; k += 3) {
        int group = bag[k] + bag[k + 1] + bag[k + 2];
        if (pick < group) {
            if (pick >= bag[k]) {
                pick -= bag[k];
                k++;
                if (pick >= bag[k])
                    k++;
            }
            bag[k]--;
            return core_kind_tile(ts, k);
        }
        pick -= group;
    }
    return '\0'; /* unreachable: pick < total */
}

static int bag_total(const struct core_tileset *ts,
                     const int bag[CLB_MAX_TILE_KINDS])
{
    int total = 0;
    for (int k = 0; k <= ts->n; k++)
        total += bag[k];
    return total;
}

char core_bag_draw(const struct core_tileset *ts, int bag[CLB_MAX_TILE_KINDS],
                   uint64_t *rng)
{
    int total = bag_total(ts, bag);
    return total > 0 ? bag_draw(ts, bag, total, rng) : '\0';
}

void core_rack_refill(const struct core_tileset *ts, struct core_rack *rack,
                      int bag[CLB_MAX_TILE_KINDS], uint64_t *rng)
{
    /* The bag's count once, then one fewer a draw: the draws are
     * core_bag_draw's, without adding the bag up again each time. */
    int total = bag_total(ts, bag);
    while (rack->count < CLB_RACK_SIZE && total > 0)
        rack->tiles[rack->count++] = bag_draw(ts, bag, total--, rng);
}

uint32_t core_seed_from_text(const char *text, size_t len)
{
    uint64_t h = core_hash_bytes(CORE_HASH_INIT, "collabble-seed", 14);
    if (len > 0)
        h = core_hash_bytes(h, text, len);
    /* Both halves of the hash reach the seed's bits. */
    return (uint32_t)(h ^ (h >> 32)) & ((UINT32_C(1) << CLB_SEED_BITS) - 1);
}

void core_game_deal(struct core_game *game, uint32_t seed, const char *lexicon)
{
    core_game_deal_in(game, seed, lexicon, NULL);
}

void core_game_deal_in(struct core_game *game, uint32_t seed,
                       const char *lexicon, const struct core_tileset *tileset)
{
    memset(game, 0, sizeof *game);
    game->tileset = tileset != NULL ? tileset : &core_tileset_english;
    const struct core_tileset *ts = game->tileset;
    seed &= (UINT32_C(1) << CLB_SEED_BITS) - 1;
    /* The seed as 4 little-endian bytes, so the deal is the same on every
     * platform (docs/RULES.md writes the procedure out). */
    unsigned char b[4] = {(unsigned char)seed, (unsigned char)(seed >> 8),
                          (unsigned char)(seed >> 16),
                          (unsigned char)(seed >> 24)};
    uint64_t rng = core_hash_bytes(CORE_HASH_INIT, "collabble-new-game", 18);
    rng = core_hash_bytes(rng, b, sizeof b);

    for (int i = 0; i < GAME_ID_LEN; i++)
        game->game_id[i] = id_alphabet[core_rng_next(&rng) % 64];
    game->game_id[GAME_ID_LEN] = '\0';
    copy_name(game->lexicon, sizeof game->lexicon, lexicon);

    memset(game->board, CORE_EMPTY, sizeof game->board);
    for (int k = 0; k <= ts->n; k++)
        game->bag[k] = core_tile_distribution(ts, k);
    for (int p = 0; p < CLB_PLAYERS; p++)
        core_rack_refill(ts, &game->hands[p], game->bag, &rng);
    game->turn = CORE_P1;
    game->end = CORE_END_NONE;
}

void core_game_new(struct core_game *game, const char *seed, size_t len,
                   const char *lexicon)
{
    core_game_deal(game, core_seed_from_text(seed, len), lexicon);
}

/* Counts every tile the state holds, by kind, into seen[]. Board blanks
 * (lowercase) count as blanks, not as the letter they stand for. */
static void count_tiles(const struct core_game *game,
                        int seen[CLB_MAX_TILE_KINDS])
{
    const struct core_tileset *ts = core_game_tileset(game);
    memset(seen, 0, sizeof(int) * CLB_MAX_TILE_KINDS);
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++) {
            char ch = game->board[r][c];
            int m = core_tile_letter(ch, ts->n);
            if (m >= 0)
                seen[m]++;
            else if (core_tile_is_blank_letter(ch, ts->n))
                seen[ts->n]++;
        }
    for (int p = 0; p < CLB_PLAYERS; p++)
        for (int i = 0; i < game->hands[p].count; i++)
            seen[core_tile_kind(ts, game->hands[p].tiles[i])]++;
    for (int k = 0; k <= ts->n; k++)
        seen[k] += game->bag[k];
}

static enum clb_err validate_fields(const struct core_game *game,
                                    struct clb_error *err)
{
    const struct core_tileset *ts = core_game_tileset(game);
    if (game->turn != CORE_P1 && game->turn != CORE_P2)
        return clb_error_set(err, CLB_ERR_BAD_STATE, "turn: not P1 or P2");
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++) {
            char ch = game->board[r][c];
            if (ch != CORE_EMPTY && core_tile_face_letter(ch, ts->n) < 0)
                return clb_error_set(err, CLB_ERR_BAD_STATE,
                                     "board[%d][%d]: not a tile", r, c);
        }
    for (int k = 0; k <= ts->n; k++)
        if (game->bag[k] < 0 || game->bag[k] > ts->total)
            return clb_error_set(err, CLB_ERR_BAD_STATE,
                                 "bag.%s: count %d out of range",
                                 core_kind_name(ts, k), game->bag[k]);
    for (int k = ts->n + 1; k < CLB_MAX_TILE_KINDS; k++)
        if (game->bag[k] != 0)
            return clb_error_set(err, CLB_ERR_BAD_STATE,
                                 "bag: a kind the tile set does not have");
    for (int p = 0; p < CLB_PLAYERS; p++) {
        const struct core_rack *rack = &game->hands[p];
        if (rack->count < 0 || rack->count > CLB_RACK_SIZE)
            return clb_error_set(err, CLB_ERR_BAD_STATE,
                                 "hands.P%d: more than %d tiles", p + 1,
                                 CLB_RACK_SIZE);
        for (int i = 0; i < rack->count; i++)
            if (core_tile_kind(ts, rack->tiles[i]) < 0)
                return clb_error_set(err, CLB_ERR_BAD_STATE,
                                     "hands.P%d[%d]: unknown tile", p + 1, i);
    }
    if (game->score < 0 || game->score > CLB_MAX_SCORE)
        return clb_error_set(err, CLB_ERR_BAD_STATE, "score: must be 0 to %d",
                             CLB_MAX_SCORE);
    if (game->consecutive_passes < 0 ||
        game->consecutive_passes > CLB_PASSES_TO_END)
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "consecutivePasses: must be 0 to %d",
                             CLB_PASSES_TO_END);
    if (game->moves < 0 || game->moves > CLB_MAX_GAME_MOVES)
        return clb_error_set(err, CLB_ERR_BAD_STATE, "moves: must be 0 to %d",
                             CLB_MAX_GAME_MOVES);
    return CLB_ERR_OK;
}

/* The last move's cells must hold tiles: it describes a play that happened. */
static enum clb_err validate_last_move(const struct core_game *game,
                                       struct clb_error *err)
{
    if (!game->has_last_move)
        return CLB_ERR_OK;
    const struct core_last_move *lm = &game->last_move;
    if (lm->ncells < 0 || lm->ncells > CLB_MAX_MOVE_CELLS)
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "lastMove.cells: more than %d cells",
                             CLB_MAX_MOVE_CELLS);
    if (lm->nwords < 0 || lm->nwords > CLB_MAX_WORDS)
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "lastMove.words: more than %d words",
                             CLB_MAX_WORDS);
    for (int i = 0; i < lm->ncells; i++) {
        int r = lm->cells[i].row, c = lm->cells[i].col;
        if (r < 0 || r >= CLB_BOARD_SIZE || c < 0 || c >= CLB_BOARD_SIZE)
            return clb_error_set(err, CLB_ERR_BAD_STATE,
                                 "lastMove.cells[%d]: off the board", i);
        if (game->board[r][c] == CORE_EMPTY)
            return clb_error_set(err, CLB_ERR_BAD_STATE,
                                 "lastMove.cells[%d]: square is empty", i);
    }
    if (lm->points < 0)
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "lastMove.points: negative");
    return CLB_ERR_OK;
}

enum clb_err core_game_validate(const struct core_game *game,
                                struct clb_error *err)
{
    clb_error_clear(err);
    enum clb_err rc = validate_fields(game, err);
    if (rc == CLB_ERR_OK)
        rc = validate_last_move(game, err);
    if (rc != CLB_ERR_OK)
        return rc;

    /* Tile conservation: a link that conjures or loses a tile is forged or
     * damaged, and playing on from it would corrupt the shared score. */
    const struct core_tileset *ts = core_game_tileset(game);
    int seen[CLB_MAX_TILE_KINDS];
    count_tiles(game, seen);
    for (int k = 0; k <= ts->n; k++) {
        int want = core_tile_distribution(ts, k);
        if (seen[k] != want)
            return clb_error_set(
                err, CLB_ERR_BAD_STATE,
                "tiles: %d %s tile%s on the board, in the hands and in the "
                "bag, but the set has %d",
                seen[k], core_kind_name(ts, k), seen[k] == 1 ? "" : "s", want);
    }
    if (!game->game_over && game->consecutive_passes >= CLB_PASSES_TO_END)
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "consecutivePasses: %d passes but the game is "
                             "not over",
                             game->consecutive_passes);
    return CLB_ERR_OK;
}
