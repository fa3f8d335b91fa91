/* core/move.c - applying a move: play, exchange or pass; the draws; the
 * turn; and the end of the game (game.h).
 *
 * Decisions (see docs/RULES.md): an exchange needs 7 tiles in the bag and draws
 * before returning; two consecutive passes end the game and the tiles left
 * on both racks come off the shared score (never below 0); a play that
 * empties a rack with the bag empty ends the game with no adjustment; the
 * CLB_MAX_GAME_MOVES-th move ends it as two passes would; and when, after
 * any move, the bag is empty and neither rack has a legal play
 * (core/movegen.h), the game ends as blocked, adjusted as after passes;
 * the shared score stops at CLB_MAX_SCORE (core_score_add).
 * Every move is made canonical first, so the order a client lists its
 * tiles in changes neither the words' order nor the draws.
 * Pure: checks the move against the state before it writes anything, so
 * a refused move leaves the next state untouched.
 */
/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "goals.h"
#include "internal.h"
#include "movegen.h"
#include "rng.h"

/* A seed fixed by the state and the move: replaying a link with the same
 * move always draws the same tiles. Fields are hashed one by one (not the
 * struct's bytes) so padding never leaks in. */
/* core_hash_int() of a, b then c; one test for the usual case of three
 * values below 256 (each then a whole step). */
static inline uint64_t hash_int3(uint64_t h, int a, int b, int c)
{
    uint32_t ua = (uint32_t)a, ub = (uint32_t)b, uc = (uint32_t)c;
    if ((ua | ub | uc) < 256) {
        h = (h ^ ua) * CORE_FNV_PRIME4;
        h = (h ^ ub) * CORE_FNV_PRIME4;
        return (h ^ uc) * CORE_FNV_PRIME4;
    }
    return core_hash_int(core_hash_int(core_hash_int(h, a), b), c);
}

static uint64_t move_seed(const struct core_game *g, const struct core_move *m,
                          struct core_board_memo *memo)
{
    uint64_t h =
        core_hash_bytes(CORE_HASH_INIT, g->game_id, strlen(g->game_id));
    h = core_hash_int(h, (int)g->turn);
    const char(*board)[CLB_BOARD_SIZE] = g->board;
    if (memo != NULL && (unsigned)g->turn < CLB_PLAYERS)
        h = core_hash_board_memo(&memo[g->turn], h, board);
    else
        h = core_hash_board(h, board);
    /* The set's kinds in order (English's 27 are 9 groups of 3); a last
     * group of one or two hashes as the same sequence would. */
    int kinds = core_game_tileset(g)->n + 1, k = 0;
    for (; k + 3 <= kinds; k += 3)
        h = hash_int3(h, g->bag[k], g->bag[k + 1], g->bag[k + 2]);
    for (; k < kinds; k++)
        h = core_hash_int(h, g->bag[k]);
    for (int p = 0; p < CLB_PLAYERS; p++) {
        h = core_hash_int(h, g->hands[p].count);
        h = core_hash_bytes(h, g->hands[p].tiles, (size_t)g->hands[p].count);
    }
    h = core_hash_int(h, g->score);
    h = core_hash_int(h, g->consecutive_passes);
    h = core_hash_int(h, (int)m->type);
    h = core_hash_int(h, m->ntiles);
    for (int i = 0; i < m->ntiles && i < CLB_RACK_SIZE; i++) {
        h = hash_int3(h, m->tiles[i].row, m->tiles[i].col, m->tiles[i].letter);
        h = core_hash_int(h, m->tiles[i].blank);
        h = core_hash_int(h, m->exchange[i]);
    }
    return h;
}

/* Sorts a play's placements by (row, col): along the line for any play in
 * one line. Insertion sort, stable, at most 7 entries. */
