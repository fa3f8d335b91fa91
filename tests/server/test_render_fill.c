/* tests/server/test_render_fill.c - sentences with data in them
 * (server/render_fill.c): placeholders in any order, the text between
 * them escaped, a stray brace kept as text, an unknown placeholder
 * dropped, and an element's content keeping its apostrophes. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <string.h>

#include "render_internal.h"

static char mem[256];
static struct out_buf b;

static void setup(void)
{
    out_init(&b, mem, sizeof mem, sizeof mem);
}

static void teardown(void)
{
    out_free(&b);
}

TestSuite(server_render_fill, .init = setup, .fini = teardown);

Test(server_render_fill, writes_each_placeholder_where_the_text_has_it)
{
    put_fill(&b, "{word} at {square} for {points}", FILL_TEXT("word", "QI"),
             FILL_TEXT("square", "8D"), FILL_INT("points", 22));
    cr_assert_str_eq(b.p, "QI at 8D for 22");
    out_reset(&b);
    put_fill(&b, "{points} pour {word} en {square}", FILL_TEXT("word", "QI"),
             FILL_TEXT("square", "8D"), FILL_INT("points", 22));
    cr_assert_str_eq(b.p, "22 pour QI en 8D");
}

Test(server_render_fill, escapes_the_text_and_text_data_but_not_markup)
{
    put_fill(&b, "<i>'{a}' & {b}", FILL_TEXT("a", "<b>"),
             FILL_HTML("b", "<strong>1</strong>"));
    cr_assert_str_eq(b.p,
                     "&lt;i&gt;&#39;&lt;b&gt;&#39; &amp; <strong>1</strong>");
}

Test(server_render_fill, content_keeps_the_apostrophe_and_escapes_the_rest)
{
    put_fill_content(&b, "the review's <{n}>", FILL_INT("n", 3));
    cr_assert_str_eq(b.p, "the review's &lt;3&gt;");
    out_reset(&b);
    put_content(&b, "it's <'a'>");
    cr_assert_str_eq(b.p, "it's &lt;'a'&gt;");
}

Test(server_render_fill, a_brace_that_opens_no_placeholder_is_text)
{
    put_fill(&b, "{} {A} {n {n}", FILL_INT("n", 7));
    cr_assert_str_eq(b.p, "{} {A} {n 7");
}

Test(server_render_fill, an_unknown_placeholder_writes_nothing)
{
    put_fill(&b, "{wrod} at {square}", FILL_TEXT("word", "QI"),
             FILL_TEXT("square", "8D"));
    cr_assert_str_eq(b.p, " at 8D");
}

Test(server_render_fill, the_iterator_stops_at_each_placeholder_in_turn)
{
    struct fill f;
    const char *seen[4] = {0};
    int n = 0;
    fill_begin(&f, &b, "a{x}b{y_z}c");
    while (fill_next(&f)) {
        seen[n++] = fill_is(&f, "x") ? "x" : fill_is(&f, "y_z") ? "y_z" : "?";
        out_char(&b, '|');
    }
    cr_assert_eq(n, 2);
    cr_assert_str_eq(seen[0], "x");
    cr_assert_str_eq(seen[1], "y_z");
    cr_assert_str_eq(b.p, "a|b|c");
}

Test(server_render_fill, a_player_is_named_in_the_page_language)
{
    put_player(&b, CORE_P2);
    cr_assert_str_eq(b.p, "Player 2");
}

/* The board's, the move list's and the story's messages are in the
 * catalogues (po/<code>-2.po, joined to po/<code>.po at build time). */
Test(server_render_fill, a_page_in_french_says_it_in_french)
{
    b.lang = i18n_by_code("fr", 2);
    cr_assert_not_null(b.lang);
    put_tr(&b, "Bag");
    out_char(&b, '|');
    put_fill(&b, trn(&b, "{n} point", "{n} points", 3), FILL_INT("n", 3));
    out_char(&b, '|');
    put_fill(&b, tr(&b, "{word} at {square} for {points}"),
             FILL_TEXT("word", "QI"), FILL_TEXT("square", "8D"),
             FILL_INT("points", 22));
    out_char(&b, '|');
    put_player(&b, CORE_P1);
    out_char(&b, '|');
    render_count(&b, 1034);
    cr_assert_str_eq(b.p, "Sac|3 points|QI en 8D pour 22|Joueur 1|"
                          "1\xe2\x80\xaf"
                          "034");
}

Test(server_render_fill, german_and_spanish_name_the_rack_their_way)
{
    b.lang = i18n_by_code("de", 2);
    put_tr(&b, "Your rack");
    out_char(&b, '|');
    b.lang = i18n_by_code("es", 2);
    put_tr(&b, "Your rack");
    cr_assert_str_eq(b.p, "Deine Buchstabenbank|Tu atril");
}
