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
            out_lit(b, ", ");
            /* TRANSLATORS: a play that used all seven tiles, and its bonus
             * (French "scrabble") */
            put_fill(b, tr(b, "bingo +{bonus}"),
                     FILL_INT("bonus", CLB_BINGO_BONUS));
        }
        render_goal_marks(b, rec);
        break;
    case CORE_MOVE_EXCHANGE:
        put_fill(b,
                 trn(b, "Exchanged {n} tile", "Exchanged {n} tiles",
                     rec->move.ntiles),
                 FILL_INT("n", rec->move.ntiles));
        break;
    case CORE_MOVE_PASS: put_tr(b, "Passed"); break;
    case CORE_MOVE_HELPER: break; /* never a record's move */
    }
}

/* ---- the review ----------------------------------------------------------
 * The best play each rack had, in the move list's last column ("Best
 * available") and, on the game-over page, the team's total against them.
 * A board page leaves the column's cells empty (the review costs a search a
 * move: the script asks POST /game/review for the cells); the game-over page
 * and GET /game/review fill them in. */

/* 1034 as "1,034", as the review's total is read (the separator is the
 * page's language's: French "1 034", German "1.034"). */
void render_count(struct out_buf *b, int n)
{
    if (n >= 1000) {
        int low = n % 1000;
        out_int(b, n / 1000);
        /* TRANSLATORS: the thousands' separator of 1,034 (French a narrow
         * no-break space, German a full stop) */
        html_text(b, tr(b, ","));
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
    /* Each part between the dots is a message of its own: the parts are a
     * list in every language. */
    out_lit(b, " data-result=\"");
    if (r->daily[0] != '\0')
        put_fill(b, tr(b, "Collabble daily {date}"),
                 FILL_TEXT("date", r->daily));
    else
        out_lit(b, "Collabble");
    out_lit(b, " \xc2\xb7 ");
    put_fill(b, trn(b, "{n} point", "{n} points", r->score),
             FILL_INT("n", r->score));
    if (grade != NULL) {
        out_lit(b, " \xc2\xb7 ");
        /* xgettext:no-c-format */
        put_fill(b, tr(b, "{percent}% of the best plays"),
                 FILL_INT("percent", grade->percent));
        out_lit(b, " \xc2\xb7 ");
        put_tr(b, grade->name);
    }
    out_lit(b, " \xc2\xb7 ");
    put_fill(b, trn(b, "{n} turn", "{n} turns", r->turns),
             FILL_INT("n", r->turns));
    if (r->goals != NULL) {
        out_lit(b, " \xc2\xb7 ");
        put_fill(b,
                 core_goals_won(r->goals) ? tr(b, "won {done}/{target} goals")
                                          : tr(b, "lost {done}/{target} goals"),
                 FILL_INT("done", r->goals->completed),
                 FILL_INT("target", r->goals->target));
    }
    out_char(b, '"');
    if (grade != NULL) {
        /* The grade as the page shows it: the script keeps it for the
         * landing page's list of games. */
        out_lit(b, " data-grade=\"");
        put_tr(b, grade->name);
        out_lit(b, "\" data-pct=");
        out_int(b, grade->percent);
    }
}

/* The names of core/grade.c's bands, for the extractor: they reach the
 * page through put_tr(grade.name). */
__attribute__((unused)) static const char *const grade_names[] = {
    N_("Perfect"), N_("Superb"), N_("Expert"),
    N_("Strong"),  N_("Good"),   N_("Learning")};

/* A review total's count in bold, "<strong>1,034</strong>". */
static void render_strong_count(struct out_buf *b, int n)
{
    out_lit(b, "<strong>");
    render_count(b, n);
    out_lit(b, "</strong>");
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
    out_char(b, '>');
    const char *text =
        !cut ? tr(b, "Review: you scored {scored} of a possible {possible}, "
                     "the best available play of every turn added up.")
        : review->reviewed > 0
            ? tr(b, "Review: you scored {scored} of a possible {possible} "
                    "on moves 1\xe2\x80\x93{reviewed} (moves "
                    "{first}\xe2\x80\x93{last} not reviewed: the review's "
                    "work limit ran out).")
            : tr(b, "Review: you scored {scored} of a possible {possible} "
                    "(moves {first}\xe2\x80\x93{last} not reviewed: the "
                    "review's work limit ran out).");
    struct fill f;
    fill_begin_content(&f, b, text);
    while (fill_next(&f)) {
        if (fill_is(&f, "scored"))
            render_strong_count(b, review->scored);
        else if (fill_is(&f, "possible"))
            render_strong_count(b, review->possible);
        else if (fill_is(&f, "reviewed"))
            out_int(b, review->reviewed);
        else if (fill_is(&f, "first"))
            out_int(b, review->reviewed + 1);
        else if (fill_is(&f, "last"))
            out_int(b, review->nmoves);
    }
    if (graded) {
        out_char(b, ' ');
        const char *said =
            /* xgettext:no-c-format */
            tr(b, "Grade: {grade}, {percent}% of the best plays.");
        fill_begin_content(&f, b, said);
        while (fill_next(&f)) {
            if (fill_is(&f, "grade")) {
                out_lit(b, "<strong data-testid=\"grade\">");
                put_tr(b, grade.name);
                out_lit(b, "</strong>");
            } else if (fill_is(&f, "percent")) {
                out_int(b, grade.percent);
            }
        }
    }
    out_lit(b, "</p>");
}

/* A review cell's text: "QUIXOTE at 8D for 102" (the column is headed
 * "Best available"), or that the rack had no play at all. */
static void render_review_text(struct out_buf *b, const struct core_tileset *ts,
                               const struct core_review_move *rm)
{
    if (!rm->has_best) {
        put_tr(b, "No play possible");
        return;
    }
    char at[4];
    core_play_coord(&rm->best, at);
    struct fill f;
    fill_begin(&f, b, tr(b, "{word} at {square} for {points}"));
    while (fill_next(&f)) {
        if (fill_is(&f, "word"))
            render_word(b, ts, rm->result.words[0]);
        else if (fill_is(&f, "square"))
            html_text(b, at);
        else if (fill_is(&f, "points"))
            out_int(b, rm->best.points);
    }
}

/* The review cell of move i (0-based): its best play, or that the
 * review's budget ran out before it (core/review.h). */
static void render_review_cell(struct out_buf *b, const struct core_tileset *ts,
                               const struct core_review *review, int i)
{
    if (i >= review->reviewed)
        put_tr(b, "Not reviewed");
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
    static const char th[] = "<tr><th scope=row>", player[] = "<td>";
    char *p = out_room(b, sizeof th + sizeof player + OUT_INT_MAX);
    if (p == NULL)
        return;
    size_t n = 0;
    memcpy(p, th, sizeof th - 1);
    n += sizeof th - 1;
    n += out_int_at(p + n, number);
    memcpy(p + n, player, sizeof player - 1);
    n += sizeof player - 1;
    out_commit(b, n);
    /* TRANSLATORS: Player 1 and Player 2, short, in the move list's
     * narrow Player column */
    put_tr(b, rec->player == CORE_P1 ? N_("P1") : N_("P2"));
    /* A solo game's computer moves say so beside the player. */
    if (computer) {
        out_char(b, ' ');
        put_tr(b, "computer");
    }
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
        put_tr(b, blocked ? N_("Neither player could play: tiles left on the "
                               "racks")
                          : N_("Tiles left on the racks"));
    else
        put_tr(b, blocked ? N_("Neither player could play: game over")
                          : N_("Game over"));
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
               "<h2 id=\"moves-h\">");
    put_tr(b, "Moves");
    out_lit(b, "</h2>");
    const struct core_review *rv =
        v->review != NULL && v->review->nmoves == h->nmoves ? v->review : NULL;
    /* The game's story above the list that tells it in words. On the
     * review's page with the best plays' line; on a finished game's page
     * without the review (the page a browser navigates to and the one the
     * script fetches, a first visit's among them) the team's line, and a
     * link to the review's page for the best plays'. */
    if (rv != NULL) {
        render_story(b, h, rv, goals_on(g));
    } else if (g->game_over && h->nmoves > 0) {
        render_story(b, h, NULL, goals_on(g));
        render_story_link(b, v->state);
    }
    out_lit(b, "<div class=\"movescroll\" id=\"moves\" tabindex=\"0\" "
               "role=\"region\" aria-labelledby=\"moves-h\"><table>"
               "<thead><tr>");
    static const char *const heads[] = {N_("Turn"),  N_("Player"),
                                        N_("Move"),  N_("Points"),
                                        N_("Score"), N_("Best available")};
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++) {
        out_lit(b, "<th scope=col>");
        put_tr(b, heads[i]);
        out_lit(b, "</th>");
    }
    out_lit(b, "</tr></thead><tbody>");
    if (h->start == CORE_START_POSITION) {
        out_lit(b, "<tr class=\"start\"><td colspan=\"4\">");
        put_tr(b, "From a classic link: the moves before it are not known");
        out_lit(b, "</td><td>");
        out_int(b, h->first.score);
        out_lit(b, "</td></tr>");
    } else if (h->nmoves == 0) {
        out_lit(b, "<tr class=\"start\"><td colspan=\"6\">");
        put_tr(b, "No moves yet");
        out_lit(b, "</td></tr>");
    }
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
    out_lit(b, ".gcg\" data-testid=\"download\">");
    put_tr(b, "Download game");
    out_lit(b, "</a> ");
    put_tr(b, "(GCG, for Quackle)");
    out_lit(b, "</p>");
    /* Without the script the review's cells stay empty: this link (on the
     * pages a browser navigates to; the script fills the cells itself, so
     * it is hidden then) opens the page that has them filled in. The
     * heading is no link: it would only reload. */
    if (rv == NULL && h->nmoves > 0 && v->plain) {
        out_lit(b, "<p class=\"nojs\"><a href=\"");
        html_url(b, "/game/review?s=");
        html_attr(b, v->state);
        out_lit(b, "\" data-testid=\"review-link\">");
        put_tr(b, "The best available play of every turn");
        out_lit(b, "</a></p>");
    }
    out_lit(b, "</section>");
}