static void sort_placements(struct core_placement *t, int n)
{
    for (int i = 1; i < n; i++) {
        struct core_placement x = t[i];
        int j = i;
        for (; j > 0 && (t[j - 1].row > x.row ||
                         (t[j - 1].row == x.row && t[j - 1].col > x.col));
             j--)
            t[j] = t[j - 1];
        t[j] = x;
    }
}

/* An exchange's tiles in rack order: each rack slot, in turn, takes the
 * first listed tile equal to it; tiles the rack lacks follow as given. */
static void rack_order(const struct core_rack *rack, const char *in, int n,
                       char *out)
{
    bool used[CLB_RACK_SIZE] = {false};
    int k = 0;
    for (int j = 0; j < rack->count && j < CLB_RACK_SIZE; j++)
        for (int i = 0; i < n; i++)
            if (!used[i] && in[i] == rack->tiles[j]) {
                used[i] = true;
                out[k++] = in[i];
                break;
            }
    for (int i = 0; i < n; i++)
        if (!used[i])
            out[k++] = in[i];
}

/* A swap's slot: one given as a slot (below CLB_RACK_SIZE) is kept; one
 * given as a tile (a letter, CORE_BLANK) becomes the first slot holding
 * it, or CLB_RACK_SIZE (off every rack, refused) when none does. */
static uint8_t swap_slot(const struct core_rack *rack, uint8_t given)
{
    if (given < CLB_RACK_SIZE)
        return given;
    for (int s = 0; s < rack->count && s < CLB_RACK_SIZE; s++)
        if ((unsigned char)rack->tiles[s] == given)
            return (uint8_t)s;
    return CLB_RACK_SIZE;
}

void core_move_canonical(const struct core_game *game,
                         const struct core_move *in, struct core_move *out)
{
    struct core_move m;
    memset(&m, 0, sizeof m);
    m.type = in->type;
    m.ntiles = in->ntiles;
    /* Out of range counts are kept so the checks refuse them; nothing past
     * the arrays is read. */
    int n = in->ntiles < 0               ? 0
            : in->ntiles > CLB_RACK_SIZE ? CLB_RACK_SIZE
                                         : in->ntiles;
    switch (in->type) {
    case CORE_MOVE_PLAY: {
        /* Most moves come in order (a link lists them so): the sort runs
         * only when two neighbours are out of order, and a stable sort of
         * a sorted list would change nothing. */
        bool sorted = true;
        for (int i = 0; i < n; i++) {
            struct core_placement *t = &m.tiles[i];
            t->row = in->tiles[i].row;
            t->col = in->tiles[i].col;
            t->letter = in->tiles[i].letter;
            t->blank = in->tiles[i].blank != 0;
            if (i > 0 && (t[-1].row > t->row ||
                          (t[-1].row == t->row && t[-1].col > t->col)))
                sorted = false;
        }
        if (!sorted)
            sort_placements(m.tiles, n);
        break;
    }
    case CORE_MOVE_EXCHANGE:
        rack_order(&game->hands[game->turn], in->exchange, n, m.exchange);
        break;
    case CORE_MOVE_PASS: m.ntiles = 0; break;
    case CORE_MOVE_HELPER:
        m.ntiles = 0;
        m.helper = in->helper;
        if (m.helper.kind != CORE_HELPER_SWAP) {
            m.helper.mine = m.helper.theirs = 0;
            break;
        }
        m.helper.mine = swap_slot(&game->hands[game->turn], in->helper.mine);
        m.helper.theirs =
            swap_slot(&game->hands[game->turn == CORE_P1], in->helper.theirs);
        break;
    }
    *out = m;
}

/* Takes a play's tiles out of the rack, keeping the order of the rest:
 * each placed tile takes the first slot left that holds it (a blank for a
 * blank play), as removing them one by one would. So of each kind the
 * first `need` slots go, in one pass, and the rest close up. */
