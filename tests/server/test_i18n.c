/* tests/server/test_i18n.c - the message catalogues (server/i18n.c): the
 * look-up in the compiled catalogues, plural rules, the language a request
 * asks for (Accept-Language, the cookie), the script's messages, and a
 * damaged catalogue read safely. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "../core/limits.h"
#include "i18n.h"
#include "i18n_data.h"

static const struct i18n_catalogue *code(const char *c)
{
    return i18n_by_code(c, strlen(c));
}

Test(server_i18n, catalogues_by_code)
{
    cr_assert_eq(i18n_at(0), &i18n_english);
    cr_assert_eq(code("en"), &i18n_english);
    cr_assert_eq(code("EN"), &i18n_english);
    cr_assert_not_null(code("fr"));
    cr_assert_not_null(code("de"));
    cr_assert_not_null(code("es"));
    cr_assert_str_eq(i18n_code(code("Fr")), "fr");
    cr_assert_str_eq(i18n_name(code("fr")), "Fran\xc3\xa7"
                                            "ais");
    cr_assert_str_eq(i18n_name(code("de")), "Deutsch");
    cr_assert_str_eq(i18n_name(code("es")), "Espa\xc3\xb1ol");
    cr_assert_null(code("xx"));
    cr_assert_null(code("fra"));
    cr_assert_null(code("f"));
    cr_assert_null(code(""));
    cr_assert_null(i18n_by_code(NULL, 0));
    cr_assert_eq(code("qps"), i18n_pseudo());
    /* The pseudo-catalogue is never listed (the switch, Accept-Language). */
    int n = 0;
    for (int i = 0; i18n_at(i) != NULL; i++, n++)
        cr_assert_neq(i18n_at(i), i18n_pseudo());
    cr_assert_geq(n, 4);
    cr_assert_null(i18n_at(-1));
    cr_assert_null(i18n_at(n));
    /* NULL is English. */
    cr_assert_str_eq(i18n_code(NULL), "en");
}

Test(server_i18n, look_up)
{
    cr_assert_str_eq(i18n_text(NULL, "New game"), "New game");
    cr_assert_str_eq(i18n_text(&i18n_english, "New game"), "New game");
    cr_assert_str_eq(i18n_text(code("fr"), "New game"), "Nouvelle partie");
    cr_assert_str_eq(i18n_text(code("de"), "New game"), "Neues Spiel");
    cr_assert_str_eq(i18n_text(code("es"), "New game"), "Partida nueva");
    /* A message no catalogue has: itself. The header's msgid "" is no
     * message. */
    cr_assert_str_eq(i18n_text(code("fr"), "no such message"),
                     "no such message");
    cr_assert_str_eq(i18n_text(code("fr"), ""), "");
    cr_assert_null(i18n_text(code("fr"), NULL));
    /* The error table's messages, by their English text. */
    cr_assert_str_eq(i18n_text(code("de"), "No such page"),
                     "Diese Seite gibt es nicht");
    /* The pseudo-catalogue marks every message. */
    cr_assert_str_eq(i18n_text(i18n_pseudo(), "New game"),
                     "\xe2\x9f\xa6New game\xe2\x9f\xa7");
}

Test(server_i18n, plurals_by_each_rule)
{
    /* French: 0 and 1 are singular; German and Spanish: only 1. */
    const char *one = "{player} exchanged {tiles} tile.";
    const char *many = "{player} exchanged {tiles} tiles.";
    cr_assert_str_eq(i18n_plural(code("fr"), one, many, 0),
                     "{player} a \xc3\xa9"
                     "chang\xc3\xa9 {tiles} lettre.");
    cr_assert_str_eq(i18n_plural(code("fr"), one, many, 1),
                     "{player} a \xc3\xa9"
                     "chang\xc3\xa9 {tiles} lettre.");
    cr_assert_str_eq(i18n_plural(code("fr"), one, many, 2),
                     "{player} a \xc3\xa9"
                     "chang\xc3\xa9 {tiles} lettres.");
    cr_assert_str_eq(i18n_plural(code("de"), one, many, 0),
                     "{player} hat {tiles} Steine getauscht.");
    cr_assert_str_eq(i18n_plural(code("de"), one, many, 1),
                     "{player} hat {tiles} Stein getauscht.");
    cr_assert_str_eq(i18n_plural(NULL, one, many, 1), one);
    cr_assert_str_eq(i18n_plural(NULL, one, many, 7), many);
    cr_assert_str_eq(
        i18n_plural(code("fr"), "untranslated", "untranslateds", 3),
        "untranslateds");
    /* Every form, for the page's script. */
    cr_assert_str_eq(i18n_plural_form(code("es"), one, many, 0),
                     "{player} cambi\xc3\xb3 {tiles} ficha.");
    cr_assert_str_eq(i18n_plural_form(code("es"), one, many, 1),
                     "{player} cambi\xc3\xb3 {tiles} fichas.");
    cr_assert_null(i18n_plural_form(code("es"), one, many, 2));
    cr_assert_eq(i18n_plural_form(NULL, one, many, 1), many);
    cr_assert_null(i18n_plural_form(NULL, one, many, 2));
}

