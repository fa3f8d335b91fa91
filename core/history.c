/* core/history.c - building and replaying a game's history (history.h).
 *
 * Every move, live or replayed from a link, goes through
 * core_history_play(), which is core_move_apply() plus the record the move
 * list and the GCG export read. Nothing here judges a move itself: what the
 * rules accept is the history. Pure: no I/O, no heap.
 */
/* SPDX-License-Identifier: MIT */
#include "history.h"

#include "goals.h"
#include "partner.h"

#include "internal.h"
#include "rng.h"

#include <string.h>

bool core_lexicon_id_builtin(const struct core_lexicon_id *id)
{
    return id->fingerprint == CORE_LEXICON_BUILTIN_FINGERPRINT;
}

static void history_clear(struct core_history *h,
                          const struct core_lexicon_id *lexicon)
{
    h->start = CORE_START_SEED;
    h->seed = 0;
    h->lexicon = *lexicon;
    h->nmoves = 0;
    h->npending = 0;
    h->no_after = false;
    h->handover = -1;
    core_history_memo_reset(h);
}

void core_history_memo_reset(struct core_history *h)
{
    h->memo.after.magic = 0;
    for (int p = 0; p < CLB_PLAYERS; p++)
        h->memo.seed[p].magic = 0;
}

void core_history_from_seed(struct core_history *h, uint32_t seed,
                            const struct core_lexicon_id *lexicon,
                            const char *lexicon_name)
{
    history_clear(h, lexicon);
    h->seed = seed & ((UINT32_C(1) << CLB_SEED_BITS) - 1);
    core_game_deal_in(&h->first, h->seed, lexicon_name, lexicon->tileset);
}

enum clb_err core_history_from_position(struct core_history *h,
                                        const struct core_game *position,
                                        const struct core_lexicon_id *lexicon,
                                        struct clb_error *err)
{
    if (core_game_validate(position, err) != CLB_ERR_OK)
        return err->code;
    if (position->game_over)
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "the game is over: no move can follow");
    history_clear(h, lexicon);
    h->start = CORE_START_POSITION;
    h->first = *position;
    h->first.has_last_move = false;
    memset(&h->first.last_move, 0, sizeof h->first.last_move);
    h->first.moves = 0;
    return CLB_ERR_OK;
}

/* core_hash_int() of v[0], ..., v[n - 1]; when all are below 256, as the
 * counts of a rack and a bag are, each is one xor and one multiply with
 * no test between them (core_hash_int's own short path). */
static uint64_t hash_ints(uint64_t x, const int *v, int n)
{
    unsigned any = 0;
    for (int i = 0; i < n; i++)
        any |= (unsigned)v[i];
    if (any < 256) {
        for (int i = 0; i < n; i++)
            x = (x ^ (unsigned)v[i]) * CORE_FNV_PRIME4;
        return x;
    }
    for (int i = 0; i < n; i++)
        x = core_hash_int(x, v[i]);
    return x;
}

/* core_position_hash, its board hashed through memo when it is not NULL. */
static uint32_t position_hash(const struct core_game *g,
                              struct core_board_memo *memo)
{
    uint64_t x =
        core_hash_bytes(CORE_HASH_INIT, g->game_id, strlen(g->game_id));
    x = memo != NULL ? core_hash_board_memo(memo, x, g->board)
                     : core_hash_board(x, g->board);
    const struct core_tileset *ts = core_game_tileset(g);
    for (int p = 0; p < CLB_PLAYERS; p++) {
        int kinds[CLB_MAX_TILE_KINDS] = {0};
        for (int i = 0; i < g->hands[p].count && i < CLB_RACK_SIZE; i++) {
            int k = core_tile_kind(ts, g->hands[p].tiles[i]);
            if (k >= 0)
                kinds[k]++;
        }
        x = hash_ints(x, kinds, ts->n + 1);
    }
    x = hash_ints(x, g->bag, ts->n + 1);
    x = core_hash_int(x, g->score);
    x = core_hash_int(x, (int)g->turn);
    x = core_hash_int(x, g->consecutive_passes);
    x = core_hash_int(x, g->game_over);
    return (uint32_t)(x ^ x >> 32);
}