static void rack_take(const struct core_tileset *ts, struct core_rack *rack,
                      const struct core_move *move)
{
    unsigned char need[CLB_MAX_TILE_KINDS] = {0};
    for (int i = 0; i < move->ntiles; i++) {
        const struct core_placement *t = &move->tiles[i];
        int kind = t->blank ? ts->n : core_tile_kind(ts, t->letter);
        if (kind >= 0)
            need[kind]++;
    }
    int kept = 0;
    for (int j = 0; j < rack->count; j++) {
        int kind = core_tile_kind(ts, rack->tiles[j]);
        if (kind >= 0 && need[kind] > 0)
            need[kind]--;
        else
            rack->tiles[kept++] = rack->tiles[j];
    }
    rack->count = kept;
}

static enum clb_err check_exchange(const struct core_game *game,
                                   const struct core_move *move,
                                   struct clb_error *err)
{
    if (move->ntiles <= 0)
        return clb_error_set(err, CLB_ERR_NO_TILES, NULL);
    if (core_bag_count(game) < CLB_EXCHANGE_MIN_BAG)
        return clb_error_set(err, CLB_ERR_EXCHANGE_NOT_ALLOWED,
                             "the bag holds only %d tiles",
                             core_bag_count(game));
    const struct core_tileset *ts = core_game_tileset(game);
    const struct core_rack *rack = &game->hands[game->turn];
    int have[CLB_MAX_TILE_KINDS] = {0};
    for (int i = 0; i < rack->count; i++)
        have[core_tile_kind(ts, rack->tiles[i])]++;
    if (move->ntiles > rack->count)
        return clb_error_set(err, CLB_ERR_NOT_IN_RACK,
                             "more tiles than your rack holds");
    for (int i = 0; i < move->ntiles; i++) {
        int kind = core_tile_kind(ts, move->exchange[i]);
        if (kind < 0 || have[kind] == 0)
            return clb_error_set(err, CLB_ERR_NOT_IN_RACK, NULL);
        have[kind]--;
    }
    return CLB_ERR_OK;
}

/* What every move starts with: clean outputs, nothing after the end, and
 * no more tiles than a rack holds. The move is canonical already. */
/* A helper is used through core_history_play (core_goals_helper), never
 * applied as a move. */
static enum clb_err not_a_move(struct clb_error *err)
{
    return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                         "a helper is used during a turn, not played as a "
                         "move");
}

static enum clb_err move_begin(const struct core_game *game,
                               const struct core_move *move,
                               struct core_move_result *result,
                               struct clb_error *err)
{
    clb_error_clear(err);
    memset(result, 0, sizeof *result);
    result->type = move->type;
    if (game->game_over)
        return clb_error_set(err, CLB_ERR_GAME_OVER, NULL);
    if (move->type != CORE_MOVE_PASS &&
        (move->ntiles < 0 || move->ntiles > CLB_RACK_SIZE))
        return clb_error_set(err, CLB_ERR_NOT_IN_RACK,
                             "more tiles than a rack holds");
    return CLB_ERR_OK;
}

enum clb_err core_move_check(const struct core_game *game,
                             const struct core_move *given,
                             const struct core_lexicon *lexicon,
                             struct core_move_result *result,
                             struct clb_error *err)
{
    struct core_move canonical;
    const struct core_move *move = &canonical;
    core_move_canonical(game, given, &canonical);
    if (move_begin(game, move, result, err) != CLB_ERR_OK)
        return err->code;
    switch (move->type) {
    case CORE_MOVE_PLAY: {
        char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
        if (core_play_check(game, move, lexicon, board, result, err) ==
            CLB_ERR_OK)
            core_goals_judge(game, move, (const char(*)[CLB_BOARD_SIZE])board,
                             result);
        return err->code;
    }
    case CORE_MOVE_EXCHANGE: return check_exchange(game, move, err);
    case CORE_MOVE_PASS: return CLB_ERR_OK;
    case CORE_MOVE_HELPER: return not_a_move(err);
    }
    return clb_error_set(err, CLB_ERR_BAD_REQUEST, "unknown move type");
}

