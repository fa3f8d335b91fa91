/* server/render_goals.c - goals mode on the page: the goals face up, the
 * helpers, the marks of the move list and the verdict (render_internal.h).
 */
/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "../core/goals.h"
#include "render_internal.h"

/* ---- goals mode: what the server judged, shown (docs/UI.md, "Goals
 * mode's page") ---- */

/* A goal's sentence, escaped; nothing for a number out of the table. */
static void put_goal(struct out_buf *b, int goal)
{
    const struct core_goal_info *info = core_goal_info(goal);
    if (info != NULL)
        html_text(b, info->text);
}

/* The score line's "Goals 3 of 12". */
void render_goals_stat(struct out_buf *b, const struct core_game *g)
{
    if (!goals_on(g))
        return;
    out_rawf(b,
             "<div><dt>Goals</dt><dd id=\"goals-done\" "
             "data-testid=\"goals-done\">%d of %d</dd></div>",
             g->goals.completed, g->goals.target);
}

/* One rack's tiles as the options of a swap's choice: each kind once,
 * the first slot holding it (a tile is named by its letter); the option
 * of tile `chosen` selected. */
static void render_swap_options(struct out_buf *b, const struct core_rack *r,
                                char chosen)
{
    char seen[CLB_RACK_SIZE + 1] = {0};
    for (int i = 0, n = 0; i < r->count && i < CLB_RACK_SIZE; i++) {
        char t = r->tiles[i];
        if (memchr(seen, t, (size_t)n) != NULL)
            continue;
        seen[n++] = t;
        out_raw(b, t == chosen ? "<option selected" : "<option");
        if (t == CORE_BLANK)
            out_lit(b, " value=BLANK>blank");
        else
            out_rawf(b, ">%c", t);
    }
}

/* The helpers, each with what it does, usable by the player to move:
 * New goals, Peek, and Swap a tile (one of this rack's for one of the
 * partner's, chosen in two lists). Disabled once the pool is spent. */
void render_helpers(struct out_buf *b, const struct core_game *g)
{
    const char *off = g->goals.helpers_left > 0 ? "" : " disabled";
    const struct core_rack *mine = &g->hands[g->turn];
    const struct core_rack *theirs = &g->hands[other_player(g->turn)];
    /* The two lists start on the first pair of different tiles (a tile
     * for the same tile is no swap); with none, Swap stays disabled. */
    char give = 0, take = 0;
    for (int i = 0; i < mine->count && i < CLB_RACK_SIZE && !take; i++)
        for (int j = 0; j < theirs->count && j < CLB_RACK_SIZE && !take; j++)
            if (mine->tiles[i] != theirs->tiles[j]) {
                give = mine->tiles[i];
                take = theirs->tiles[j];
            }
    out_rawf(b,
             "<h2 id=\"helpers-h\">Helpers <span class=\"who\" "
             "data-testid=\"helpers-left\">%d left, shared</span></h2><ul "
             "class=\"helpers\" aria-labelledby=\"helpers-h\"><li><button "
             "data-helper=newGoals "
             "data-testid=\"helper-newGoals\"%s>New goals</button> "
             "replaces the three goals<li><button data-helper=peek "
             "data-testid=\"helper-peek\"%s>Peek</button> shows a square "
             "the best play of your rack covers, not its word<li><button "
             "data-helper=swap data-testid=\"helper-swap\"%s>Swap a tile"
             "</button> <select id=\"h-give\" aria-label=\"Your tile\">",
             g->goals.helpers_left, off, off, take ? off : " disabled");
    render_swap_options(b, mine, give);
    out_lit(b, "</select> for <select id=\"h-take\" aria-label=\"Your "
               "partner&#39;s tile\">");
    render_swap_options(b, theirs, take);
    out_lit(b, "</select>, with your partner</ul>");
}

/* The goals: the three face up, what is done of the target, the helpers
 * left and a Peek's square. Right under the rack, so that a phone shows
 * both above the fold; the helpers themselves come after the actions. */
void render_goals(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    if (!goals_on(g))
        return;
    const char *level = core_goals_level_name(g->goals.level);
    out_rawf(b,
             "<section class=\"goals\" id=\"goals\" data-testid=\"goals\" "
             "aria-labelledby=\"goals-h\"><h2 id=\"goals-h\">Goals <span "
             "class=\"who\">%d of %d done, %c%s</span></h2><ol>",
             g->goals.completed, g->goals.target, level[0] - 'a' + 'A',
             level + 1);
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++) {
        const struct core_goal_info *info = core_goal_info(g->goals.faceup[i]);
        if (info == NULL)
            continue;
        out_lit(b, "<li data-goal=\"");
        html_attr(b, info->name);
        out_lit(b, "\">");
        html_text(b, info->text);
    }
    out_lit(b, "</ol>");
    if (v->peeked)
        out_rawf(b,
                 "<p data-testid=\"peek\">Peek: the best play covers "
                 "%c%d.</p>",
                 'A' + v->peek.col, v->peek.row + 1);
    out_lit(b, "</section>");
}

/* A move list's marks of a goals game: the helpers used before the move,
 * and each goal it completed. */
void render_goal_marks(struct out_buf *b, const struct core_move_record *rec)
{
    static const char *const helper[] = {"New goals", "Swap a tile", "Peek"};
    for (int i = 0; i < rec->nhelpers && i < CLB_GOALS_MAX_HELPERS; i++)
        if (rec->helpers[i].kind < 3)
            out_rawf(b, " <i class=\"used\">(%s)</i>",
                     helper[rec->helpers[i].kind]);
    for (int i = 0; i < rec->result.ngoals && i < CLB_GOALS_FACE_UP; i++) {
        out_lit(b, " <span class=\"goal\" data-testid=\"goal-done\">"
                   "\xe2\x9c\x93 ");
        put_goal(b, rec->result.goals[i]);
        out_lit(b, "</span>");
    }
}

/* The game-over page's verdict of a goals game. */
void render_goals_outcome(struct out_buf *b, const struct core_game *g)
{
    if (!goals_on(g))
        return;
    bool won = core_goals_won(&g->goals);
    out_rawf(b,
             "<p class=\"outcome\" data-testid=\"goals-outcome\">"
             "<strong>You %s</strong>: %d %s completed of the %d needed%s.</p>",
             won ? "won" : "lost", g->goals.completed,
             plural(g->goals.completed, "goal", "goals"), g->goals.target,
             won ? "" : " before the game ended");
}

/* The new-game forms' Goals choice: off, or a difficulty with its target
 * and pool of helpers (core/goals.h). */
void render_goals_choice(struct out_buf *b, const char *id)
{
    out_rawf(
        b,
        "<label for=\"%s\">Goals</label><select id=\"%s\" "
        "name=\"goals\" data-testid=\"%s-level\"><option value=\"\">Off: a "
        "plain game",
        id, id, id);
    for (int l = CORE_GOALS_EASY; l <= CORE_GOALS_HARD; l++) {
        const char *name = core_goals_level_name((enum core_goals_level)l);
        int helpers = core_goals_helpers((enum core_goals_level)l);
        /* Hard's target is below Normal's because its deck has no easy
         * goal: the choice says so, or it would read inverted. */
        out_rawf(b, "<option value=%s>%c%s: win with %d %sgoals, %d %s", name,
                 name[0] - 'a' + 'A', name + 1,
                 core_goals_target((enum core_goals_level)l),
                 l == CORE_GOALS_HARD ? "harder " : "", helpers,
                 plural(helpers, "helper", "helpers"));
    }
    out_lit(b, "</select>");
}
