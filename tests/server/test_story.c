/* tests/server/test_story.c - the game's story (server/render_story.c): the
 * picture's points worked out by hand from the scores, the players' and the
 * bingos' and goals' marks, the moves the review did not reach, escaping,
 * and the size on the wire of the longest history a link holds.
 *
 * The writer reads only the history's records (player, score, bingo, main
 * word, goals met) and the review's best points, so the tests fill those
 * in directly: each figure below comes from the grid of render_story.c,
 *   x(k) = 36 + (k * 278 + n/2) / n          (n moves, k = 0..n)
 *   y(v) = 160 - (v * 116 + top/2) / top     (integer division)
 * where top is the score axis' top: the grid's step (1, 2 or 5 times a
 * power of ten, the smallest reaching the highest score in 4 steps),
 * times the steps the highest score needs.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/history.h"
#include "../../core/review.h"
#include "deflate.h"
#include "render_internal.h"
#include "test_support.h"

#define STORY_MAX (256 * 1024)

static struct core_history *new_history(int n)
{
    struct core_history *h = calloc(1, sizeof *h);
    cr_assert_not_null(h);
    h->nmoves = n;
    for (int i = 0; i < n; i++) {
        h->moves[i].player = i % 2 == 0 ? CORE_P1 : CORE_P2;
        h->moves[i].result.type = CORE_MOVE_PLAY;
        strcpy(h->moves[i].result.words[0], "WORD");
        h->moves[i].result.nwords = 1;
    }
    return h;
}

static struct core_review *new_review(int n, int reviewed)
{
    struct core_review *rv = calloc(1, sizeof *rv);
    cr_assert_not_null(rv);
    rv->nmoves = n;
    rv->reviewed = reviewed;
    return rv;
}

static void set_best(struct core_review *rv, int i, int points)
{
    rv->moves[i].has_best = points > 0;
    rv->moves[i].best.points = (int16_t)points;
}

/* The story in the catalogue of code ("en", "fr"...). */
static char *story_in(const char *code, const struct core_history *h,
                      const struct core_review *rv, bool goals)
{
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, STORY_MAX);
    b.lang = i18n_by_code(code, strlen(code));
    cr_assert_not_null(b.lang, "no catalogue %s", code);
    render_story(&b, h, rv, goals);
    cr_assert_not(b.overflow);
    char *copy = strdup(b.p);
    cr_assert_not_null(copy);
    out_free(&b);
    return copy;
}

static char *story_of(const struct core_history *h,
                      const struct core_review *rv, bool goals)
{
    return story_in("en", h, rv, goals);
}

#define HAS(s, needle) cr_assert_not_null(strstr((s), (needle)), "%s", (s))
#define HASNT(s, needle) cr_assert_null(strstr((s), (needle)), "%s", (s))

/* Whether s has a path of class cls (the kind: its presentation
 * attributes between the class and d) whose d is exactly d. */
static bool has_path(const char *s, const char *cls, const char *d)
{
    char key[16];
    snprintf(key, sizeof key, "class=\"%s\"", cls);
    for (const char *p = strstr(s, key); p != NULL; p = strstr(p + 1, key)) {
        const char *at = strstr(p, " d=\"");
        if (at == NULL)
            return false;
        at += 4;
        size_t n = strcspn(at, "\"");
        if (n == strlen(d) && memcmp(at, d, n) == 0)
            return true;
    }
    return false;
}

#define PATH(s, cls, d)                                                        \
    cr_assert(has_path((s), (cls), (d)), "no %s path %s in %s", (cls), (d), (s))

/* Four moves: P1 10, P2 20, P1 passes, P2 a bingo of 70 (scores 10, 30,
 * 30, 100); the best plays 20, 30, 10, 100 (running 20, 50, 60, 160).
 * Highest 160: step 50 (4 x 20 = 80 < 160 <= 4 x 50), top 200.
 *   x: 36, 106 (280/4 = 70), 175 (558/4 = 139),
 *      245 (836/4 = 209), 314 (1114/4 = 278)
 *   y(10)  = 160 - 1260/200  = 154      y(20)  = 160 - 2420/200  = 148
 *   y(30)  = 160 - 3580/200  = 143      y(50)  = 160 - 5900/200  = 131
 *   y(60)  = 160 - 7060/200  = 125      y(100) = 160 - 11700/200 = 102
 *   y(150) = 160 - 17500/200 = 73       y(160) = 160 - 18660/200 = 67
 *   y(200) = 160 - 23300/200 = 44 */
