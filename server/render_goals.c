/* server/render_goals.c - goals mode on the page: the goals face up, the
 * helpers, the marks of the move list and the verdict (render_internal.h).
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "../core/goals.h"
#include "render_internal.h"

/* ---- goals mode: what the server judged, shown (docs/UI.md, "Goals
 * mode's page") ---- */

/* A goal's sentence in the page's language (by its English text: the
 * table is core's, po/pot.cmake extracts its sentences), escaped; nothing
 * for a number out of the table. */
static void put_goal(struct out_buf *b, int goal)
{
    const struct core_goal_info *info = core_goal_info(goal);
    if (info != NULL)
        put_tr(b, info->text);
}

/* The same in a game of ts: a letter goal in a set other than English
 * names that set's letters, as core_goal_text() writes it in English
 * (its format, "...: %s", is the catalogues' message). */
static void put_goal_in(struct out_buf *b, const struct core_tileset *ts,
                        int goal)
{
    int letters[CLB_MAX_LETTERS];
    if (core_goal_info(goal) == NULL || core_tileset_is_default(ts) ||
        core_goal_letters(goal, ts, letters) == 0) {
        put_goal(b, goal);
        return;
    }
    char english[CLB_GOAL_TEXT_MAX];
    core_goal_text(goal, ts, english, sizeof english);
    /* core's sentence: its format's words, then the letters. */
    static const char format[] = "Play a word with one of these tiles: %s";
    const char *list = english + (sizeof format - 3);
    if (strlen(english) < sizeof format - 3 ||
        strncmp(english, format, sizeof format - 3) != 0) {
        html_text(b, english); /* core's wording changed: as it is */
        return;
    }
    const char *f = tr(b, format);
    const char *at = strstr(f, "%s");
    if (at == NULL) {
        html_text(b, english);
        return;
    }
    html_textn(b, f, (size_t)(at - f));
    html_text(b, list);
    html_text(b, at + 2);
}

/* A difficulty as a player reads it ("Normal"); core_goals_level_name()
 * is the API's and the form's value ("normal"). */
static const char *level_text(enum core_goals_level level)
{
    switch (level) {
    case CORE_GOALS_EASY: return N_("Easy");
    case CORE_GOALS_NORMAL: return N_("Normal");
    case CORE_GOALS_HARD: return N_("Hard");
    case CORE_GOALS_OFF: break;
    }
    return N_("Off");
}

/* The score line's "Goals 3 of 12". */
void render_goals_stat(struct out_buf *b, const struct core_game *g)
{
    if (!goals_on(g))
        return;
    out_lit(b, "<div><dt>");
    put_tr(b, "Goals");
    out_lit(b, "</dt><dd id=\"goals-done\" data-testid=\"goals-done\">");
    put_fill(b, tr(b, "{done} of {target}"),
             FILL_INT("done", g->goals.completed),
             FILL_INT("target", g->goals.target));
    out_lit(b, "</dd></div>");
}

/* One rack's tiles as the options of a swap's choice: each kind once,
 * the first slot holding it (a tile is named by its letter); the option
 * of tile `chosen` selected. */