uint32_t core_position_hash(const struct core_game *g)
{
    return position_hash(g, NULL);
}

static bool filled(const struct core_game *g, int r, int c)
{
    return r >= 0 && r < CLB_BOARD_SIZE && c >= 0 && c < CLB_BOARD_SIZE &&
           g->board[r][c] != CORE_EMPTY;
}

/* Where a play's main word lies on the board after it: the line of the
 * play, or for one tile the way core scores it (across when that makes a
 * word, else down). */
static void main_word(const struct core_game *after,
                      struct core_move_record *rec)
{
    const struct core_move *m = &rec->move;
    int r = m->tiles[0].row, c = m->tiles[0].col;
    bool across = m->ntiles >= 2
                      ? m->tiles[0].row == m->tiles[1].row
                      : filled(after, r, c - 1) || filled(after, r, c + 1);
    /* The line as a base square and a stride (the play's squares are on
     * the board): back while the squares before are filled, then on. */
    const char *line = across ? &after->board[r][0] : &after->board[0][c];
    int step = across ? 1 : CLB_BOARD_SIZE;
    int start = across ? c : r;
    while (start > 0 && line[(start - 1) * step] != CORE_EMPTY)
        start--;
    int end = start;
    while (end < CLB_BOARD_SIZE && line[end * step] != CORE_EMPTY)
        end++;
    rec->word_start.row = across ? r : start;
    rec->word_start.col = across ? start : c;
    rec->across = across;
    rec->word_len = end - start;
}

enum clb_err core_history_set_goals(struct core_history *h,
                                    enum core_goals_level level,
                                    struct clb_error *err)
{
    clb_error_clear(err);
    if (h->start != CORE_START_SEED || h->nmoves != 0 || h->npending != 0)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "goals are dealt at the start of a new game");
    if (level < CORE_GOALS_EASY || level > CORE_GOALS_HARD)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "goals: expected \"easy\", \"normal\" or "
                             "\"hard\"");
    core_goals_deal(&h->first.goals, h->seed, level);
    return CLB_ERR_OK;
}

enum clb_err core_history_set_partner(struct core_history *h, int partner,
                                      struct clb_error *err)
{
    clb_error_clear(err);
    if (h->start != CORE_START_SEED || h->nmoves != 0 || h->npending != 0)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "the computer takes its seat at the start of a "
                             "new game");
    if (partner < CORE_PARTNER_FRIEND || partner > CORE_PARTNER_BEST)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "level: expected \"casual\", \"good\" or "
                             "\"best\"");
    h->first.partner = partner;
    h->handover = -1;
    return CLB_ERR_OK;
}

enum clb_err core_history_handover(struct core_history *h,
                                   struct core_game *game,
                                   struct clb_error *err)
{
    clb_error_clear(err);
    if (game->partner == CORE_PARTNER_FRIEND || h->handover >= 0)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "Player 2's seat is already a friend's");
    if (game->game_over)
        return clb_error_set(err, CLB_ERR_GAME_OVER, NULL);
    if (game->turn != CORE_P2 || h->npending != 0)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "the seat is handed over at Player 2's turn, "
                             "before its move");
    game->partner = CORE_PARTNER_FRIEND;
    h->handover = h->nmoves;
    return CLB_ERR_OK;
}

bool core_history_by_computer(const struct core_history *h, int i)
{
    return h->first.partner != CORE_PARTNER_FRIEND && i >= 0 && i < h->nmoves &&
           h->moves[i].player == CORE_P2 &&
           (h->handover < 0 || i < h->handover);
}

/* A helper used in the turn in progress: judged by core_goals_helper,
 * kept among h's pending helpers. */
static enum clb_err history_helper(struct core_history *h,
                                   struct core_game *game,
                                   const struct core_move *move,
                                   struct core_move_result *result,
                                   struct clb_error *err)
{
    if (h->npending >= CLB_GOALS_MAX_HELPERS) /* more than any pool */
        return clb_error_set(err, CLB_ERR_NO_HELPER_LEFT, NULL);
    struct core_move canonical;
    core_move_canonical(game, move, &canonical);
    if (core_goals_helper(game, &canonical.helper, game, err) != CLB_ERR_OK)
        return err->code;
    h->pending[h->npending++] = canonical.helper;
    if (result != NULL) {
        memset(result, 0, sizeof *result);
        result->type = CORE_MOVE_HELPER;
    }
    return CLB_ERR_OK;
}

