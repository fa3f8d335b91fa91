/* server/render_story.c - the game's story: a picture, drawn as inline SVG,
 * of the team's running score move by move against the running total of
 * the best plays the review found (render_internal.h).
 *
 * No script and nothing for the Content-Security-Policy to refuse: the
 * picture is markup, styled by SVG's presentation attributes (which are
 * no style attribute: style-src 'self' leaves them be) and drawn in
 * currentColor, the text's colour, so the dark scheme's ink is its ink.
 * Its meaning is in shapes, never in colour alone: the best plays' line
 * dashed, Player 1's moves dots, Player 2's squares, bingos triangles,
 * goals met hollow diamonds. It costs the stylesheet and the script
 * nothing. Every coordinate is an integer on a fixed grid (the viewBox
 * below, scaled to the column's width), computed from the scores with
 * integer arithmetic: no floating point reaches the page. Lines are paths
 * of relative steps, one a move, so a 250-move history stays within
 * CLB_STORY_WIRE_MAX on the wire.
 *
 * What the picture says is also said in words: its <desc> (the totals, the
 * bingos, the goals met, what was not reviewed) and, move by move, the
 * move list it stands above.
 */
/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdint.h>

#include "render_internal.h"

/* The picture's grid, in user units (CSS pixels at a scale of one): the
 * legend's two rows on top, the plot, the move numbers under it. 320 wide
 * is the move list's width on a 390-pixel phone, within a few percent. */
enum {
    STORY_W = 320,
    STORY_H = 184,
    PLOT_X0 = 36, /* the plot's left edge: the scores' labels are left of it */
    PLOT_X1 = 314,
    PLOT_Y0 = 44, /* the plot's top: the legend is above it */
    PLOT_Y1 = 160,
    LABEL_Y = 177,  /* the baseline of the move numbers */
    GRID_LINES = 4, /* at most this many steps up the score axis */
    /* The most moves the <desc> names as having met a goal; past it, it
     * says how many (the move list marks each). */
    STORY_GOALS_LISTED = 20
};

/* The highest score a picture may have to place: the score before the
 * first move and every best play (a 16-bit count of points) added to it.
 * Placing it (story_y) multiplies it by the plot's height in an int. */
static_assert(((long long)CLB_MAX_SCORE +
               (long long)CLB_MAX_GAME_MOVES * INT16_MAX) *
                      (PLOT_Y1 - PLOT_Y0 + 1) <
                  INT32_MAX,
              "the story's highest score times its height fits an int");

/* Where things go on the grid: the scale of both axes. */
struct story_scale {
    int nmoves; /* moves on the x axis (>= 1) */
    int top;    /* the score at the plot's top edge (> 0) */
    int step;   /* the score between two grid lines */
};

static int story_x(const struct story_scale *s, int move)
{
    return PLOT_X0 + (move * (PLOT_X1 - PLOT_X0) + s->nmoves / 2) / s->nmoves;
}

static int story_y(const struct story_scale *s, int score)
{
    if (score < 0)
        score = 0;
    return PLOT_Y1 - (score * (PLOT_Y1 - PLOT_Y0) + s->top / 2) / s->top;
}

/* The grid's step for scores up to `most`: 1, 2 or 5 times a power of
 * ten, the smallest that reaches `most` in GRID_LINES steps. */
static int story_step(int most)
{
    for (int p = 1; p <= 100000000; p *= 10)
        for (int f = 1; f <= 5; f += f == 1 ? 1 : 3)
            if ((long)f * p * GRID_LINES >= most)
                return f * p;
    return 1000000000;
}

/* The best plays' running total after each reviewed move, from the score
 * before the first move; returns how many moves it covers. */
static int story_best_total(const struct core_review *rv, int base, int nmoves,
                            int total[CLB_MAX_GAME_MOVES + 1])
{
    total[0] = base;
    int n = rv == NULL ? 0 : rv->reviewed;
    if (n > nmoves)
        n = nmoves;
    for (int i = 0; i < n; i++) {
        const struct core_review_move *m = &rv->moves[i];
        total[i + 1] = total[i] + (m->has_best ? m->best.points : 0);
    }
    return n;
}

