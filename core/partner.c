/* core/partner.c - the computer partner's move (partner.h).
 *
 * Each level is a rule over the plays the move generator finds, written
 * out in docs/RULES.md ("The computer partner") exactly enough to be
 * re-implemented:
 * - best: the top-scoring play; in a goals game, of the top
 *   CLB_PARTNER_GOAL_PLAYS plays, the one meeting the most open goals
 *   (then the higher in core_play_compare order).
 * - good / casual: of the top CLB_PARTNER_GOAL_PLAYS plays scoring at
 *   most a share of the best play's points, the one meeting the most open
 *   goals in a goals game, else one of the first CLB_PARTNER_CHOICES
 *   picked by a hash of the position. Casual exchanges its whole rack
 *   when even its best play is poor.
 * Every level exchanges its whole rack (while the bag allows it) or passes
 * when it has no play; it never uses goals mode's helpers. The search
 * spends the caller's budget; when it runs out, the level's rule is
 * applied to the plays found so far, and the best play found stands in
 * when none of them is below the share.
 */
/* SPDX-License-Identifier: MIT */
#include "partner.h"

#include <string.h>

#include "rng.h"

static const char *const PARTNER_NAMES[] = {"friend", "casual", "good", "best"};

const char *core_partner_name(enum core_partner partner)
{
    unsigned i = (unsigned)partner;
    return i < sizeof PARTNER_NAMES / sizeof PARTNER_NAMES[0] ? PARTNER_NAMES[i]
                                                              : "friend";
}

int core_partner_from_name(const char *name, size_t len)
{
    if (name == NULL)
        return -1;
    for (size_t i = 0; i < sizeof PARTNER_NAMES / sizeof PARTNER_NAMES[0]; i++)
        if (strlen(PARTNER_NAMES[i]) == len &&
            memcmp(PARTNER_NAMES[i], name, len) == 0)
            return (int)i;
    return -1;
}

/* Exchange the whole rack while the bag allows it, else pass (the rules'
 * own endings follow from the passes). */
static void partner_exchange_or_pass(const struct core_game *game,
                                     const struct core_rack *rack,
                                     struct core_move *move)
{
    memset(move, 0, sizeof *move);
    if (rack->count > 0 && core_bag_count(game) >= CLB_EXCHANGE_MIN_BAG) {
        move->type = CORE_MOVE_EXCHANGE;
        move->ntiles = rack->count;
        memcpy(move->exchange, rack->tiles, (size_t)rack->count);
        return;
    }
    move->type = CORE_MOVE_PASS;
}

/* The position's own draw for a weaker level's pick: FNV-1a of the tag
 * "collabble-partner", the level, the board, both racks, the score and
 * the move number, so the same position always picks alike and the pick
 * changes from one position to the next. */
static uint64_t partner_seed(const struct core_game *game,
                             enum core_partner level)
{
    static const char tag[] = "collabble-partner";
    uint64_t h = core_hash_bytes(CORE_HASH_INIT, tag, sizeof tag - 1);
    h = core_hash_int(h, (int)level);
    h = core_hash_board(h, (const char(*)[CLB_BOARD_SIZE])game->board);
    for (int p = 0; p < CLB_PLAYERS; p++) {
        const struct core_rack *r = &game->hands[p];
        int n = r->count < 0               ? 0
                : r->count > CLB_RACK_SIZE ? CLB_RACK_SIZE
                                           : r->count;
        h = core_hash_int(h, n);
        h = core_hash_bytes(h, r->tiles, (size_t)n);
    }
    h = core_hash_int(h, game->score);
    return core_hash_int(h, game->moves);
}

/* How many open goals play p meets, judged by the rules and the goals
 * module (core_move_check fills result.ngoals); 0 in a plain game. */
static int partner_goals_met(const struct core_game *game,
                             const struct core_lexicon *lexicon,
                             const struct core_play *p)
{
    if (game->goals.level == CORE_GOALS_OFF)
        return 0;
    struct core_move move;
    struct core_move_result result;
    struct clb_error err;
    core_play_to_move(p, (const char(*)[CLB_BOARD_SIZE])game->board, &move);
    if (core_move_check(game, &move, lexicon, &result, &err) != CLB_ERR_OK)
        return 0;
    return result.ngoals;
}

/* The first of plays[0..n-1] meeting the most open goals, or -1 when none
 * meets one (or the game has no goals). */
static int partner_goal_play(const struct core_game *game,
                             const struct core_lexicon *lexicon,
                             const struct core_play *plays, size_t n)
{
    int pick = -1, most = 0;
    if (game->goals.level == CORE_GOALS_OFF)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int met = partner_goals_met(game, lexicon, &plays[i]);
        if (met > most) {
            most = met;
            pick = (int)i;
        }
    }
    return pick;
}

