/* server/gcg.c - the GCG export of a game's history (gcg.h).
 *
 * GCG (John Chew's format): pragma lines "#keyword args", then one event
 * line per move, ">nick: RACK POSITION WORD +POINTS TOTAL". A position is
 * row then column letter for a word across ("8H"), column letter then row
 * for a word down ("H8"); the word shows tiles already on the board as '.'
 * and blanks in lower case; an exchange is "-TILES", a pass "-". The game's
 * end adds the rack lines: "RACK (RACK) -N" for tiles left when the game
 * ended by passes (or the move limit), "(RACK) +0" for the partner's rack
 * when a player went out, which Collabble scores at nothing (one team's
 * gain and loss cancel).
 */
/* SPDX-License-Identifier: MIT */
#include "gcg.h"

#include <stdio.h>
#include <string.h>

#include "../core/goals.h"
#include "../core/tiles.h"

static const char *const nick[CLB_PLAYERS] = {"P1", "P2"};

/* A rack as GCG writes it: letters in alphabetical order, blanks ('?')
 * last. */
static void gcg_rack(struct out_buf *b, const struct core_tileset *ts,
                     const struct core_rack *rack)
{
    int count[CLB_MAX_TILE_KINDS] = {0};
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++) {
        int k = core_tile_kind(ts, rack->tiles[i]);
        if (k >= 0)
            count[k]++;
    }
    for (int k = 0; k <= ts->n; k++)
        for (int i = 0; i < count[k]; i++)
            out_raw(b, core_tile_text(ts, core_kind_tile(ts, k)));
}

static int rack_points(const struct core_tileset *ts,
                       const struct core_rack *rack)
{
    int v = 0;
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++)
        v += core_tile_points(ts, rack->tiles[i]);
    return v;
}

/* A play: its position, then the main word with '.' for the tiles that
 * were on the board already. */
static void gcg_play(struct out_buf *b, const struct core_tileset *ts,
                     const struct core_move_record *rec)
{
    int r = rec->word_start.row, c = rec->word_start.col;
    if (rec->across)
        out_rawf(b, "%d%c ", r + 1, 'A' + c);
    else
        out_rawf(b, "%c%d ", 'A' + c, r + 1);
    for (int i = 0; i < rec->word_len; i++) {
        int rr = r + (rec->across ? 0 : i), cc = c + (rec->across ? i : 0);
        const char *shown = ".";
        for (int t = 0; t < rec->move.ntiles && t < CLB_RACK_SIZE; t++) {
            const struct core_placement *p = &rec->move.tiles[t];
            int m = core_tile_letter(p->letter, ts->n);
            if (p->row == rr && p->col == cc && m >= 0)
                shown = p->blank ? ts->lower[m] : ts->upper[m];
        }
        out_raw(b, shown);
    }
}

static void gcg_exchange(struct out_buf *b, const struct core_tileset *ts,
                         const struct core_move *m)
{
    struct core_rack given = {.count = m->ntiles};
    memcpy(given.tiles, m->exchange, sizeof given.tiles);
    out_raw(b, "-");
    gcg_rack(b, ts, &given);
}

/* The rack lines of a finished game. The shared score never goes below
 * 0, so what was taken off may be less than the racks are worth: it is
 * shared out P1 first, and the totals still add up to the final score. */
static void gcg_ending(struct out_buf *b, const struct core_game *g,
                       int total[CLB_PLAYERS])
{
    const struct core_tileset *ts = core_game_tileset(g);
    if (g->end == CORE_END_OUT) {
        int out = g->hands[CORE_P1].count == 0 ? CORE_P1 : CORE_P2;
        const struct core_rack *left = &g->hands[1 - out];
        out_rawf(b, ">%s: (", nick[out]);
        gcg_rack(b, ts, left);
        out_rawf(b, ") +0 %d\n", total[out]);
        out_raw(b, "#note Going out scores nothing in Collabble: what one "
                   "player would gain, the other would lose.\n");
        return;
    }
    if (g->end != CORE_END_PASSES && g->end != CORE_END_LIMIT &&
        g->end != CORE_END_BLOCKED)
        return;
    int left = g->end_adjustment;
    for (int p = 0; p < CLB_PLAYERS; p++) {
        const struct core_rack *rack = &g->hands[p];
        if (rack->count == 0)
            continue;
        int v = rack_points(ts, rack);
        int taken = v < left ? v : left;
        left -= taken;
        total[p] -= taken;
        out_rawf(b, ">%s: ", nick[p]);
        gcg_rack(b, ts, rack);
        out_raw(b, " (");
        gcg_rack(b, ts, rack);
        out_rawf(b, ") -%d %d\n", taken, total[p]);
    }
}