static struct core_history *four_moves(void)
{
    struct core_history *h = new_history(4);
    int score[4] = {10, 30, 30, 100};
    for (int i = 0; i < 4; i++)
        h->moves[i].score = score[i];
    h->moves[2].result.type = CORE_MOVE_PASS;
    h->moves[2].move.type = CORE_MOVE_PASS;
    h->moves[3].result.bingo = true;
    strcpy(h->moves[3].result.words[0], "QUIXOTE");
    return h;
}

static struct core_review *four_best(int reviewed)
{
    struct core_review *rv = new_review(4, reviewed);
    int best[4] = {20, 30, 10, 100};
    for (int i = 0; i < 4; i++)
        set_best(rv, i, best[i]);
    return rv;
}

Test(server_story, the_points_of_both_lines)
{
    struct core_history *h = four_moves();
    struct core_review *rv = four_best(4);
    char *s = story_of(h, rv, false);
    HAS(s, "<div class=\"story\" id=\"story\" data-testid=\"story\">"
           "<p id=\"story-c\">The game&#39;s story: ");
    HAS(s, "<svg viewBox=\"0 0 320 184\" width=\"100%\" "
           "fill=\"currentColor\" font-size=\"12\" role=\"img\" "
           "aria-labelledby=\"story-c\" aria-describedby=\"story-d\">");
    /* No style attribute (the Content-Security-Policy), no colour but
     * the text's. */
    HASNT(s, "style=");
    HASNT(s, "=\"#");
    /* The team: 10, 30, 30 (a level step), 100. */
    PATH(s, "s0", "M36 160l70-6l69-11h70l69-41");
    /* The best plays: 20, 50, 60, 160. */
    PATH(s, "s9", "M36 160l70-12l69-17l70-6l69-58");
    /* The grid, a line each 50 up to 200, each labelled. */
    PATH(s, "sg", "M36 160H314M36 131H314M36 102H314M36 73H314M36 44H314");
    HAS(s, "<g class=\"sx\" font-size=\"11\"><g text-anchor=\"end\">");
    HAS(s, "<text x=\"33\" y=\"77\">150</text>");
    /* Every stroke in one group that says so once; the triangles and the
     * words after it. */
    cr_assert_eq(ts_count(s, "stroke=\"currentColor\""), 1);
    HAS(s, "<g fill=\"none\" stroke=\"currentColor\"><path class=\"s0\"");
    /* Player 1's moves (1 and 3) dots, Player 2's (2 and 4) squares: the
     * legend's and one path of each. */
    PATH(s, "s1", "M106 154h0m139-11h0");
    PATH(s, "s2", "M175 143h0m139-41h0");
    cr_assert_eq(ts_count(s, "class=\"s1\""), 2);
    cr_assert_eq(ts_count(s, "class=\"s2\""), 2);
    /* The bingo: a triangle over move 4's point (314, 102). */
    PATH(s, "sb", "M314 97l-5-8h10z");
    cr_assert_eq(ts_count(s, "class=\"sb\""), 2); /* and the legend's */
    /* Not goals mode: no goal's mark, nor its legend; nothing cut. */
    HASNT(s, "class=\"sk\"");
    HASNT(s, "Goal met");
    HASNT(s, "class=\"sc\"");
    HAS(s, "<desc id=\"story-d\">After move 4 the team had 100 points; the "
           "best plays added up to 160. Bingos: QUIXOTE (move 4, Player 2). "
           "Every move");
    HAS(s, "against the best plays&#39; running total</p>");
    /* Integers only: no point in any path. */
    for (const char *d = strstr(s, " d=\""); d != NULL;
         d = strstr(d + 1, " d=\""))
        cr_assert_null(memchr(d + 4, '.', strcspn(d + 4, "\"")), "%s", d);
    free(s);
    free(rv);
    free(h);
}

/* The review ran out after move 2: the best plays' line stops there (20,
 * 50), a line marks where, and the desc says which moves were not
 * reviewed. Highest now 100 (the team's): step 50, top 100.
 *   y(10) = 160 - 1210/100 = 148     y(20)  = 160 - 2370/100  = 137
 *   y(30) = 160 - 3530/100 = 125     y(50)  = 160 - 5850/100  = 102
 *   y(100) = 160 - 11650/100 = 44 */
Test(server_story, the_moves_not_reviewed)
{
    struct core_history *h = four_moves();
    struct core_review *rv = four_best(2);
    char *s = story_of(h, rv, false);
    PATH(s, "s0", "M36 160l70-12l69-23h70l69-81");
    PATH(s, "s9", "M36 160l70-23l69-35");
    PATH(s, "sc", "M175 44V160");
    HAS(s, ">Not reviewed after</text>");
    HAS(s, "After move 4 the team had 100 points. After move 2 the team had "
           "30 and the best plays 50; moves 3\xe2\x80\x93"
           "4 were not reviewed: the review's work limit ran out.");
    free(s);
    /* None reviewed: no best plays' line at all, nor its legend. */
    rv->reviewed = 0;
    s = story_of(h, rv, false);
    HASNT(s, "class=\"s9\"");
    PATH(s, "sc", "M36 44V160");
    HAS(s, "no move was reviewed: the review's work limit ran out.");
    free(s);
    free(rv);
    free(h);
}