/* A path's step from (x0,y0) to (x1,y1), relative: "h12" on the level,
 * "l12-7" otherwise. */
static void story_step_to(struct out_buf *b, int x0, int y0, int x1, int y1)
{
    if (y1 == y0) {
        out_char(b, 'h');
        out_int(b, x1 - x0);
        return;
    }
    out_char(b, 'l');
    out_int(b, x1 - x0);
    if (y1 > y0)
        out_char(b, ' ');
    out_int(b, y1 - y0);
}

/* "M12 34": a path's absolute start. */
static void story_move_to(struct out_buf *b, int x, int y)
{
    out_char(b, 'M');
    out_int(b, x);
    out_char(b, ' ');
    out_int(b, y);
}

/* A relative move of a path, "m12-7": each mark after a path's first
 * starts from where the last one started (a closed shape ends there). */
static void story_move_by(struct out_buf *b, int dx, int dy)
{
    out_char(b, 'm');
    out_int(b, dx);
    if (dy >= 0)
        out_char(b, ' ');
    out_int(b, dy);
}

/* The picture's kinds of path: their class (what the tests and the
 * reader of the markup go by) and their presentation attributes. */
enum story_kind {
    K_TEAM,  /* the team's running score */
    K_BEST,  /* the best plays' running total */
    K_CUT,   /* where the review stopped */
    K_GRID,  /* the score axis' lines */
    K_P1,    /* Player 1's moves: dots (round caps of zero-length steps) */
    K_P2,    /* Player 2's: squares (square caps) */
    K_BINGO, /* filled triangles */
    K_GOAL   /* hollow diamonds */
};

/* Every kind but the bingos' is drawn by its stroke alone: those paths
 * are written inside one <g fill="none" stroke="currentColor"> (see
 * render_story), so each carries only what sets it apart. */
static const char *const story_kinds[] = {
    [K_TEAM] = "<path class=\"s0\" stroke-width=\"2\" d=\"",
    [K_BEST] = "<path class=\"s9\" stroke-width=\"2\" stroke-opacity=\".6\" "
               "stroke-dasharray=\"5 3\" d=\"",
    [K_CUT] = "<path class=\"sc\" stroke-dasharray=\"2 2\" d=\"",
    [K_GRID] = "<path class=\"sg\" stroke-opacity=\".25\" d=\"",
    [K_P1] = "<path class=\"s1\" stroke-width=\"7\" stroke-linecap=\"round\" "
             "d=\"",
    [K_P2] = "<path class=\"s2\" stroke-width=\"6\" "
             "stroke-linecap=\"square\" d=\"",
    [K_BINGO] = "<path class=\"sb\" d=\"",
    [K_GOAL] = "<path class=\"sk\" stroke-width=\"2\" d=\"",
};

/* A path of kind k, up to its d's opening quote. */
static void story_path(struct out_buf *b, enum story_kind k)
{
    out_raw(b, story_kinds[k]);
}

/* A line through points 0..n of `score` (score[k]: after move k), as one
 * path of kind k (the team's or the best plays'). */
static void story_line(struct out_buf *b, const struct story_scale *s,
                       enum story_kind k, const int *score, int n)
{
    story_path(b, k);
    int x = story_x(s, 0), y = story_y(s, score[0]);
    story_move_to(b, x, y);
    for (int k = 1; k <= n; k++) {
        int nx = story_x(s, k), ny = story_y(s, score[k]);
        story_step_to(b, x, y, nx, ny);
        x = nx;
        y = ny;
    }
    out_lit(b, "\"/>");
}

/* Is move i (0-based) marked with its player's shape? Every move of a
 * game short enough for the marks to stand apart; past that, the moves
 * that carry a bingo's or a goal's mark. */