/* A goals game's helpers used before a move, as notes (GCG has no move
 * for them). */
static void gcg_helpers(struct out_buf *b, const char *nick,
                        const struct core_helper_use *uses, int n)
{
    static const char *const what[] = {"New goals", "Swap a tile", "Peek"};
    for (int k = 0; k < n && k < CLB_GOALS_MAX_HELPERS; k++)
        if (uses[k].kind <= CORE_HELPER_PEEK)
            out_rawf(b, "#note %s used a helper: %s\n", nick,
                     what[uses[k].kind]);
}

void gcg_write(struct out_buf *b, const struct position *pos)
{
    const struct core_history *h = &pos->history;
    const struct core_game *g = &pos->game;
    out_raw(b, "#character-encoding UTF-8\n"
               "#player1 P1 Player 1\n"
               "#player2 P2 Player 2\n");
    out_rawf(b, "#title Collabble game %s\n", g->game_id);
    out_rawf(b, "#id collabble %s\n", g->game_id);
    out_rawf(b, "#lexicon %s\n", h->lexicon.name);
    out_raw(b, "#description A cooperative game: both players add to one "
               "shared score.\n");
    if (h->start == CORE_START_POSITION)
        out_rawf(b,
                 "#note The game came from a classic link at a shared "
                 "score of %d; the moves before it are not known.\n",
                 h->first.score);
    int total[CLB_PLAYERS] = {0, 0};
    for (int i = 0; i < h->nmoves; i++) {
        const struct core_move_record *rec = &h->moves[i];
        int p = rec->player == CORE_P2 ? 1 : 0;
        total[p] += rec->result.points;
        gcg_helpers(b, nick[p], rec->helpers, rec->nhelpers);
        out_rawf(b, ">%s: ", nick[p]);
        gcg_rack(b, core_game_tileset(g), &rec->rack);
        out_raw(b, " ");
        switch (rec->move.type) {
        case CORE_MOVE_PLAY: gcg_play(b, core_game_tileset(g), rec); break;
        case CORE_MOVE_EXCHANGE:
            gcg_exchange(b, core_game_tileset(g), &rec->move);
            break;
        case CORE_MOVE_PASS: out_raw(b, "-"); break;
        case CORE_MOVE_HELPER: break; /* never a record's move */
        }
        out_rawf(b, " +%d %d\n", rec->result.points, total[p]);
        for (int k = 0; k < rec->result.ngoals && k < CLB_GOALS_FACE_UP; k++) {
            char text[CLB_GOAL_TEXT_MAX];
            core_goal_text(rec->result.goals[k], core_game_tileset(g), text,
                           sizeof text);
            out_rawf(b, "#note Goal completed: %s\n", text);
        }
    }
    if (g->game_over)
        gcg_ending(b, g, total);
    out_rawf(b, "#note Shared score: %d%s.\n", g->score,
             g->game_over ? ", final" : ", game in progress");
    if (g->goals.level != CORE_GOALS_OFF)
        out_rawf(b, "#note Goals (%s): %d of %d completed%s.\n",
                 core_goals_level_name(g->goals.level), g->goals.completed,
                 g->goals.target,
                 core_goals_won(&g->goals) ? ", won"
                 : g->game_over            ? ", lost"
                                           : "");
}

void gcg_filename(const struct position *pos, char *out, size_t cap)
{
    (void)snprintf(out, cap, "collabble-%s.gcg", pos->game.game_id);
}