/* best: the top-scoring play; in a goals game, of the top
 * CLB_PARTNER_GOAL_PLAYS, the first meeting the most open goals. */
static bool partner_best(const struct core_game *game,
                         const struct core_lexicon *lexicon,
                         const struct core_movegen *mg, struct core_play *out)
{
    const struct core_rack *rack = &game->hands[game->turn];
    if (game->goals.level == CORE_GOALS_OFF)
        return core_movegen_best(mg, rack, out);
    struct core_play top[CLB_PARTNER_GOAL_PLAYS];
    size_t n = core_movegen_top(mg, rack, top, CLB_PARTNER_GOAL_PLAYS);
    if (n > CLB_PARTNER_GOAL_PLAYS)
        n = CLB_PARTNER_GOAL_PLAYS;
    if (n == 0)
        return false;
    int goal = partner_goal_play(game, lexicon, top, n);
    *out = top[goal >= 0 ? goal : 0];
    return true;
}

/* The ceiling of a weaker level: its share of the best play's points,
 * rounded down. */
static int partner_ceiling(enum core_partner level, int best_points)
{
    int pct = level == CORE_PARTNER_GOOD ? CLB_PARTNER_GOOD_SHARE_PCT
                                         : CLB_PARTNER_CASUAL_SHARE_PCT;
    return best_points * pct / 100;
}

/* good and casual: of the top CLB_PARTNER_GOAL_PLAYS plays scoring at
 * most the level's share of `best`'s points, the first meeting the most
 * open goals, else the one of the first CLB_PARTNER_CHOICES that the
 * position's hash picks; `best` itself when no play found is below the
 * share. */
static void partner_weaker(const struct core_game *game,
                           const struct core_lexicon *lexicon,
                           enum core_partner level,
                           const struct core_movegen *mg,
                           const struct core_play *best, struct core_play *out)
{
    struct core_play plays[CLB_PARTNER_GOAL_PLAYS];
    size_t n = core_movegen_top_below(mg, &game->hands[game->turn],
                                      partner_ceiling(level, best->points),
                                      plays, CLB_PARTNER_GOAL_PLAYS);
    if (n > CLB_PARTNER_GOAL_PLAYS)
        n = CLB_PARTNER_GOAL_PLAYS;
    if (n == 0) {
        *out = *best;
        return;
    }
    int goal = partner_goal_play(game, lexicon, plays, n);
    if (goal >= 0) {
        *out = plays[goal];
        return;
    }
    if (n > CLB_PARTNER_CHOICES)
        n = CLB_PARTNER_CHOICES;
    uint64_t state = partner_seed(game, level);
    *out = plays[core_rng_below(&state, (uint32_t)n)];
}

enum clb_err core_partner_move(const struct core_game *game,
                               const struct core_lexicon *lexicon,
                               enum core_partner level,
                               struct core_budget *budget,
                               struct core_move *move, struct clb_error *err)
{
    if (game->game_over)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "the game is over: the computer has no move");
    if (level < CORE_PARTNER_CASUAL || level > CORE_PARTNER_BEST)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "the seat is not the computer's");
    if (lexicon == NULL || lexicon->graph == NULL || lexicon->contains == NULL)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "the computer needs the word list and its graph");
    const struct core_rack *rack = &game->hands[game->turn];
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])game->board,
                      lexicon->graph);
    mg.budget = budget;
    struct core_play best, chosen;
    bool found;
    if (level == CORE_PARTNER_BEST) {
        found = partner_best(game, lexicon, &mg, &chosen);
    } else {
        /* The best play first (the bounded search, cheap), then the plays
         * below the level's share of it (every anchor). */
        found = core_movegen_best(&mg, rack, &best);
        /* A poor rack, casual exchanges; judged only on a whole search (a
         * search cut short plays the best it found). */
        if (found && level == CORE_PARTNER_CASUAL &&
            best.points < CLB_PARTNER_CASUAL_SWAP_BELOW &&
            core_bag_count(game) >= CLB_EXCHANGE_MIN_BAG &&
            (budget == NULL || !budget->exhausted))
            found = false;
        else if (found)
            partner_weaker(game, lexicon, level, &mg, &best, &chosen);
    }
    if (found)
        core_play_to_move(&chosen, (const char(*)[CLB_BOARD_SIZE])game->board,
                          move);
    else
        partner_exchange_or_pass(game, rack, move);
    return CLB_ERR_OK;
}
