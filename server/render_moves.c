/* server/render_moves.c - the move list and the review: every move of the
 * game in a table, the best play each rack had and the team's total
 * against them (render_internal.h).
 */
/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "../core/grade.h"
#include "../core/goals.h"
#include "../core/notation.h"
#include "render_internal.h"

/* ---- the move list ------------------------------------------------------ */

/* The move cell: the words with their points (main word first), an
 * exchange's tile count, or a pass. */
static void render_move_cell(struct out_buf *b, const struct core_tileset *ts,
                             const struct core_move_record *rec)
{
    const struct core_move_result *r = &rec->result;
    switch (rec->move.type) {
    case CORE_MOVE_PLAY:
        for (int i = 0; i < r->nwords && i < CLB_MAX_WORDS; i++) {
            if (i > 0)
                out_lit(b, ", <b>");
            else
                out_lit(b, "<b>");
            render_word(b, ts, r->words[i]);
            out_lit(b, "</b> ");
            out_int(b, r->word_points[i]);
        }
        if (r->bingo) {
            out_lit(b, ", bingo +");
            out_int(b, CLB_BINGO_BONUS);
        }
        render_goal_marks(b, rec);
        break;
    case CORE_MOVE_EXCHANGE:
        out_lit(b, "Exchanged ");
        put_count(b, rec->move.ntiles, "tile", "tiles");
        break;
    case CORE_MOVE_PASS: out_lit(b, "Passed"); break;
    case CORE_MOVE_HELPER: break; /* never a record's move */
    }
}

/* ---- the review ----------------------------------------------------------
 * The best play each rack had, in the move list's last column ("Best
 * available") and, on the game-over page, the team's total against them.
 * A board page leaves the column's cells empty (the review costs a search a
 * move: the script asks POST /game/review for the cells); the game-over page
 * and GET /game/review fill them in. */

/* 1034 as "1,034", as the review's total is read. */
void render_count(struct out_buf *b, int n)
{
    if (n >= 1000) {
        int low = n % 1000;
        out_int(b, n / 1000);
        out_char(b, ',');
        out_char(b, (char)('0' + low / 100));
        out_char(b, (char)('0' + low / 10 % 10));
        out_char(b, (char)('0' + low % 10));
    } else {
        out_int(b, n);
    }
}

/* The result to share, as an attribute's value: "Collabble daily
 * 2026-12-01 · 932 points · 97% of the best plays · Superb · 25 turns";
 * the share and the grade only when the whole game was graded. Nothing of
 * the board: no word, no square, no rack. */
static void render_result_attr(struct out_buf *b, const struct render_result *r,
                               const struct core_grade *grade)
{
    out_lit(b, " data-result=\"Collabble");
    if (r->daily[0] != '\0') {
        out_lit(b, " daily ");
        html_attr(b, r->daily);
    }
    out_rawf(b, " \xc2\xb7 %d %s", r->score,
             plural(r->score, "point", "points"));
    if (grade != NULL)
        out_rawf(b, " \xc2\xb7 %d%% of the best plays \xc2\xb7 %s",
                 grade->percent, grade->name);
    out_rawf(b, " \xc2\xb7 %d %s", r->turns, plural(r->turns, "turn", "turns"));
    if (r->goals != NULL)
        out_rawf(b, " \xc2\xb7 %s %d/%d goals",
                 core_goals_won(r->goals) ? "won" : "lost", r->goals->completed,
                 r->goals->target);
    out_char(b, '"');
    if (grade != NULL)
        out_rawf(b, " data-grade=\"%s\" data-pct=%d", grade->name,
                 grade->percent);
}

/* The game-over page's sentence: "you scored 812 of a possible 1,034",
 * and the grade, "Superb: 97% of the best plays"; when the review's
 * budget ran out, of the moves reviewed, and which were not, without a
 * grade. `result`: for the answer of POST /game/review, whose script puts
 * it in the game-over page's place for it (id review-total) and shares
 * its data-result; NULL on the review's own page. */
