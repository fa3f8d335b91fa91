/* tests/server/test_render_moves.c - the review's total (server/
 * render_moves.c) in the page's language: its sentence whole, the counts
 * in <strong> where the translation puts them, the grade and the result
 * to share; English as it always read. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/review.h"
#include "render_internal.h"

#define TOTAL_MAX (64 * 1024)

static struct core_review *review_of(int nmoves, int reviewed, int scored,
                                     int possible)
{
    struct core_review *rv = calloc(1, sizeof *rv);
    cr_assert_not_null(rv);
    rv->nmoves = nmoves;
    rv->reviewed = reviewed;
    rv->scored = scored;
    rv->possible = possible;
    return rv;
}

/* The total's paragraph in the catalogue of code, with the result. */
static char *total_in(const char *code, const struct core_review *rv)
{
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, TOTAL_MAX);
    b.lang = i18n_by_code(code, strlen(code));
    cr_assert_not_null(b.lang, "no catalogue %s", code);
    struct render_result result = {.score = 812, .turns = 25};
    render_review_total(&b, rv, &result);
    cr_assert_not(b.overflow);
    char *copy = strdup(b.p);
    cr_assert_not_null(copy);
    out_free(&b);
    return copy;
}

#define HAS(s, needle) cr_assert_not_null(strstr((s), (needle)), "%s", (s))

Test(server_render_moves, the_total_in_english_reads_as_it_did)
{
    struct core_review *rv = review_of(25, 25, 812, 1034);
    char *s = total_in("en", rv);
    HAS(s,
        " data-result=\"Collabble \xc2\xb7 812 points \xc2\xb7 78% of the "
        "best plays \xc2\xb7 Expert \xc2\xb7 25 turns\" data-grade=\"Expert\" "
        "data-pct=78>Review: you scored <strong>812</strong> of a possible "
        "<strong>1,034</strong>, the best available play of every turn "
        "added up. Grade: <strong data-testid=\"grade\">Expert</strong>, "
        "78% of the best plays.</p>");
    free(s);
    rv->reviewed = 10;
    s = total_in("en", rv);
    HAS(s, ">Review: you scored <strong>812</strong> of a possible "
           "<strong>1,034</strong> on moves 1\xe2\x80\x93"
           "10 (moves 11\xe2\x80\x93"
           "25 not reviewed: the review's work limit ran out).</p>");
    free(s);
    free(rv);
}

Test(server_render_moves, the_total_in_french_german_and_spanish)
{
    struct core_review *rv = review_of(25, 25, 812, 1034);
    char *s = total_in("fr", rv);
    HAS(s, "data-grade=\"Expert\"");
    HAS(s, "vous avez marqu\xc3\xa9 <strong>812</strong> sur <strong>1\xe2\x80"
           "\xaf"
           "034</strong> possibles");
    HAS(s, "78\xe2\x80\xaf% des meilleurs coups");
    free(s);
    s = total_in("de", rv);
    HAS(s, "Ihr habt <strong>812</strong> von m\xc3\xb6glichen "
           "<strong>1.034</strong> erzielt");
    HAS(s, "data-grade=\"Experte\"");
    free(s);
    rv->reviewed = 10;
    s = total_in("es", rv);
    HAS(s, "el equipo sum\xc3\xb3 <strong>812</strong> de <strong>1.034"
           "</strong> posibles en las jugadas 1\xe2\x80\x93"
           "10 (jugadas 11\xe2\x80\x93"
           "25 sin revisar");
    free(s);
    free(rv);
}