static bool story_marked(const struct core_history *h, int i)
{
    const struct core_move_result *r = &h->moves[i].result;
    return h->nmoves <= CLB_STORY_MARK_ALL_MAX || r->bingo || r->ngoals > 0;
}

/* The player marks of `who`'s moves: each a zero-length step drawn with
 * the class's line cap (round for Player 1: a dot; square for Player 2),
 * one path for all, moved to relatively. Nothing when they have none. */
static void story_player_marks(struct out_buf *b, const struct story_scale *s,
                               const struct core_history *h,
                               enum core_player who)
{
    int x = 0, y = 0;
    bool any = false;
    for (int i = 0; i < h->nmoves; i++) {
        const struct core_move_record *rec = &h->moves[i];
        if (rec->player != who || !story_marked(h, i))
            continue;
        int nx = story_x(s, i + 1), ny = story_y(s, rec->score);
        if (!any) {
            story_path(b, who == CORE_P1 ? K_P1 : K_P2);
            story_move_to(b, nx, ny);
        } else {
            story_move_by(b, nx - x, ny - y);
        }
        out_lit(b, "h0");
        x = nx;
        y = ny;
        any = true;
    }
    if (any)
        out_lit(b, "\"/>");
}

/* A bingo's mark: a triangle pointing down at a point from above it,
 * drawn from 5 units over the point (where its path starts). */
static const char story_bingo_shape[] = "l-5-8h10z";
/* A goal's mark: a diamond under a point, from 5 units under it. */
static const char story_goal_shape[] = "l5 5-5 5-5-5z";

/* The bingos' marks ("sb") or the goals met's ("sk"), one path for each
 * kind; nothing when there are none. */
static void story_event_marks(struct out_buf *b, const struct story_scale *s,
                              const struct core_history *h, bool goals)
{
    bool any = false;
    int x = 0, y = 0;
    for (int i = 0; i < h->nmoves; i++) {
        const struct core_move_record *rec = &h->moves[i];
        if (goals ? rec->result.ngoals == 0 : !rec->result.bingo)
            continue;
        int nx = story_x(s, i + 1);
        int ny = story_y(s, rec->score) + (goals ? 5 : -5);
        if (!any) {
            story_path(b, goals ? K_GOAL : K_BINGO);
            story_move_to(b, nx, ny);
        } else {
            story_move_by(b, nx - x, ny - y);
        }
        out_raw(b, goals ? story_goal_shape : story_bingo_shape);
        any = true;
        x = nx;
        y = ny;
    }
    if (any)
        out_lit(b, "\"/>");
}

/* A text of the picture at (x,y), `anchor` "" (start, or what its group
 * says), "middle" or "end"; the caller writes its content and the end
 * tag. */
static void story_text_at(struct out_buf *b, int x, int y, const char *anchor)
{
    out_lit(b, "<text x=\"");
    out_int(b, x);
    out_lit(b, "\" y=\"");
    out_int(b, y);
    out_char(b, '"');
    if (anchor[0] != '\0') {
        out_lit(b, " text-anchor=\"");
        out_raw(b, anchor);
        out_char(b, '"');
    }
    out_char(b, '>');
}

/* The score axis' lines, a step apart. */
static void story_grid(struct out_buf *b, const struct story_scale *s)
{
    story_path(b, K_GRID);
    for (int v = 0; v <= s->top; v += s->step) {
        story_move_to(b, PLOT_X0, story_y(s, v));
        out_char(b, 'H');
        out_int(b, PLOT_X1);
    }
    out_lit(b, "\"/>");
}

/* The axes' numbers (group "sx"), a size smaller than the legend's words:
 * each grid line's score, right-aligned before it, and the first and the
 * last move's numbers under the plot. */