void render_review_total(struct out_buf *b, const struct core_review *review,
                         const struct render_result *result)
{
    bool cut = review != NULL && review->reviewed < review->nmoves;
    /* Nothing to compare when no rack could ever play ("0 of 0"). */
    if (review == NULL || (review->possible == 0 && !cut))
        return;
    struct core_grade grade;
    bool graded =
        !cut && core_grade_of(review->scored, review->possible, &grade);
    if (result != NULL) {
        out_lit(b, "<p id=\"review-total\" data-testid=\"review-total\"");
        render_result_attr(b, result, graded ? &grade : NULL);
    } else {
        out_lit(b, "<p data-testid=\"review-total\"");
    }
    out_lit(b, ">Review: you scored <strong>");
    render_count(b, review->scored);
    out_lit(b, "</strong> of a possible <strong>");
    render_count(b, review->possible);
    if (!cut) {
        out_lit(b, "</strong>, the best available play of every turn added "
                   "up.");
        if (graded)
            out_rawf(b,
                     " Grade: <strong data-testid=\"grade\">%s</strong>, "
                     "%d%% of the best plays.",
                     grade.name, grade.percent);
        out_lit(b, "</p>");
        return;
    }
    out_lit(b, "</strong>");
    if (review->reviewed > 0) {
        out_lit(b, " on moves 1\xe2\x80\x93");
        out_int(b, review->reviewed);
    }
    out_lit(b, " (moves ");
    out_int(b, review->reviewed + 1);
    out_lit(b, "\xe2\x80\x93");
    out_int(b, review->nmoves);
    out_lit(b, " not reviewed: the review's work limit ran out).</p>");
}

/* A review cell's text: "QUIXOTE at 8D for 102" (the column is headed
 * "Best available"), or that the rack had no play at all. */
static void render_review_text(struct out_buf *b, const struct core_tileset *ts,
                               const struct core_review_move *rm)
{
    if (!rm->has_best) {
        out_lit(b, "No play possible");
        return;
    }
    char at[4];
    core_play_coord(&rm->best, at);
    render_word(b, ts, rm->result.words[0]);
    out_lit(b, " at ");
    out_raw(b, at);
    out_lit(b, " for ");
    out_int(b, rm->best.points);
}

/* The review cell of move i (0-based): its best play, or that the
 * review's budget ran out before it (core/review.h). */
static void render_review_cell(struct out_buf *b, const struct core_tileset *ts,
                               const struct core_review *review, int i)
{
    if (i >= review->reviewed)
        out_lit(b, "Not reviewed");
    else
        render_review_text(b, ts, &review->moves[i]);
}

void render_review_cells(struct out_buf *b, const struct core_tileset *ts,
                         const struct core_review *review,
                         const struct render_result *result)
{
    out_lit(b, "<table>");
    for (int i = 0; i < review->nmoves && i < CLB_MAX_GAME_MOVES; i++) {
        out_lit(b, "<tr><td>");
        render_review_cell(b, ts, review, i);
    }
    out_lit(b, "</table>\n");
    if (result != NULL)
        render_review_total(b, review, result);
}

/* One turn of the move list: a row of cells, the last one the turn's
 * review (empty when `rv` is NULL). The end tags of cells and rows are
 * optional in HTML and left out: a long game's list would otherwise spend
 * a kilobyte of the first visit's budget on them. */
static void render_move_row(struct out_buf *b, const struct core_tileset *ts,
                            const struct core_move_record *rec, int number,
                            const struct core_review *rv, bool computer)
{
    /* A long game's list is mostly these rows: the parts around the move
     * are each written in one piece. */
    static const char th[] = "<tr><th scope=row>", player[] = "<td>P";
    char *p = out_room(b, sizeof th + sizeof player + 2 * OUT_INT_MAX + 4);
    if (p == NULL)
        return;
    size_t n = 0;
    memcpy(p, th, sizeof th - 1);
    n += sizeof th - 1;
    n += out_int_at(p + n, number);
    memcpy(p + n, player, sizeof player - 1);
    n += sizeof player - 1;
    n += out_int_at(p + n, (int)rec->player + 1);
    out_commit(b, n);
    /* A solo game's computer moves say so beside the player. */
    if (computer)
        out_lit(b, " computer");
    out_lit(b, "<td>");
    render_move_cell(b, ts, rec);
    p = out_room(b, 3 * 4 + 2 * OUT_INT_MAX);
    if (p == NULL)
        return;
    memcpy(p, "<td>", 4);
    n = 4 + out_int_at(p + 4, rec->result.points);
    memcpy(p + n, "<td>", 4);
    n += 4;
    n += out_int_at(p + n, rec->score);
    memcpy(p + n, "<td>", 4);
    out_commit(b, n + 4);
    if (rv != NULL)
        render_review_cell(b, ts, rv, number - 1);
}