int core_score_add(int score, int points)
{
    /* Saturate rather than refuse: the limit is not a rule of the game
     * (docs/RULES.md), so every play the rules and the move generator allow
     * stays allowed, and the next state is always one a link can carry. */
    return points > CLB_MAX_SCORE - score ? CLB_MAX_SCORE : score + points;
}

static int rack_value(const struct core_tileset *ts,
                      const struct core_rack *rack)
{
    int v = 0;
    for (int i = 0; i < rack->count; i++)
        v += core_tile_points(ts, rack->tiles[i]);
    return v;
}

int core_end_adjustment(const struct core_game *g)
{
    const struct core_tileset *ts = core_game_tileset(g);
    int left =
        rack_value(ts, &g->hands[CORE_P1]) + rack_value(ts, &g->hands[CORE_P2]);
    /* Never below 0: the shared score is the team's, and a negative total
     * would say nothing a zero does not. */
    return left < g->score ? left : g->score;
}

static void finish_game(struct core_game *g, enum core_end how)
{
    g->game_over = true;
    g->end = how;
    g->end_adjustment = 0;
    if (how == CORE_END_PASSES || how == CORE_END_LIMIT ||
        how == CORE_END_BLOCKED) {
        g->end_adjustment = core_end_adjustment(g);
        g->score -= g->end_adjustment;
    }
}

/* The spec's last ending: the bag is empty and neither player can play.
 * One prepared board serves both racks. Without a word graph the rule
 * cannot be decided, and the game goes on (two passes still end it). Each
 * rack's search has its own budget of CLB_BLOCKED_NODES: one that runs out
 * before it finds a play counts as "a play may exist", and the game goes
 * on, the same on every run (docs/RULES.md, "Rules"). */
static bool is_blocked(const struct core_game *g,
                       const struct core_lexicon *lexicon)
{
    if (lexicon->graph == NULL)
        return false;
    if (core_bag_count(g) > 0)
        return false; /* tiles left in the bag: not blocked */
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board,
                      lexicon->graph);
    struct core_budget budget = {CLB_BLOCKED_NODES, false};
    mg.budget = &budget;
    if (core_movegen_any(&mg, &g->hands[CORE_P1]))
        return false;
    budget = (struct core_budget){CLB_BLOCKED_NODES, false};
    return !core_movegen_any(&mg, &g->hands[CORE_P2]);
}

static void apply_play(struct core_game *g, const struct core_move *move,
                       const struct core_move_result *result,
                       const char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                       uint64_t *rng)
{
    struct core_rack *rack = &g->hands[g->turn];
    struct core_last_move *lm = &g->last_move;
    memset(lm, 0, sizeof *lm);
    lm->type = CORE_MOVE_PLAY;
    for (int i = 0; i < move->ntiles; i++) {
        const struct core_placement *t = &move->tiles[i];
        lm->cells[lm->ncells].row = t->row;
        lm->cells[lm->ncells].col = t->col;
        lm->ncells++;
    }
    rack_take(core_game_tileset(g), rack, move);
    memcpy(g->board, board, sizeof g->board);
    memcpy(lm->words, result->words, sizeof lm->words);
    lm->nwords = result->nwords;
    lm->points = result->points;
    g->score = core_score_add(g->score, result->points);
    g->consecutive_passes = 0;
    core_rack_refill(core_game_tileset(g), rack, g->bag, rng);
    if (rack->count == 0)
        finish_game(g, CORE_END_OUT);
}

/* Draws the replacements first, then returns the chosen tiles, so a player
 * can never draw back a tile they just threw in. Replacements take the
 * exchanged tiles' places in the rack. */