static void story_axis_words(struct out_buf *b, const struct story_scale *s)
{
    out_lit(b, "<g class=\"sx\" font-size=\"11\"><g text-anchor=\"end\">");
    for (int v = 0; v <= s->top; v += s->step) {
        story_text_at(b, PLOT_X0 - 3, story_y(s, v) + 4, "");
        render_count(b, v);
        out_lit(b, "</text>");
    }
    if (s->nmoves > 1) {
        story_text_at(b, PLOT_X1, LABEL_Y, "");
        out_int(b, s->nmoves);
        out_lit(b, "</text>");
    }
    out_lit(b, "</g>");
    story_text_at(b, story_x(s, 1), LABEL_Y, "middle");
    out_lit(b, "1</text>");
    story_text_at(b, (PLOT_X0 + PLOT_X1) / 2, LABEL_Y, "middle");
    /* TRANSLATORS: the picture's axis of the moves, under it */
    put_tr(b, "move");
    out_lit(b, "</text></g>");
}

/* The width the legend's words are judged to take a character, in
 * halves of a user unit at its font size (12): an average glyph's, about
 * 0.54 em. A guess, so a translation judged too long is squeezed by
 * textLength, which also stretches a word narrower than its guess: the
 * guess is an average, not the widest glyph's, for that stretch to stay
 * small. */
enum { STORY_CHAR_HALF_W = 13 };