/* The end of a finished game: what was taken off for the racks. */
static void render_moves_end(struct out_buf *b, const struct core_game *g)
{
    if (!g->game_over)
        return;
    out_lit(b, "<tfoot><tr><th scope=row colspan=3>");
    /* A game that ended by itself says why, here too. */
    bool blocked = g->end == CORE_END_BLOCKED;
    if (g->end_adjustment > 0)
        out_raw(b, blocked ? "Neither player could play: tiles left on the "
                             "racks"
                           : "Tiles left on the racks");
    else
        out_raw(b,
                blocked ? "Neither player could play: game over" : "Game over");
    out_lit(b, "</th><td>");
    if (g->end_adjustment > 0)
        out_lit(b, "\xe2\x88\x92"); /* the minus sign */
    out_int(b, g->end_adjustment);
    out_lit(b, "</td><td>");
    out_int(b, g->score);
    out_lit(b, "</td></tr></tfoot>");
}

/* Every move of the game, oldest first, in a table a screen reader can
 * walk by row and column; the box scrolls (and takes the focus, so the
 * keyboard can scroll it) when the list is long. Then the download. */
void render_moves(struct out_buf *b, const struct render_view *v)
{
    const struct core_history *h = v->history;
    const struct core_game *g = v->game;
    /* The scrolling box is the one landmark named "Moves" (axe:
     * landmark-unique), so the section around it has no name. */
    out_lit(b, "<section class=\"panel moves\" data-testid=\"move-list\">"
               "<h2 id=\"moves-h\">Moves</h2>");
    const struct core_review *rv =
        v->review != NULL && v->review->nmoves == h->nmoves ? v->review : NULL;
    /* The game's story above the list that tells it in words, on the
     * review's page. A finished game's page without the review links to
     * it there and, when a browser navigated to it (a reader without
     * script), draws the team's line itself. The pages the script
     * fetches, a first visit's among them, carry only the link: the
     * first visit's budget (docs/UI.md) has no room for the picture. */
    if (rv != NULL) {
        render_story(b, h, rv, goals_on(g));
    } else if (g->game_over && h->nmoves > 0) {
        if (v->plain)
            render_story(b, h, NULL, goals_on(g));
        render_story_link(b, v->state);
    }
    out_lit(b, "<div class=\"movescroll\" id=\"moves\" tabindex=\"0\" "
               "role=\"region\" aria-labelledby=\"moves-h\"><table>"
               "<thead><tr><th scope=col>Turn</th><th scope=col>Player</th>"
               "<th scope=col>Move</th><th scope=col>Points</th>"
               "<th scope=col>Score</th><th scope=col>");
    out_lit(b, "Best available</th></tr></thead><tbody>");
    if (h->start == CORE_START_POSITION) {
        out_lit(b, "<tr class=\"start\"><td colspan=\"4\">From a classic "
                   "link: the moves before it are not known</td><td>");
        out_int(b, h->first.score);
        out_lit(b, "</td></tr>");
    } else if (h->nmoves == 0)
        out_lit(b, "<tr class=\"start\"><td colspan=\"6\">No moves yet"
                   "</td></tr>");
    for (int i = 0; i < h->nmoves && i < CLB_MAX_GAME_MOVES; i++)
        render_move_row(b, core_game_tileset(&h->first), &h->moves[i], i + 1,
                        rv, core_history_by_computer(h, i));
    out_lit(b, "</tbody>");
    render_moves_end(b, g);
    out_lit(b, "</table></div><p class=\"download\"><a href=\"");
    html_url(b, "/game.gcg?s=");
    html_attr(b, v->state);
    out_lit(b, "\" download=\"collabble-");
    html_textn(b, g->game_id, strnlen(g->game_id, CLB_GAME_ID_MAX));
    out_lit(b, ".gcg\" data-testid=\"download\">Download game</a> (GCG, "
               "for Quackle)</p>");
    /* Without the script the review's cells stay empty: this link (on the
     * pages a browser navigates to; the script fills the cells itself, so
     * it is hidden then) opens the page that has them filled in. The
     * heading is no link: it would only reload. */
    if (rv == NULL && h->nmoves > 0 && v->plain) {
        out_lit(b, "<p class=\"nojs\"><a href=\"");
        html_url(b, "/game/review?s=");
        html_attr(b, v->state);
        out_lit(b, "\" data-testid=\"review-link\">The best available play "
                   "of every turn</a></p>");
    }
    out_lit(b, "</section>");
}