static void apply_exchange(struct core_game *g, const struct core_move *move,
                           uint64_t *rng)
{
    const struct core_tileset *ts = core_game_tileset(g);
    struct core_rack *rack = &g->hands[g->turn];
    bool used[CLB_RACK_SIZE] = {false};
    char drawn[CLB_RACK_SIZE];
    for (int i = 0; i < move->ntiles; i++)
        drawn[i] = core_bag_draw(ts, g->bag, rng);
    for (int i = 0; i < move->ntiles; i++) {
        for (int j = 0; j < rack->count; j++)
            if (!used[j] && rack->tiles[j] == move->exchange[i]) {
                rack->tiles[j] = drawn[i];
                used[j] = true;
                break;
            }
        g->bag[core_tile_kind(ts, move->exchange[i])]++;
    }
    memset(&g->last_move, 0, sizeof g->last_move);
    g->last_move.type = CORE_MOVE_EXCHANGE;
    g->last_move.exchanged = move->ntiles;
    g->consecutive_passes = 0;
}

enum clb_err core_move_apply_canonical(const struct core_game *game,
                                       const struct core_move *move,
                                       const struct core_lexicon *lexicon,
                                       struct core_game *next,
                                       struct core_move_result *result,
                                       struct core_board_memo *memo,
                                       struct clb_error *err)
{
    if (move_begin(game, move, result, err) != CLB_ERR_OK)
        return err->code;

    /* Everything that can refuse the move runs on *game first; only then
     * is *next written (in place when it is *game: no copy of the state
     * a move). */
    char board[CLB_BOARD_SIZE][CLB_BOARD_SIZE];
    enum clb_err rc = CLB_ERR_OK;
    switch (move->type) {
    case CORE_MOVE_PLAY:
        rc = core_play_check(game, move, lexicon, board, result, err);
        if (rc == CLB_ERR_OK)
            core_goals_judge(game, move, (const char(*)[CLB_BOARD_SIZE])board,
                             result);
        break;
    case CORE_MOVE_EXCHANGE: rc = check_exchange(game, move, err); break;
    case CORE_MOVE_PASS: break;
    case CORE_MOVE_HELPER: return not_a_move(err);
    default:
        return clb_error_set(err, CLB_ERR_BAD_REQUEST, "unknown move type");
    }
    if (rc != CLB_ERR_OK)
        return rc;

    uint64_t rng = move_seed(game, move, memo);
    if (next != game)
        *next = *game;
    struct core_game *g = next;
    switch (move->type) {
    case CORE_MOVE_PLAY:
        apply_play(g, move, result, (const char(*)[CLB_BOARD_SIZE])board, &rng);
        break;
    case CORE_MOVE_EXCHANGE: apply_exchange(g, move, &rng); break;
    case CORE_MOVE_PASS:
        memset(&g->last_move, 0, sizeof g->last_move);
        g->last_move.type = CORE_MOVE_PASS;
        if (++g->consecutive_passes >= CLB_PASSES_TO_END)
            finish_game(g, CORE_END_PASSES);
        break;
    case CORE_MOVE_HELPER: break; /* refused above */
    }
    core_goals_complete(&g->goals, result);
    /* The natural ending first: a game that is blocked on its last allowed
     * move ended because nobody could play, not because of the limit. */
    if (!g->game_over && is_blocked(g, lexicon))
        finish_game(g, CORE_END_BLOCKED);
    if (++g->moves >= CLB_MAX_GAME_MOVES && !g->game_over)
        finish_game(g, CORE_END_LIMIT);
    g->has_last_move = true;
    g->turn = g->turn == CORE_P1 ? CORE_P2 : CORE_P1;
    result->game_over = g->game_over;
    return CLB_ERR_OK;
}

enum clb_err
core_move_apply(const struct core_game *game, const struct core_move *given,
                const struct core_lexicon *lexicon, struct core_game *next,
                struct core_move_result *result, struct clb_error *err)
{
    struct core_move canonical;
    core_move_canonical(game, given, &canonical);
    return core_move_apply_canonical(game, &canonical, lexicon, next, result,
                                     NULL, err);
}