/* No review (the finished game's page before the script brings it), or
 * the review of another history: the team's line alone, and the caption
 * says the rest comes with the review. */
Test(server_story, without_the_review)
{
    struct core_history *h = four_moves();
    struct core_review *other = four_best(4);
    other->nmoves = 3;
    char *s = story_of(h, NULL, false);
    char *t = story_of(h, other, false);
    cr_assert_str_eq(s, t);
    HASNT(s, "class=\"s9\"");
    HASNT(s, "Best plays");
    HAS(s, "(the best plays&#39; running total comes with the review)</p>");
    HAS(s, "the best plays' running total comes with the review.");
    /* Highest 100: the same team's line as with a cut review. */
    PATH(s, "s0", "M36 160l70-12l69-23h70l69-81");
    free(s);
    free(t);
    free(other);
    free(h);
}

/* Goals mode: a diamond under each move that met a goal (moves 2 and 4:
 * (175, 143) and (314, 102) with top 200; the second drawn from where the
 * first started), in the legend too, and the desc lists them. */
Test(server_story, goals_met)
{
    struct core_history *h = four_moves();
    struct core_review *rv = four_best(4);
    h->moves[1].result.ngoals = 1;
    h->moves[3].result.ngoals = 2;
    char *s = story_of(h, rv, true);
    PATH(s, "sk", "M175 148l5 5-5 5-5-5zm139-41l5 5-5 5-5-5z");
    HAS(s, ">Goal met</text>");
    HAS(s, " Goals met on moves 2, 4.");
    free(s);
    /* The same history outside goals mode marks none. */
    s = story_of(h, rv, false);
    HASNT(s, "class=\"sk\"");
    free(s);
    free(rv);
    free(h);
}

/* A classic link's history starts from a score: both lines start there.
 * 40 before, moves of 10 and 20 (50, 70), best 20 and 20 (60, 80): step
 * 20, top 80; x: 36, 175, 314; y(40) = 160 - 4680/80 = 102,
 * y(50) = 160 - 5840/80 = 87, y(70) = 160 - 8160/80 = 58,
 * y(60) = 160 - 7000/80 = 73, y(80) = 44. */
Test(server_story, from_a_score)
{
    struct core_history *h = new_history(2);
    h->first.score = 40;
    h->moves[0].score = 50;
    h->moves[1].score = 70;
    struct core_review *rv = new_review(2, 2);
    set_best(rv, 0, 20);
    set_best(rv, 1, 20);
    char *s = story_of(h, rv, false);
    PATH(s, "s0", "M36 102l139-15l139-29");
    PATH(s, "s9", "M36 102l139-29l139-29");
    free(s);
    free(rv);
    free(h);
}

/* Game data is escaped: a main word with markup's bytes (the default
 * tile set writes a word's bytes as they are). */
Test(server_story, escapes_the_words)
{
    struct core_history *h = four_moves();
    strcpy(h->moves[3].result.words[0], "Q<b>&\"'");
    char *s = story_of(h, NULL, false);
    HAS(s, "Bingos: Q&lt;b&gt;&amp;&quot;&#39; (move 4, Player 2).");
    HASNT(s, "<b>");
    free(s);
    free(h);
}

/* The finished page's link to the story on the review's page, its
 * state escaped as an attribute's value. */
Test(server_story, the_link_to_the_review)
{
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, STORY_MAX);
    render_story_link(&b, "2ab\"<c");
    cr_assert_str_eq(b.p, "<p><a href=\"/game/review?s=2ab&quot;&lt;c\" "
                          "data-testid=\"story-link\">The game&#39;s story "
                          "with the best plays</a></p>");
    out_free(&b);
}

/* No moves, no story. */
Test(server_story, nothing_without_moves)
{
    struct core_history *h = new_history(0);
    char *s = story_of(h, NULL, false);
    cr_assert_str_eq(s, "");
    free(s);
    free(h);
}

/* The picture's bytes on the wire, as the server's own gzip writer sends
 * them. */