enum clb_err core_history_play(struct core_history *h, struct core_game *game,
                               const struct core_move *move,
                               const struct core_lexicon *lexicon,
                               struct core_move_result *result,
                               struct clb_error *err)
{
    clb_error_clear(err);
    if (move->type == CORE_MOVE_HELPER)
        return history_helper(h, game, move, result, err);
    /* Unreachable through the rules (the limit's move ends the game), but
     * the array is what it is. */
    if (h->nmoves >= CLB_MAX_GAME_MOVES)
        return clb_error_set(err, CLB_ERR_GAME_OVER,
                             "a game has at most %d moves", CLB_MAX_GAME_MOVES);
    struct core_move_record *rec = &h->moves[h->nmoves];
    struct core_move canonical;
    core_move_canonical(game, move, &canonical);
    enum core_player player = game->turn;
    struct core_rack rack = game->hands[player];
    struct core_move_result res;
    enum clb_err rc = core_move_apply_canonical(game, &canonical, lexicon, game,
                                                &res, h->memo.seed, err);
    if (rc != CLB_ERR_OK)
        return rc;
    /* The record is written only now: on error h is untouched. */
    memset(rec, 0, sizeof *rec);
    rec->player = player;
    rec->rack = rack;
    rec->move = canonical;
    rec->result = res;
    /* Before any end-of-game adjustment: the running score of the moves
     * themselves; the game's final score says what was taken off. */
    rec->score = game->score + (game->game_over ? game->end_adjustment : 0);
    if (canonical.type == CORE_MOVE_PLAY)
        main_word(game, rec);
    if (!h->no_after)
        rec->after = position_hash(game, &h->memo.after);
    rec->nhelpers = h->npending;
    memcpy(rec->helpers, h->pending,
           (size_t)h->npending * sizeof h->pending[0]);
    h->npending = 0;
    h->nmoves++;
    if (result != NULL)
        *result = res;
    return CLB_ERR_OK;
}

enum clb_err core_history_replay(struct core_history *h, struct core_game *game,
                                 const struct core_lexicon *lexicon,
                                 struct clb_error *err)
{
    int n = h->nmoves, npending = h->npending, handover = h->handover;
    struct core_helper_use pending[CLB_GOALS_MAX_HELPERS];
    memcpy(pending, h->pending, sizeof pending);
    *game = h->first;
    h->nmoves = 0;
    h->npending = 0;
    core_history_memo_reset(h);
    h->handover = -1;
    struct core_move helper = {.type = CORE_MOVE_HELPER};
    for (int i = 0; i <= n; i++) {
        /* The hand-over of the seat before move i, if there, then the
         * helpers of move i's turn, then move i; after the last move, the
         * turn in progress's. */
        if (i == handover && core_history_handover(h, game, err) != CLB_ERR_OK)
            return core_history_move_error(err, i + 1);
        const struct core_helper_use *uses =
            i < n ? h->moves[i].helpers : pending;
        int nuses = i < n ? h->moves[i].nhelpers : npending;
        struct core_helper_use copy[CLB_GOALS_MAX_HELPERS];
        memcpy(copy, uses, sizeof copy);
        for (int k = 0; k < nuses && k < CLB_GOALS_MAX_HELPERS; k++) {
            helper.helper = copy[k];
            if (core_history_play(h, game, &helper, lexicon, NULL, err) !=
                CLB_ERR_OK)
                return core_history_move_error(err, i + 1);
        }
        if (i == n)
            break;
        struct core_move move = h->moves[i].move;
        if (core_history_play(h, game, &move, lexicon, NULL, err) != CLB_ERR_OK)
            return core_history_move_error(err, i + 1);
    }
    return CLB_ERR_OK;
}

enum clb_err core_history_move_error(struct clb_error *err, int number)
{
    const char *what = clb_err_str(err->code);
    return clb_error_set(err, CLB_ERR_BAD_STATE, "move %d: %s%s%.100s", number,
                         what, err->detail[0] != '\0' ? ": " : "", err->detail);
}