/* How many characters the UTF-8 text s has. */
static int story_chars(const char *s)
{
    int n = 0;
    for (; *s != '\0'; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* A word of the legend at (x,y), msgid in the page's language. The legend
 * is laid out for its English words, each with `room` units before the
 * next shape; a translation judged longer than that is squeezed into it
 * (SVG's textLength), not left to run over the next entry. English is
 * never squeezed: its words fit the room they were laid out in. */
static void story_legend_word(struct out_buf *b, int x, int y, int room,
                              const char *msgid)
{
    const char *text = tr(b, msgid);
    if (text != msgid && story_chars(text) * STORY_CHAR_HALF_W > 2 * room) {
        out_rawf(b,
                 "<text x=\"%d\" y=\"%d\" textLength=\"%d\" "
                 "lengthAdjust=\"spacingAndGlyphs\">",
                 x, y, room);
    } else {
        story_text_at(b, x, y, "");
    }
    html_text(b, text);
    out_lit(b, "</text>");
}

/* The legend, drawn with the picture's own shapes: the lines (and the
 * review's stop, when it ran out) on the first row, the marks on the
 * second (a goal's only in goals mode). Its stroked shapes are written
 * with the picture's other strokes, the bingo's triangle with the
 * bingos', its words after both (story_legend_words). */
static void story_legend_strokes(struct out_buf *b, bool best, bool cut,
                                 bool goals)
{
    story_path(b, K_TEAM);
    out_lit(b, "M0 8h18\"/>");
    if (best) {
        story_path(b, K_BEST);
        out_lit(b, "M66 8h18\"/>");
    }
    if (cut) {
        story_path(b, K_CUT);
        out_lit(b, "M176 0v14\"/>");
    }
    story_path(b, K_P1);
    out_lit(b, "M4 26h0\"/>");
    story_path(b, K_P2);
    out_lit(b, "M70 26h0\"/>");
    if (goals) {
        story_path(b, K_GOAL);
        out_lit(b, "M200 21");
        out_raw(b, story_goal_shape);
        out_lit(b, "\"/>");
    }
}

static void story_legend_bingo(struct out_buf *b)
{
    story_path(b, K_BINGO);
    out_lit(b, "M142 29");
    out_raw(b, story_bingo_shape);
    out_lit(b, "\"/>");
}

/* The legend's words, each at its shape's right; each word's room runs
 * to the next shape, less a gap (story_legend_word). */
static void story_legend_words(struct out_buf *b, bool best, bool cut,
                               bool goals)
{
    story_legend_word(b, 22, 12, 40, N_("Team"));
    if (best)
        story_legend_word(b, 88, 12, cut ? 84 : STORY_W - 88, N_("Best plays"));
    if (cut)
        /* TRANSLATORS: the picture's legend: a dotted line at the last
         * move the review reached */
        story_legend_word(b, 182, 12, STORY_W - 182, N_("Not reviewed after"));
    story_legend_word(b, 12, 30, 52, player_name(CORE_P1));
    story_legend_word(b, 78, 30, 56, player_name(CORE_P2));
    story_legend_word(b, 150, 30, goals ? 42 : STORY_W - 150, N_("Bingo"));
    if (goals)
        story_legend_word(b, 208, 30, STORY_W - 208, N_("Goal met"));
}

/* The words of the picture, for a screen reader (the <desc>): the totals,
 * what was not reviewed, the bingos and the goals met. */
static void story_desc(struct out_buf *b, const struct core_history *h,
                       const struct core_review *rv, int reviewed,
                       const int *best)
{
    int n = h->nmoves;
    int score = h->moves[n - 1].score;
    /* Its sentences are messages whole; the second clause of the first
     * is one of four, each a message beginning with its punctuation. */
    out_lit(b, "<desc id=\"story-d\">");
    put_fill_content(b,
                     trn(b, "After move {move} the team had {n} point",
                         "After move {move} the team had {n} points", score),
                     FILL_INT("move", n), FILL_INT("n", score));
    if (rv == NULL) {
        put_content(b, tr(b, "; the best plays' running total comes with "
                             "the review."));
    } else if (reviewed == n) {
        put_fill_content(b, tr(b, "; the best plays added up to {best}."),
                         FILL_INT("best", best[n]));
    } else if (reviewed == 0) {
        put_content(b, tr(b, "; no move was reviewed: the review's work "
                             "limit ran out."));
    } else {
        put_fill_content(
            b,
            tr(b, ". After move {move} the team had {team} and the best "
                  "plays {best}; moves {first}\xe2\x80\x93{last} were not "
                  "reviewed: the review's work limit ran out."),
            FILL_INT("move", reviewed),
            FILL_INT("team", h->moves[reviewed - 1].score),
            FILL_INT("best", best[reviewed]), FILL_INT("first", reviewed + 1),
            FILL_INT("last", n));
    }
    const struct core_tileset *ts = core_game_tileset(&h->first);
    int bingos = 0, goals = 0;
    for (int i = 0; i < n; i++) {
        const struct core_move_record *rec = &h->moves[i];
        if (!rec->result.bingo)
            continue;
        if (bingos++ == 0) {
            out_char(b, ' ');
            /* TRANSLATORS: the list of the game's bingos follows */
            put_tr(b, "Bingos:");
            out_char(b, ' ');
        } else {
            out_lit(b, ", ");
        }
        struct fill f;
        /* TRANSLATORS: a bingo's word, its move and its player, in the
         * list after "Bingos:" */
        fill_begin_content(&f, b, tr(b, "{word} (move {move}, {player})"));
        while (fill_next(&f)) {
            if (fill_is(&f, "word"))
                render_word(b, ts, rec->result.words[0]);
            else if (fill_is(&f, "move"))
                out_int(b, i + 1);
            else if (fill_is(&f, "player"))
                put_player(b, rec->player);
        }
    }
    if (bingos > 0)
        out_char(b, '.');
    for (int i = 0; i < n; i++)
        goals += h->moves[i].result.ngoals > 0;
    if (goals > STORY_GOALS_LISTED) {
        out_char(b, ' ');
        put_fill_content(
            b,
            trn(b, "Goals met on {n} move.", "Goals met on {n} moves.", goals),
            FILL_INT("n", goals));
    } else if (goals > 0) {
        out_char(b, ' ');
        struct fill f;
        fill_begin_content(&f, b,
                           trn(b, "Goals met on move {moves}.",
                               "Goals met on moves {moves}.", goals));
        while (fill_next(&f)) {
            if (!fill_is(&f, "moves"))
                continue;
            for (int i = 0, listed = 0; i < n; i++) {
                if (h->moves[i].result.ngoals == 0)
                    continue;
                if (listed++ > 0)
                    out_lit(b, ", ");
                out_int(b, i + 1);
            }
        }
    }
    out_char(b, ' ');
    put_content(b, tr(b, "Every move, with its points and its best play, is "
                         "in the move list."));
    out_lit(b, "</desc>");
}

void render_story(struct out_buf *b, const struct core_history *h,
                  const struct core_review *review, bool goals)
{
    if (h == NULL || h->nmoves <= 0 || h->nmoves > CLB_MAX_GAME_MOVES)
        return;
    /* A review of another history is no review of this one. */
    if (review != NULL && review->nmoves != h->nmoves)
        review = NULL;
    int n = h->nmoves;
    int team[CLB_MAX_GAME_MOVES + 1], best[CLB_MAX_GAME_MOVES + 1];
    team[0] = h->first.score;
    for (int i = 0; i < n; i++)
        team[i + 1] = h->moves[i].score;
    int reviewed = story_best_total(review, team[0], n, best);
    int most = 1;
    for (int k = 0; k <= n; k++)
        if (team[k] > most)
            most = team[k];
    for (int k = 0; k <= reviewed; k++)
        if (best[k] > most)
            most = best[k];
    struct story_scale s = {.nmoves = n, .step = story_step(most)};
    s.top = (most + s.step - 1) / s.step * s.step;
    bool cut = review != NULL && reviewed < n;

    /* A <div> and a <p>, not a <figure>: the browser's margins of a
     * figure would take 80 pixels of a phone's width, and no rule of the
     * stylesheet is spent on the picture. */
    out_lit(b, "<div class=\"story\" id=\"story\" data-testid=\"story\">"
               "<p id=\"story-c\">");
    put_tr(b, review != NULL
                  ? N_("The game's story: the team's score, move by move, "
                       "against the best plays' running total")
                  : N_("The game's story: the team's score, move by move "
                       "(the best plays' running total comes with the "
                       "review)"));
    out_lit(b, "</p><svg viewBox=\"0 0 ");
    out_int(b, STORY_W);
    out_char(b, ' ');
    out_int(b, STORY_H);
    /* As wide as the column, as high as the viewBox's proportions make
     * it; its words and shapes in the text's colour. */
    out_lit(b, "\" width=\"100%\" fill=\"currentColor\" font-size=\"12\" "
               "role=\"img\" aria-labelledby=\"story-c\" "
               "aria-describedby=\"story-d\">");
    story_desc(b, h, review, reviewed, best);
    bool best_shown = review != NULL && reviewed > 0;
    /* The strokes, then the filled triangles, then the words. */
    out_lit(b, "<g fill=\"none\" stroke=\"currentColor\">");
    story_legend_strokes(b, best_shown, cut, goals);
    story_grid(b, &s);
    if (cut) {
        story_path(b, K_CUT);
        story_move_to(b, story_x(&s, reviewed), PLOT_Y0);
        out_char(b, 'V');
        out_int(b, PLOT_Y1);
        out_lit(b, "\"/>");
    }
    /* The best plays' dashes over the team's line: where the team played
     * the best play, both show. */
    story_line(b, &s, K_TEAM, team, n);
    if (reviewed > 0)
        story_line(b, &s, K_BEST, best, reviewed);
    story_player_marks(b, &s, h, CORE_P1);
    story_player_marks(b, &s, h, CORE_P2);
    if (goals)
        story_event_marks(b, &s, h, true);
    out_lit(b, "</g>");
    story_legend_bingo(b);
    story_event_marks(b, &s, h, false);
    story_legend_words(b, best_shown, cut, goals);
    story_axis_words(b, &s);
    out_lit(b, "</svg></div>");
}

void render_story_link(struct out_buf *b, const char *state)
{
    out_lit(b, "<p><a href=\"");
    html_url(b, "/game/review?s=");
    html_attr(b, state);
    /* No "#story": the script reads a link's fragment as a position. One
     * line on a phone: a link that wraps has a gap at its middle. */
    out_lit(b, "\" data-testid=\"story-link\">");
    put_tr(b, "The game's story with the best plays");
    out_lit(b, "</a></p>");
}