static void render_swap_options(struct out_buf *b,
                                const struct core_tileset *ts,
                                const struct core_rack *r, char chosen)
{
    char seen[CLB_RACK_SIZE + 1] = {0};
    for (int i = 0, n = 0; i < r->count && i < CLB_RACK_SIZE; i++) {
        char t = r->tiles[i];
        if (memchr(seen, t, (size_t)n) != NULL)
            continue;
        seen[n++] = t;
        out_raw(b, t == chosen ? "<option selected" : "<option");
        if (t == CORE_BLANK) {
            out_lit(b, " value=BLANK>");
            put_tr(b, "blank");
        } else if (core_tileset_is_default(ts)) {
            out_rawf(b, ">%c", t);
        } else {
            /* The tile's own string ("CH"); the value the server reads
             * back stays its byte. */
            char byte[2] = {t, '\0'};
            out_lit(b, " value=\"");
            html_attr(b, byte);
            out_lit(b, "\">");
            html_text(b, core_tile_text(ts, t));
        }
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
    const struct core_tileset *ts = core_game_tileset(g);
    out_lit(b, "<h2 id=\"helpers-h\">");
    put_tr(b, "Helpers");
    out_lit(b, " <span class=\"who\" data-testid=\"helpers-left\">");
    put_fill(b, tr(b, "{left} left, shared"),
             FILL_INT("left", g->goals.helpers_left));
    out_rawf(b,
             "</span></h2><ul class=\"helpers\" aria-labelledby=\"helpers-h\">"
             "<li><button data-helper=newGoals "
             "data-testid=\"helper-newGoals\"%s>",
             off);
    put_tr(b, "New goals");
    out_lit(b, "</button> ");
    put_tr(b, "replaces the three goals");
    out_rawf(b, "<li><button data-helper=peek data-testid=\"helper-peek\"%s>",
             off);
    put_tr(b, "Peek");
    out_lit(b, "</button> ");
    put_tr(b, "shows a square the best play of your rack covers, not its "
              "word");
    out_rawf(b, "<li><button data-helper=swap data-testid=\"helper-swap\"%s>",
             take ? off : " disabled");
    put_tr(b, "Swap a tile");
    out_lit(b, "</button> ");
    /* "{give} for {take}, with your partner": the two lists in the
     * sentence, where the language puts them. */
    struct fill f;
    fill_begin(&f, b, tr(b, "{give} for {take}, with your partner"));
    while (fill_next(&f)) {
        if (fill_is(&f, "give")) {
            out_lit(b, "<select id=\"h-give\" aria-label=\"");
            html_attr(b, tr(b, "Your tile"));
            out_lit(b, "\">");
            render_swap_options(b, ts, mine, give);
            out_lit(b, "</select>");
        } else if (fill_is(&f, "take")) {
            out_lit(b, "<select id=\"h-take\" aria-label=\"");
            html_attr(b, tr(b, "Your partner's tile"));
            out_lit(b, "\">");
            render_swap_options(b, ts, theirs, take);
            out_lit(b, "</select>");
        }
    }
    out_lit(b, "</ul>");
}

/* The goals: the three face up, what is done of the target, the helpers
 * left and a Peek's square. Right under the rack, so that a phone shows
 * both above the fold; the helpers themselves come after the actions. */
void render_goals(struct out_buf *b, const struct render_view *v)
{
    const struct core_game *g = v->game;
    if (!goals_on(g))
        return;
    out_lit(b, "<section class=\"goals\" id=\"goals\" data-testid=\"goals\" "
               "aria-labelledby=\"goals-h\"><h2 id=\"goals-h\">");
    put_tr(b, "Goals");
    out_lit(b, " <span class=\"who\">");
    put_fill(b, tr(b, "{done} of {target} done, {level}"),
             FILL_INT("done", g->goals.completed),
             FILL_INT("target", g->goals.target),
             FILL_TEXT("level", tr(b, level_text(g->goals.level))));
    out_lit(b, "</span></h2><ol>");
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++) {
        const struct core_goal_info *info = core_goal_info(g->goals.faceup[i]);
        if (info == NULL)
            continue;
        out_lit(b, "<li data-goal=\"");
        html_attr(b, info->name);
        out_lit(b, "\">");
        put_goal_in(b, core_game_tileset(g), g->goals.faceup[i]);
    }
    out_lit(b, "</ol>");
    if (v->peeked) {
        char square[16];
        (void)snprintf(square, sizeof square, "%c%d", 'A' + (v->peek.col & 15),
                       (v->peek.row & 15) + 1);
        out_lit(b, "<p data-testid=\"peek\">");
        put_fill(b, tr(b, "Peek: the best play covers {square}."),
                 FILL_TEXT("square", square));
        out_lit(b, "</p>");
    }
    out_lit(b, "</section>");
}

/* A move list's marks of a goals game: the helpers used before the move,
 * and each goal it completed. */
void render_goal_marks(struct out_buf *b, const struct core_move_record *rec)
{
    static const char *const helper[] = {N_("New goals"), N_("Swap a tile"),
                                         N_("Peek")};
    for (int i = 0; i < rec->nhelpers && i < CLB_GOALS_MAX_HELPERS; i++)
        if (rec->helpers[i].kind < 3) {
            out_lit(b, " <i class=\"used\">(");
            put_tr(b, helper[rec->helpers[i].kind]);
            out_lit(b, ")</i>");
        }
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
    int done = g->goals.completed;
    out_lit(b, "<p class=\"outcome\" data-testid=\"goals-outcome\"><strong>");
    put_tr(b, won ? N_("You won") : N_("You lost"));
    out_lit(b, "</strong>: ");
    put_fill(b,
             won ? trn(b, "{done} goal completed of the {target} needed.",
                       "{done} goals completed of the {target} needed.", done)
                 : trn(b,
                       "{done} goal completed of the {target} needed "
                       "before the game ended.",
                       "{done} goals completed of the {target} needed "
                       "before the game ended.",
                       done),
             FILL_INT("done", done), FILL_INT("target", g->goals.target));
    out_lit(b, "</p>");
}

/* The new-game forms' Goals choice: off, or a difficulty with its target
 * and pool of helpers (core/goals.h). */
void render_goals_choice(struct out_buf *b, const char *id)
{
    out_rawf(b, "<label for=\"%s\">", id);
    put_tr(b, "Goals");
    out_rawf(b,
             "</label><select id=\"%s\" name=\"goals\" "
             "data-testid=\"%s-level\"><option value=\"\">",
             id, id);
    put_tr(b, "Off: a plain game");
    for (int l = CORE_GOALS_EASY; l <= CORE_GOALS_HARD; l++) {
        enum core_goals_level level = (enum core_goals_level)l;
        int helpers = core_goals_helpers(level);
        out_rawf(b, "<option value=%s>", core_goals_level_name(level));
        /* Hard's target is below Normal's because its deck has no easy
         * goal: the choice says so, or it would read inverted. */
        put_fill(b,
                 l == CORE_GOALS_HARD
                     ? trn(b,
                           "{level}: win with {target} harder goals, "
                           "{helpers} helper",
                           "{level}: win with {target} harder goals, "
                           "{helpers} helpers",
                           helpers)
                     : trn(b,
                           "{level}: win with {target} goals, {helpers} "
                           "helper",
                           "{level}: win with {target} goals, {helpers} "
                           "helpers",
                           helpers),
                 FILL_TEXT("level", tr(b, level_text(level))),
                 FILL_INT("target", core_goals_target(level)),
                 FILL_INT("helpers", helpers));
    }
    out_lit(b, "</select>");
}