/* A catalogue with only a rule, for the rule's reader. */
static struct i18n_catalogue with_rule(const char *rule, int nplurals)
{
    return (struct i18n_catalogue){"xx", "x", rule, nplurals, NULL, 0};
}

Test(server_i18n, plural_rules_as_gettext_writes_them)
{
    /* Polish: one, few (2-4 but not 12-14), many. */
    struct i18n_catalogue pl = with_rule(
        "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)",
        3);
    int want[][2] = {{0, 2},  {1, 0},  {2, 1},   {4, 1},   {5, 2},
                     {12, 2}, {22, 1}, {112, 2}, {1004, 1}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert_eq(i18n_plural_index(&pl, want[i][0]), want[i][1], "n=%d",
                     want[i][0]);
    struct i18n_catalogue fr = with_rule("(n > 1)", 2);
    cr_assert_eq(i18n_plural_index(&fr, 0), 0);
    cr_assert_eq(i18n_plural_index(&fr, 2), 1);
    struct i18n_catalogue ja = with_rule("0", 1);
    cr_assert_eq(i18n_plural_index(&ja, 5), 0);
    /* Arithmetic and ! as C reads them; a division by 0 is 0. */
    struct i18n_catalogue ar = with_rule("!(n - 1) + n / 0 * 2", 2);
    cr_assert_eq(i18n_plural_index(&ar, 1), 1);
    cr_assert_eq(i18n_plural_index(&ar, 3), 0);
}

Test(server_i18n, a_rule_that_cannot_be_read_is_englishs)
{
    const char *bad[] = {"n ==", "(n > 1",        "n > 1)", "x", "n ? 1",
                         "",     "n > 1 ; extra", "5"}; /* "5": past nplurals */
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct i18n_catalogue c = with_rule(bad[i], 2);
        cr_assert_eq(i18n_plural_index(&c, 1), 0, "%s", bad[i]);
        cr_assert_eq(i18n_plural_index(&c, 2), 1, "%s", bad[i]);
    }
    /* Nesting past CLB_PLURAL_DEPTH_MAX: refused, not a deep recursion. */
    static char deep[20000];
    size_t k = 0;
    for (int i = 0; i < 5000; i++)
        deep[k++] = '(';
    deep[k++] = 'n';
    for (int i = 0; i < 5000; i++)
        deep[k++] = ')';
    deep[k] = '\0';
    struct i18n_catalogue c = with_rule(deep, 2);
    cr_assert_eq(i18n_plural_index(&c, 2), 1);
    memset(deep, '!', 19999);
    deep[19999] = '\0';
    c = with_rule(deep, 2);
    cr_assert_eq(i18n_plural_index(&c, 1), 0);
}

Test(server_i18n, a_damaged_catalogue_answers_english)
{
    const struct i18n_catalogue *fr = code("fr");
    unsigned char copy[64 * 1024];
    cr_assert_leq(fr->mo_len, sizeof copy);
    /* Cut anywhere: every look-up stays inside the bytes and answers
     * something (the msgid when its entry is gone). */
    for (size_t cut = 0; cut < fr->mo_len; cut += 97) {
        memcpy(copy, fr->mo, cut);
        struct i18n_catalogue c = *fr;
        c.mo = copy;
        c.mo_len = cut;
        const char *s = i18n_text(&c, "New game");
        cr_assert(strcmp(s, "New game") == 0 ||
                  strcmp(s, "Nouvelle partie") == 0);
        cr_assert_not_null(i18n_plural(&c, "{n} point", "{n} points", 3));
    }
    /* Offsets and lengths pointing anywhere. */
    memcpy(copy, fr->mo, fr->mo_len);
    uint32_t seed = 1;
    for (int round = 0; round < 2000; round++) {
        memcpy(copy, fr->mo, fr->mo_len);
        for (int k = 0; k < 8; k++) {
            seed = seed * 1103515245u + 12345u;
            size_t at = 8 + seed % 64;
            copy[at] = (unsigned char)(seed >> 16);
        }
        struct i18n_catalogue c = *fr;
        c.mo = copy;
        const char *s = i18n_text(&c, "Cancel");
        cr_assert_not_null(s);
    }
    /* Not a catalogue at all. */
    struct i18n_catalogue junk = *fr;
    junk.mo = (const unsigned char *)"not a catalogue";
    junk.mo_len = 15;
    cr_assert_str_eq(i18n_text(&junk, "Cancel"), "Cancel");
}