static size_t wire_size(const char *s)
{
    const char *svg = strstr(s, "<svg");
    const char *end = strstr(s, "</svg>");
    cr_assert(svg != NULL && end != NULL);
    size_t n = (size_t)(end + 6 - svg);
    size_t cap = srv_deflate_gzip_bound(n);
    void *out = malloc(cap);
    cr_assert_not_null(out);
    struct srv_deflate *z = srv_deflate_new();
    cr_assert_not_null(z);
    size_t wire = srv_deflate_gzip(z, svg, n, out, cap);
    cr_assert_gt(wire, 0);
    srv_deflate_free(z);
    free(out);
    return wire;
}

/* The longest history a link holds: 250 moves, the most a real game can
 * make of them (a hundred plays, one tile of the bag's hundred each, so at
 * most 14 bingos of 7 tiles), every play of a different score, the best
 * plays better still, goals met on every play; a goals game. Within the
 * bound on the wire, fully reviewed and cut; past 50 moves only the moves
 * with a bingo or a goal carry their player's mark. */
Test(server_story, the_longest_history_within_the_bound)
{
    int n = CLB_MAX_GAME_MOVES;
    struct core_history *h = new_history(n);
    struct core_review *rv = new_review(n, n);
    int score = 0, bingos = 0;
    for (int i = 0; i < n; i++) {
        struct core_move_record *rec = &h->moves[i];
        bool play = i % 5 < 2; /* 100 plays, 150 exchanges */
        int points = play ? 3 + (i * 37) % 61 : 0;
        rec->result.type = play ? CORE_MOVE_PLAY : CORE_MOVE_EXCHANGE;
        if (play && i % 7 == 0 && bingos < 14) {
            bingos++;
            rec->result.bingo = true;
            points += CLB_BINGO_BONUS;
            strcpy(rec->result.words[0], "OXYPHENBUTAZONE");
        }
        rec->result.ngoals = play ? 1 : 0;
        score += points;
        rec->score = score;
        set_best(rv, i, points + 1 + (i * 11) % 23);
    }
    cr_assert_eq(bingos, 14);
    char *s = story_of(h, rv, true);
    size_t wire = wire_size(s);
    cr_log_info("the longest history's story: %zu bytes, %zu on the wire",
                strlen(s), wire);
    cr_assert_leq(wire, CLB_STORY_WIRE_MAX, "%zu bytes on the wire", wire);
    /* Marks: every play met a goal, so each of the 100 has its player's
     * shape (50 each) and a diamond; the exchanges have none. */
    cr_assert_eq(ts_count(s, "h0m"), 98, "%s", s);
    cr_assert_eq(ts_count(s, "l5 5-5 5-5-5z"), 101); /* and the legend's */
    HAS(s, " Goals met on 100 moves.");
    cr_assert_eq(ts_count(s, "l-5-8h10z"), 15);
    /* The team's line ends at the right edge. */
    HAS(s, "<text x=\"314\" y=\"177\">250</text></g>");
    free(s);
    /* Cut halfway: smaller still, and said. */
    rv->reviewed = 125;
    s = story_of(h, rv, true);
    cr_assert_leq(wire_size(s), CLB_STORY_WIRE_MAX);
    HAS(s, "moves 126\xe2\x80\x93"
           "250 were not reviewed");
    free(s);
    free(rv);
    free(h);
}

/* In French: whole sentences in the <desc>, the numbers' separator, and
 * the legend's words that are judged longer than their room squeezed into
 * it (SVG's textLength), which English never is. */
Test(server_story, the_story_in_french)
{
    struct core_history *h = four_moves();
    h->moves[3].score = 1100; /* a grid step of 500: "1 000" on the axis */
    struct core_review *rv = four_best(2);
    char *s = story_in("fr", h, rv, true);
    HAS(s, "Apr\xc3\xa8s le coup 4, l\xe2\x80\x99\xc3\xa9quipe avait 1100 "
           "points. Apr\xc3\xa8s le coup 2, l\xe2\x80\x99\xc3\xa9quipe "
           "avait 30 et les meilleurs coups 50");
    HAS(s, ">1\xe2\x80\xaf"
           "000</text>");
    HAS(s, ". Scrabbles\xc2\xa0: QUIXOTE (coup 4, Joueur 2).");
    /* "Meilleurs coups", 15 characters, before the review's stop at 176. */
    HAS(s, "<text x=\"88\" y=\"12\" textLength=\"84\" "
           "lengthAdjust=\"spacingAndGlyphs\">Meilleurs coups</text>");
    /* "Joueur 1" fits its room as it is. */
    HAS(s, "<text x=\"12\" y=\"30\">Joueur 1</text>");
    free(s);
    s = story_of(h, rv, true);
    HASNT(s, "textLength");
    free(s);
    free(rv);
    free(h);
}
