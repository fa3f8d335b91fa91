/* core/partner.c - the computer partner's move (partner.h). */
/* SPDX-License-Identifier: MIT */
#include "partner.h"

#include <string.h>

static const char *const PARTNER_NAMES[] = {"friend", "casual", "good", "best"};

const char *core_partner_name(enum core_partner partner)
{
    unsigned i = (unsigned)partner;
    return i < sizeof PARTNER_NAMES / sizeof PARTNER_NAMES[0] ? PARTNER_NAMES[i]
                                                              : "friend";
}

int core_partner_from_name(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof PARTNER_NAMES / sizeof PARTNER_NAMES[0]; i++)
        if (strlen(PARTNER_NAMES[i]) == len &&
            memcmp(PARTNER_NAMES[i], name, len) == 0)
            return (int)i;
    return -1;
}

/* No play found: exchange the whole rack while the bag allows it, else
 * pass (the rules' own endings follow from the passes). */
static void partner_no_play(const struct core_game *game,
                            const struct core_rack *rack,
                            struct core_move *move)
{
    memset(move, 0, sizeof *move);
    if (rack->count > 0 && core_bag_count(game) >= CLB_RACK_SIZE) {
        move->type = CORE_MOVE_EXCHANGE;
        move->ntiles = rack->count;
        memcpy(move->exchange, rack->tiles, (size_t)rack->count);
        return;
    }
    move->type = CORE_MOVE_PASS;
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
    if (lexicon == NULL || lexicon->graph == NULL)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                             "the computer needs the word list's graph");
    const struct core_rack *rack = &game->hands[game->turn];
    struct core_movegen mg;
    core_movegen_init(&mg, game->board, lexicon->graph);
    mg.budget = budget;
    struct core_play best;
    if (core_movegen_best(&mg, rack, &best))
        core_play_to_move(&best, game->board, move);
    else
        partner_no_play(game, rack, move);
    return CLB_ERR_OK;
}