Test(server_i18n, accept_language)
{
    struct {
        const char *header, *want;
    } cases[] = {
        {NULL, NULL},
        {"", NULL},
        {"fr", "fr"},
        {"FR-ca", "fr"},
        {"fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"},
        {"en;q=0.5, de;q=0.9", "de"},
        {"en;q=0.5,de;q=0.9", "de"},
        {" es-419 ;q=0.3 , it", "es"},
        {"it, pt;q=0.9, es;q=0.1", "es"},
        {"it, pt", NULL},
        {"*", NULL},
        {"fr;q=0, de;q=0.001", "de"},
        {"de;q=0.5, fr;q=0.5", "de"},
        {"fr;q=2", NULL},
        {"fr;q=1.0, de", "fr"},
        {"fr;q=1.5", NULL},
        {"fr;q=0.5000", NULL},
        {"fr;q=.5", NULL},
        {"fr;Q=0.5", "fr"},
        {"fr;level=1;q=0.5, de;q=0.4", "fr"},
        {"qps", NULL},
        {"en", "en"},
        {",,,;;;q=,", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct i18n_catalogue *c = i18n_from_accept(cases[i].header);
        if (cases[i].want == NULL)
            cr_assert_null(c, "%s", cases[i].header);
        else
            cr_assert_eq(c, code(cases[i].want), "%s", cases[i].header);
    }
    /* At most CLB_MAX_ACCEPT_LANGUAGES ranges are read. */
    char many[4096] = "";
    for (int i = 0; i < CLB_MAX_ACCEPT_LANGUAGES; i++)
        strcat(many, "it,");
    strcat(many, "fr");
    cr_assert_null(i18n_from_accept(many));
    many[strlen(many) - 5] = '\0'; /* one range fewer: fr is read */
    strcat(many, "fr");
    cr_assert_eq(i18n_from_accept(many), code("fr"));
}

Test(server_i18n, the_cookie)
{
    cr_assert_eq(i18n_from_cookie("lang=fr"), code("fr"));
    cr_assert_eq(i18n_from_cookie("a=1; lang=de; b=2"), code("de"));
    cr_assert_eq(i18n_from_cookie("a=1;lang=es"), code("es"));
    cr_assert_eq(i18n_from_cookie("lang=qps"), i18n_pseudo());
    cr_assert_eq(i18n_from_cookie("lang=en"), &i18n_english);
    cr_assert_null(i18n_from_cookie(NULL));
    cr_assert_null(i18n_from_cookie(""));
    cr_assert_null(i18n_from_cookie("lang="));
    cr_assert_null(i18n_from_cookie("lang=xx"));
    cr_assert_null(i18n_from_cookie("xlang=fr"));
    cr_assert_null(i18n_from_cookie("language=fr"));
    /* The first lang= counts. */
    cr_assert_eq(i18n_from_cookie("lang=de; lang=fr"), code("de"));
    /* At most CLB_MAX_COOKIES cookies are read. */
    char many[8192] = "";
    for (int i = 0; i < CLB_MAX_COOKIES; i++)
        strcat(many, "a=1; ");
    strcat(many, "lang=fr");
    cr_assert_null(i18n_from_cookie(many));
}

Test(server_i18n, the_scripts_messages)
{
    int n = 0, plurals = 0;
    bool zoom = false;
    const char *many;
    for (int i = 0; i18n_script_id(i, &many) != NULL; i++, n++) {
        const char *id = i18n_script_id(i, &many);
        cr_assert_neq(id[0], '\0', "the header is no message");
        zoom = zoom || strcmp(id, "Zoom board") == 0;
        if (many != NULL) {
            plurals++;
            cr_assert_neq(strcmp(id, many), 0);
        }
    }
    cr_assert(zoom);
    cr_assert_gt(n, 50);
    cr_assert_gt(plurals, 0);
    cr_assert_null(i18n_script_id(-1, &many));
    cr_assert_null(i18n_script_id(n, &many));
}
