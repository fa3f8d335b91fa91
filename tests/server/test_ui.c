/* tests/server/test_ui.c - the page endpoints and their markup (server/ui.c,
 * server/render_*.c), called directly with a built struct srv_request: no
 * network. Hostile input (markup in seeds, links, moves and state fields)
 * must only ever come back escaped. */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../../core/lzstring.h"
#include "../../core/movegen.h"
#include "link.h"
#include "../../tools/link_tree.h"
#include "position.h"
#include "render.h"
#include "router.h"
#include "test_support.h"
#include "ui.h"

#define PAGE_MAX (1024 * 1024)

struct page {
    char mem[4096];
    struct out_buf body;
    struct srv_response resp;
};

static struct srv_context ctx;

/* A server context whose default lexicon holds `words` (newline-separated). */
static void use_words(const char *words)
{
    struct clb_error err;
    clb_error_clear(&err);
    memset(&ctx, 0, sizeof ctx);
    cr_assert_eq(
        dict_from_text(words, strlen(words), "test", &ctx.lexicons[0], &err),
        CLB_ERR_OK);
    strcpy(ctx.lexicon_names[0], "test");
    ctx.nlexicons = 1;
}

static void teardown(void)
{
    for (int i = 0; i < ctx.nlexicons; i++)
        dict_free(ctx.lexicons[i]);
    memset(&ctx, 0, sizeof ctx);
}

static void setup(void)
{
    use_words("AA\nAB\n");
}

TestSuite(server_ui, .init = setup, .fini = teardown);

/* The Host header of the requests below (a test may name another). */
static const char *request_host = "127.0.0.1:8080";

/* Runs one request through the router and the handler it picks. */
static void request(struct page *pg, const char *method, const char *path,
                    const char *query, const char *body, const char *ctype)
{
    out_init(&pg->body, pg->mem, sizeof pg->mem, PAGE_MAX);
    memset(&pg->resp, 0, sizeof pg->resp);
    pg->resp.body = &pg->body;
    struct srv_request req = {
        .ctx = &ctx,
        .method = method,
        .path = {path, strlen(path)},
        .query = {query != NULL ? query : "",
                  query != NULL ? strlen(query) : 0},
        .body = {body != NULL ? body : "", body != NULL ? strlen(body) : 0},
        .content_type = ctype,
        .host = request_host,
    };
    struct srv_route route;
    srv_route(&req, &route);
    cr_assert_not_null(route.handler, "no handler for %s", path);
    route.handler(&req, &pg->resp);
    cr_assert_not(pg->body.overflow);
    cr_assert_eq(strlen(pg->body.p), pg->body.len);
}

static void done(struct page *pg)
{
    out_free(&pg->body);
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p != NULL;
         p = strstr(p + 1, needle))
        n++;
    return n;
}

/* Percent-encodes s into a malloc'd string (the test's form bodies). */
static char *urlenc(const char *s)
{
    char *out = malloc(strlen(s) * 3 + 1), *o = out;
    cr_assert_not_null(out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
            (c >= '0' && c <= '9'))
            *o++ = (char)c;
        else
            o += sprintf(o, "%%%02X", c);
    }
    *o = '\0';
    return out;
}

static void encode(const struct core_game *g, char *s, size_t cap)
{
    struct clb_error err;
    size_t n;
    cr_assert_eq(link_v1_encode(g, s, cap, &n, &err), CLB_ERR_OK);
}

/* "s=<S>&move=<M>" for a form post. */
static char *form(const char *s, const char *move)
{
    char *es = urlenc(s), *em = move != NULL ? urlenc(move) : NULL;
    char *out = malloc(strlen(es) + (em != NULL ? strlen(em) : 0) + 16);
    cr_assert_not_null(out);
    sprintf(out, "s=%s%s%s", es, em != NULL ? "&move=" : "",
            em != NULL ? em : "");
    free(es);
    free(em);
    return out;
}

/* The only "<script" a page may hold is its own script tag. */
static void assert_no_injected_script(const char *html)
{
    cr_assert_eq(count(html, "<script"),
                 count(html, "<script src=\"/static/app.js"),
                 "a <script> from the input came back raw");
    cr_assert_null(strstr(html, "<script>"));
    cr_assert_null(strstr(html, "<b>X"));
    cr_assert_null(strstr(html, "<img"));
}

/* True if the page holds an inline event handler attribute (on...=). */
static bool has_handler(const char *html)
{
    for (const char *p = strstr(html, " on"); p != NULL;
         p = strstr(p + 1, " on")) {
        const char *q = p + 3;
        while (*q >= 'a' && *q <= 'z')
            q++;
        if (q > p + 3 && *q == '=')
            return true;
    }
    return false;
}

static const char FORM[] = "application/x-www-form-urlencoded;charset=UTF-8";

Test(server_ui, landing_page_offers_new_game_and_a_hidden_list_of_games)
{
    struct page pg;
    request(&pg, "GET", "/", NULL, NULL, NULL);
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_str_eq(pg.resp.content_type, "text/html; charset=utf-8");
    cr_assert(strncmp(h, "<!doctype html>", 15) == 0);
    cr_assert_not_null(
        strstr(h, "<form class=\"card\" id=\"new\" method=\"get\" action=\"/new\""));
    cr_assert_not_null(strstr(h, "data-testid=\"new-game\""));
    cr_assert_not_null(strstr(h, "data-testid=\"seed\""));
    cr_assert_not_null(strstr(h, "id=\"games\" data-testid=\"saved-games\" "
                                 "aria-labelledby=\"games-h\" hidden>"));
    cr_assert_not_null(strstr(h, "<ul class=\"games\" id=\"game-list\">"));
    cr_assert_not_null(strstr(h, "href=\"/static/app.css?v="));
    cr_assert_not_null(strstr(h, "<div id=\"app\" data-view=\"landing\">"));
    cr_assert_not_null(strstr(h, "aria-live=\"polite\""));
    /* The CSP allows no inline style or script. */
    cr_assert_null(strstr(h, "style="));
    cr_assert_null(strstr(h, "<style"));
    cr_assert_not(has_handler(h));
    done(&pg);
}

Test(server_ui, landing_lists_lexicons_when_there_are_several)
{
    struct clb_error err;
    cr_assert_eq(dict_from_text("CAT\n", 4, "two", &ctx.lexicons[1], &err),
                 CLB_ERR_OK);
    strcpy(ctx.lexicon_names[1], "twl");
    ctx.nlexicons = 2;
    struct page pg;
    request(&pg, "GET", "/", NULL, NULL, NULL);
    cr_assert_not_null(
        strstr(pg.body.p, "<select id=\"lexicon\" name=\"lexicon\""));
    cr_assert_not_null(strstr(pg.body.p, "<option value=\"twl\">twl</option>"));
    done(&pg);
}

Test(server_ui, new_game_board_has_rack_and_premium_squares)
{
    struct page pg;
    request(&pg, "GET", "/new", "seed=hello", NULL, NULL);
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_eq(count(h, "data-testid=\"rack-tile\""), CLB_RACK_SIZE);
    /* The squares are the board's buttons row by row: a square's place
     * among them is its coordinate, and no attributes name it. This page is
     * one a browser navigates to, which no script may run on: its squares
     * carry their labels in the script's words (the pages the script
     * fetches carry none, test_render_board). The board's div holds no
     * other div, so it ends at the first "</div>". */
    const char *board = strstr(h, "id=\"board\"");
    cr_assert_not_null(board);
    char squares[64 * 1024];
    size_t len = (size_t)(strstr(board, "</div>") - board);
    cr_assert_lt(len, sizeof squares);
    memcpy(squares, board, len);
    squares[len] = '\0';
    cr_assert_eq(count(squares, "<button"), CLB_BOARD_SIZE * CLB_BOARD_SIZE);
    cr_assert_null(strstr(h, " data-row="));
    /* A1 (the first), B1, D1, B2 (the 17th), F2, H8 (the 113th). */
    const char *sq[CLB_BOARD_SIZE * CLB_BOARD_SIZE];
    int nsq = 0;
    for (const char *p = strstr(squares, "<button"); p != NULL;
         p = strstr(p + 1, "<button"))
        sq[nsq++] = p;
    static const struct {
        int i;
        const char *markup;
    } square[] = {
        {0,
         "<button class=tw aria-label=\"A1, triple word, empty\">TW</button>"},
        {1, "<button aria-label=\"B1, empty\"></button>"},
        {3, "<button class=dl aria-label=\"D1, double letter, empty\">DL"},
        {16, "<button class=dw aria-label=\"B2, double word, empty\">DW"},
        {20, "<button class=tl aria-label=\"F2, triple letter, empty\">TL"},
        {7 * CLB_BOARD_SIZE + 7, "<button class=\"dw st\" aria-label=\"H8, "
                                 "centre star, double word, empty\">"},
    };
    for (size_t k = 0; k < sizeof square / sizeof square[0]; k++)
        cr_assert_eq(strncmp(sq[square[k].i], square[k].markup,
                             strlen(square[k].markup)),
                     0, "square %d: %.80s", square[k].i, sq[square[k].i]);
    cr_assert_eq(count(h, "class=tw "), 8);
    cr_assert_eq(count(h, "class=tl "), 12);
    cr_assert_eq(count(h, "class=dl "), 24);
    cr_assert_eq(count(h, "class=dw "), 16);
    cr_assert_not_null(strstr(h, "data-testid=\"score\">0<"));
    cr_assert_not_null(strstr(h, "data-testid=\"turn\">Player 1<"));
    cr_assert_not_null(strstr(h, "data-testid=\"bag\">86<"));
    cr_assert_not_null(strstr(h, "data-testid=\"partner-rack\""));
    cr_assert_not_null(
        strstr(h, "data-testid=\"eye-toggle\" aria-pressed=\"false\""));
    cr_assert_not_null(strstr(h, "data-testid=\"end-turn\" "
                                 "aria-describedby=\"preview\" disabled"));
    cr_assert_not_null(strstr(h, "data-testid=\"exchange\">"));
    cr_assert_not_null(strstr(h, "data-testid=\"pass\">"));
    cr_assert_not_null(strstr(h, "data-testid=\"recall\" disabled>Recall all"));
    /* The controls only the script runs are the script's to add
     * (static/app.js, complete()): none is in the server's markup. */
    cr_assert_null(strstr(h, "data-testid=\"shuffle\""));
    cr_assert_null(strstr(h, "data-testid=\"zoom\""));
    cr_assert_null(strstr(h, "id=\"ex-bar\""));
    cr_assert_null(strstr(h, "<svg"));
    /* The bag's count opens to its contents: the full set less both
     * racks. */
    cr_assert_not_null(strstr(h, "<summary data-testid=\"bag-toggle\">"));
    cr_assert_not_null(strstr(h, "86 in all."));
    /* A first pass only warns that one more ends the game. */
    cr_assert_not_null(strstr(h, "If Player 2 passes next, the game ends."));
    cr_assert_null(strstr(h, "Passing now ends the game"));
    cr_assert_null(strstr(h, "data-testid=\"copy-prompt\""),
                   "no share area on the player's own turn");
    cr_assert_not_null(strstr(h, "data-testid=\"preview\""));
    cr_assert_not_null(strstr(h, "data-testid=\"message\""));
    cr_assert_not_null(strstr(h, "New game: Player 1 starts."));
    cr_assert_null(strstr(h, "style="));
    cr_assert_not(has_handler(h));

    /* The page carries the state it shows, and the same seed deals the
     * same page. */
    static struct position pos;
    position_new(&ctx, 0, core_seed_from_text("hello", 5), &pos);
    char s[CLB_MAX_ENCODED_STATE + 1];
    size_t n;
    struct clb_error err;
    cr_assert_eq(position_write(&pos, LINK_V2, s, sizeof s, &n, &err),
                 CLB_ERR_OK);
    cr_assert_eq(s[0], '2', "a new game's link is v2");
    char want[CLB_MAX_ENCODED_STATE + 64];
    snprintf(want, sizeof want, "data-state=\"%s\"", s);
    cr_assert_not_null(strstr(h, want));
    struct page again;
    request(&again, "GET", "/new", "seed=hello", NULL, NULL);
    cr_assert_str_eq(again.body.p, h);
    done(&again);
    done(&pg);
}

Test(server_ui, rack_tiles_carry_index_letter_and_label)
{
    struct core_game g;
    core_game_new(&g, "hello", 5, "");
    struct page pg;
    request(&pg, "GET", "/new", "seed=hello", NULL, NULL);
    for (int i = 0; i < g.hands[0].count; i++) {
        char t = g.hands[0].tiles[i], want[160];
        if (t == CORE_BLANK)
            snprintf(want, sizeof want,
                     "data-index=%d data-letter=BLANK aria-pressed=\"false\" "
                     "aria-label=\"Blank tile, 0 points\">",
                     i);
        else
            snprintf(want, sizeof want,
                     "data-index=%d data-letter=%c aria-pressed=\"false\" "
                     "aria-label=\"%c, %d point",
                     i, t, t, core_tile_points(&core_tileset_english, t));
        cr_assert_not_null(strstr(pg.body.p, want), "%s", want);
    }
    done(&pg);
}

Test(server_ui, new_game_without_seed_redirects_to_a_random_seed)
{
    struct page pg;
    request(&pg, "GET", "/new", NULL, NULL, NULL);
    cr_assert_eq(pg.resp.status, 303);
    cr_assert(strncmp(pg.resp.location, "/new?seed=", 10) == 0);
    cr_assert_eq(strlen(pg.resp.location), 10 + 12);
    struct page again;
    request(&again, "GET", "/new", "seed=", NULL, NULL);
    cr_assert_eq(again.resp.status, 303);
    cr_assert_str_neq(again.resp.location, pg.resp.location);
    done(&again);
    done(&pg);
}

Test(server_ui, seed_echo_is_escaped)
{
    /* Too long (80 bytes), so the landing page comes back with the seed in
     * the field for correction. */
    const char *q =
        "seed=%3Cscript%3Ex%3C%2Fscript%3E%22%27%3Cscript%3Ex%3C%2Fscript%3E%22"
        "%27%3Cscript%3Ex%3C%2Fscript%3E%22%27%3Cscript%3Ex%3C%2Fscript%3E%22%"
        "27";
    struct page pg;
    request(&pg, "GET", "/new", q, NULL, NULL);
    cr_assert_eq(pg.resp.status, 400);
    assert_no_injected_script(pg.body.p);
    cr_assert_not_null(
        strstr(pg.body.p, "value=\"&lt;script&gt;x&lt;/script&gt;&quot;&#39;"));
    cr_assert_not_null(strstr(pg.body.p, "data-testid=\"message\""));
    done(&pg);
}

Test(server_ui, seed_with_control_characters_is_refused)
{
    struct page pg;
    request(&pg, "GET", "/new", "seed=a%0Ab", NULL, NULL);
    cr_assert_eq(pg.resp.status, 400);
    cr_assert_not_null(strstr(pg.body.p, "control"));
    done(&pg);
}

/* One lookup by name for the v1 state, the API and /new: no name and ""
 * are the server's default (a game records the default as ""), a loaded
 * name is its index, and any other is refused naming it. */
Test(server_ui, a_lexicon_is_found_by_name_and_empty_is_the_default)
{
    struct clb_error err;
    cr_assert_eq(dict_from_text("CAT\n", 4, "two", &ctx.lexicons[1], &err),
                 CLB_ERR_OK);
    strcpy(ctx.lexicon_names[1], "twl");
    ctx.nlexicons = 2;
    clb_error_clear(&err);
    cr_assert_eq(position_lexicon_by_name(&ctx, NULL, &err), 0);
    cr_assert_eq(position_lexicon_by_name(&ctx, "", &err), 0);
    cr_assert_eq(position_lexicon_by_name(&ctx, "test", &err), 0);
    cr_assert_eq(position_lexicon_by_name(&ctx, "twl", &err), 1);
    cr_assert_eq(err.code, CLB_ERR_OK);
    cr_assert_eq(position_lexicon_by_name(&ctx, "twl06", &err), -1);
    cr_assert_eq(err.code, CLB_ERR_UNKNOWN_LEXICON);
    cr_assert_str_eq(err.detail,
                     "lexicon: \"twl06\" is not loaded on this server");
    /* The page's /new with an empty choice deals the default's game. */
    struct page pg;
    request(&pg, "GET", "/new", "seed=x&lexicon=", NULL, NULL);
    cr_assert_eq(pg.resp.status, 200);
    done(&pg);
}

Test(server_ui, unknown_lexicon_is_refused)
{
    struct page pg;
    request(&pg, "GET", "/new", "seed=x&lexicon=%3Cb%3EX", NULL, NULL);
    cr_assert_eq(pg.resp.status, 400);
    assert_no_injected_script(pg.body.p);
    done(&pg);
}

Test(server_ui, nojs_query_link_shows_the_board_with_the_move_forms)
{
    struct core_game g;
    core_game_new(&g, "nojs", 4, "");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    char *es = urlenc(s);
    char q[CLB_MAX_ENCODED_STATE * 3 + 8];
    snprintf(q, sizeof q, "s=%s", es);
    struct page root, game;
    request(&root, "GET", "/", q, NULL, NULL);
    request(&game, "GET", "/game", q, NULL, NULL);
    cr_assert_eq(root.resp.status, 200);
    cr_assert_str_eq(root.body.p, game.body.p);
    cr_assert_not_null(strstr(root.body.p, "data-view=\"board\""));
    cr_assert_not_null(strstr(root.body.p, "class=\"actions needs-js\""));
    cr_assert_not_null(strstr(root.body.p, "data-testid=\"nojs-forms\""));
    cr_assert_eq(count(root.body.p, "action=\"/game/turn\""), 3);
    cr_assert_eq(count(root.body.p, "data-testid=\"rack-tile\""),
                 CLB_RACK_SIZE);

    /* The page the script fetches has none of it. */
    char body[CLB_MAX_ENCODED_STATE * 3 + 8];
    snprintf(body, sizeof body, "s=%s", es);
    struct page script;
    request(&script, "POST", "/game", NULL, body, NULL);
    cr_assert_eq(script.resp.status, 200);
    cr_assert_null(strstr(script.body.p, "<noscript>"));
    cr_assert_null(strstr(script.body.p, "/game/turn"));
    done(&script);

    /* A raw '+' in a pasted link is the state's '+', not a space. */
    snprintf(q, sizeof q, "s=%s", s);
    struct page raw;
    request(&raw, "GET", "/", q, NULL, NULL);
    cr_assert_eq(raw.resp.status, 200);
    done(&raw);
    done(&game);
    done(&root);
    free(es);
}

Test(server_ui, game_path_without_state_redirects_home)
{
    struct page pg;
    request(&pg, "GET", "/game", NULL, NULL, NULL);
    cr_assert_eq(pg.resp.status, 303);
    cr_assert_str_eq(pg.resp.location, "/");
    done(&pg);
}

Test(server_ui, post_game_opens_a_turn_link)
{
    struct core_game g;
    core_game_new(&g, "post", 4, "");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    char *body = form(s, NULL);
    struct page pg;
    request(&pg, "POST", "/game", NULL, body, FORM);
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(pg.body.p, "data-view=\"board\""));
    cr_assert_not_null(strstr(pg.body.p, g.game_id));
    done(&pg);
    request(&pg, "POST", "/game", NULL, "{}", "application/json");
    cr_assert_eq(pg.resp.status, 400);
    done(&pg);
    request(&pg, "POST", "/game", NULL, "x=1", FORM);
    cr_assert_eq(pg.resp.status, 400);
    done(&pg);
    free(body);
}

Test(server_ui, damaged_link_gets_an_escaped_error_page)
{
    struct page pg;
    request(&pg, "GET", "/", "s=%3Cscript%3Ealert(1)%3C%2Fscript%3E", NULL,
            NULL);
    cr_assert_eq(pg.resp.status, 400);
    cr_assert_not_null(strstr(pg.body.p, "data-testid=\"error-page\""));
    assert_no_injected_script(pg.body.p);
    done(&pg);
    request(&pg, "POST", "/game", NULL, "s=%3Cb%3EX%3Cimg%20onerror%3Dx%3E",
            FORM);
    cr_assert_eq(pg.resp.status, 400);
    assert_no_injected_script(pg.body.p);
    done(&pg);
}

Test(server_ui, oversized_state_is_refused_before_decoding)
{
    size_t n = CLB_MAX_ENCODED_STATE + 10;
    char *q = malloc(n + 3);
    cr_assert_not_null(q);
    memcpy(q, "s=", 2);
    memset(q + 2, 'A', n);
    q[n + 2] = '\0';
    struct page pg;
    request(&pg, "GET", "/", q, NULL, NULL);
    cr_assert_eq(pg.resp.status, 413);
    done(&pg);
    free(q);
}

/* The link in a query raw, wholly percent-encoded, or encoded in places
 * opens the same page; its length is counted after decoding, right up to
 * the limit; a broken or NUL escape is refused. */
Test(server_ui, a_state_field_decodes_alike_however_it_is_escaped)
{
    struct core_game g;
    core_game_new(&g, "escape", 6, "");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    size_t n = strlen(s);
    char *all = urlenc(s);
    char *some = malloc(3 * n + 1), *o = some;
    cr_assert_not_null(some);
    for (size_t i = 0; i < n; i++)
        o += i % 3 == 1 ? sprintf(o, "%%%02x", (unsigned char)s[i])
                        : sprintf(o, "%c", s[i]);
    const char *forms[] = {s, all, some};
    char *first = NULL;
    for (size_t k = 0; k < 3; k++) {
        char *q = malloc(strlen(forms[k]) + 3);
        cr_assert_not_null(q);
        sprintf(q, "s=%s", forms[k]);
        struct page pg;
        request(&pg, "GET", "/", q, NULL, NULL);
        cr_assert_eq(pg.resp.status, 200, "form %zu", k);
        if (first == NULL)
            first = strdup(pg.body.p);
        else
            cr_assert_str_eq(pg.body.p, first, "form %zu", k);
        done(&pg);
        free(q);
    }
    free(first);
    free(all);
    free(some);

    /* At the limit after decoding: a state that fails to decode (400);
     * one character over: refused before decoding (413). */
    static const struct {
        size_t plain;
        const char *tail;
        int status;
    } edges[] = {
        {CLB_MAX_ENCODED_STATE, "", 400},
        {CLB_MAX_ENCODED_STATE + 1, "", 413},
        {CLB_MAX_ENCODED_STATE - 1, "%41", 400},
        {CLB_MAX_ENCODED_STATE, "%41", 413},
        {CLB_MAX_ENCODED_STATE - 2, "%41%41", 400},
        {10, "%4", 413},
        {10, "%4G", 413},
        {10, "%00", 413},
        {10, "%", 413},
    };
    for (size_t k = 0; k < sizeof edges / sizeof edges[0]; k++) {
        char *q = malloc(edges[k].plain + 16);
        cr_assert_not_null(q);
        memcpy(q, "s=", 2);
        memset(q + 2, 'A', edges[k].plain);
        strcpy(q + 2 + edges[k].plain, edges[k].tail);
        struct page pg;
        request(&pg, "GET", "/", q, NULL, NULL);
        cr_assert_eq(pg.resp.status, edges[k].status, "edge %zu: %d", k,
                     pg.resp.status);
        done(&pg);
        free(q);
    }
}

/* The state of a crafted JSON object, as a link would carry it. */
static void craft_state(json_t *root, char *s, size_t cap)
{
    char *text = json_dumps(root, JSON_COMPACT);
    cr_assert_not_null(text);
    size_t len = strlen(text), n, slen;
    uint16_t *units = malloc((len + 1) * sizeof *units);
    cr_assert_not_null(units);
    cr_assert_eq(clb_utf8_to_utf16(text, len, units, len + 1, &n), LZ_OK);
    cr_assert_eq(lz_compress_base64(units, n, s, cap, &slen), LZ_OK);
    free(units);
    free(text);
}

Test(server_ui, markup_in_state_fields_never_comes_back_raw)
{
    struct core_game g;
    core_game_new(&g, "craft", 5, "");
    const char *evil[] = {"<script>alert(1)</script>", "<b>X</b>",
                          "\"><img src=x onerror=alert(1)>"};
    const char *fields[] = {"gameId", "lexicon"};
    for (size_t f = 0; f < 2; f++) {
        for (size_t e = 0; e < 3; e++) {
            json_t *root = link_game_to_json(&g);
            cr_assert_not_null(root);
            json_object_set_new(root, fields[f], json_string(evil[e]));
            char s[CLB_MAX_ENCODED_STATE + 1];
            craft_state(root, s, sizeof s);
            json_decref(root);
            char *body = form(s, NULL);
            struct page pg;
            request(&pg, "POST", "/game", NULL, body, FORM);
            assert_no_injected_script(pg.body.p);
            done(&pg);
            free(body);
        }
    }
    /* lastMove words with markup: refused by the decoder or shown inert. */
    json_t *root = link_game_to_json(&g);
    json_t *lm = json_pack("{s:[[i,i]], s:[s], s:i}", "cells", 7, 7, "words",
                           "<script>alert(1)</script>", "points", 3);
    cr_assert_not_null(lm);
    json_object_set_new(root, "lastMove", lm);
    char s[CLB_MAX_ENCODED_STATE + 1];
    craft_state(root, s, sizeof s);
    json_decref(root);
    char *body = form(s, NULL);
    struct page pg;
    request(&pg, "POST", "/game", NULL, body, FORM);
    assert_no_injected_script(pg.body.p);
    done(&pg);
    free(body);
}

/* The first two letter tiles of a rack, as a word and its placements. */
static void two_tiles(const struct core_game *g, char word[3])
{
    int n = 0;
    for (int i = 0; i < g->hands[0].count && n < 2; i++)
        if (g->hands[0].tiles[i] != CORE_BLANK)
            word[n++] = g->hands[0].tiles[i];
    cr_assert_eq(n, 2);
    word[2] = '\0';
}

static char *play_body(const char *s, const char word[3])
{
    char move[200];
    snprintf(
        move, sizeof move,
        "{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,\"letter\":\"%c\"},"
        "{\"row\":7,\"col\":8,\"letter\":\"%c\"}]}",
        word[0], word[1]);
    return form(s, move);
}

/* Plays the two tiles two_tiles() finds in a fresh game's rack, as a move
 * on its classic link through POST /game/move, judged by `words` (NULL: a
 * list of just that word). Leaves the word, the link played on (s, cap
 * bytes) and the answer in pg; returns the request's body, which the
 * caller frees after done(). */
static char *move_two_tiles(const char *words, char word[3], char *s,
                            size_t cap, struct page *pg)
{
    struct core_game g;
    core_game_new(&g, "hello", 5, "");
    two_tiles(&g, word);
    char own[8];
    if (words == NULL) {
        snprintf(own, sizeof own, "%s\n", word);
        words = own;
    }
    teardown();
    use_words(words);
    encode(&g, s, cap);
    char *body = play_body(s, word);
    request(pg, "POST", "/game/move", NULL, body, FORM);
    return body;
}

Test(server_ui, a_valid_play_returns_the_next_position_with_the_copy_prompt)
{
    char word[3], s[CLB_MAX_ENCODED_STATE + 1];
    struct page pg;
    char *body = move_two_tiles(NULL, word, s, sizeof s, &pg);
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(h, "data-testid=\"copy-prompt\""));
    cr_assert_not_null(strstr(h, "data-testid=\"copy-link\""));
    cr_assert_not_null(strstr(h, "data-moved=1"));
    cr_assert_not_null(strstr(h, "data-testid=\"turn\">Player 2<"));
    cr_assert_not_null(strstr(h, "Player 1 played <strong>"));
    cr_assert_not_null(strstr(h, word));
    cr_assert_eq(count(h, "class=\"t lm\""), 1); /* I8; H8 is "dw st t lm" */
    cr_assert_not_null(strstr(h, "class=\"dw st t lm\">"));
    cr_assert_null(strstr(h, s), "the old state is gone");
    cr_assert_not_null(strstr(h, "value=\"/#"));
    /* The mover's device waits for the partner, with one share area and
     * no controls to play the partner's turn. */
    cr_assert_not_null(strstr(h, "data-view=\"wait\""));
    cr_assert_not_null(
        strstr(h, "Waiting for Player 2 \xe2\x80\x94 send them the link"));
    cr_assert_eq(count(h, "data-testid=\"copy-link-button\""), 1);
    cr_assert_null(strstr(h, "data-testid=\"end-turn\""));
    cr_assert_null(strstr(h, "data-testid=\"rack-tile\""));
    cr_assert_not_null(strstr(h, "data-testid=\"my-rack\""));
    cr_assert_not_null(
        strstr(h, "data-testid=\"switch-player\" data-player=2"));
    /* Without the page's origin there is no absolute link to encode. */
    cr_assert_null(strstr(h, "<svg class=\"qr\""));
    done(&pg);
    free(body);
}

Test(server_ui, a_refused_play_keeps_its_tiles_and_highlights_the_word)
{
    char word[3], s[CLB_MAX_ENCODED_STATE + 1];
    struct page pg;
    /* The play's word is not in the list. */
    char *body = move_two_tiles("QQQ\n", word, s, sizeof s, &pg);
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 422);
    char want[80];
    snprintf(want, sizeof want, "Not in the dictionary: <strong>%s</strong>",
             word);
    cr_assert_not_null(strstr(h, want), "%s", h);
    cr_assert_not_null(strstr(h, "data-error=\"invalid_word\""));
    cr_assert_eq(count(h, " pd"), 2);
    cr_assert_eq(count(h, " data-from="), 2);
    cr_assert_eq(count(h, " bw"), 2);
    cr_assert_not_null(strstr(h, "data-from="));
    cr_assert_eq(count(h, " used\""), 2,
                 "the two rack slots are shown as used");
    cr_assert_not_null(strstr(h, "data-testid=\"end-turn\" "
                                 "aria-describedby=\"preview\">End Turn"));
    char same[CLB_MAX_ENCODED_STATE + 64];
    snprintf(same, sizeof same, "data-state=\"%s\"", s);
    cr_assert_not_null(strstr(h, same), "the same position");
    done(&pg);
    free(body);
}

Test(server_ui, a_malformed_move_keeps_the_position_and_escapes_the_message)
{
    struct core_game g;
    core_game_new(&g, "hello", 5, "");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    const char *moves[] = {
        "{\"type\":\"<script>alert(1)</script>\"}",
        "{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,\"letter\":\"<b>X</"
        "b>\"}]}",
        "<script>",
        "{\"type\":\"exchange\",\"tiles\":[\"<script>\"]}",
    };
    for (size_t i = 0; i < sizeof moves / sizeof *moves; i++) {
        char *body = form(s, moves[i]);
        struct page pg;
        request(&pg, "POST", "/game/move", NULL, body, FORM);
        cr_assert_geq(pg.resp.status, 400, "%s", moves[i]);
        cr_assert_lt(pg.resp.status, 500);
        cr_assert_not_null(strstr(pg.body.p, "data-view=\"board\""));
        cr_assert_not_null(strstr(pg.body.p, "class=\"msg err\""));
        assert_no_injected_script(pg.body.p);
        done(&pg);
        free(body);
    }
}

Test(server_ui, pass_pass_shows_the_game_over_page)
{
    struct core_game g;
    core_game_new(&g, "over", 4, "");
    g.score = 500; /* so the racks' value can come off it */
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    char *body = form(s, "{\"type\":\"pass\"}");
    struct page pg;
    request(&pg, "POST", "/game/move", NULL, body, FORM);
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(pg.body.p, "Player 1 passed."));
    cr_assert_not_null(strstr(pg.body.p, "You passed."));

    /* The next state, from the page, passed again. */
    const char *a = strstr(pg.body.p, "data-state=\"");
    cr_assert_not_null(a);
    a += strlen("data-state=\"");
    const char *z = strchr(a, '"');
    char s2[CLB_MAX_ENCODED_STATE + 1];
    memcpy(s2, a, (size_t)(z - a));
    s2[z - a] = '\0';
    done(&pg);
    free(body);
    body = form(s2, "{\"type\":\"pass\"}");
    request(&pg, "POST", "/game/move", NULL, body, FORM);
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(h, "data-view=\"over\""));
    cr_assert_not_null(strstr(h, "data-testid=\"game-over\""));
    cr_assert_not_null(strstr(h, "Both players passed in a row"));
    cr_assert_not_null(strstr(h, "were taken off the score"));
    cr_assert_not_null(strstr(h, "data-testid=\"final-score\">4"));
    cr_assert_not_null(strstr(h, "data-testid=\"turn\">Game over<"));
    cr_assert_not_null(strstr(h, "data-testid=\"new-game\""));
    cr_assert_not_null(strstr(h, "data-testid=\"final-rack-1\""));
    cr_assert_null(strstr(h, "data-testid=\"end-turn\""));
    cr_assert_null(strstr(h, "data-testid=\"rack-tile\""));
    done(&pg);
    free(body);
}

Test(server_ui, a_player_going_out_is_told)
{
    struct core_game g;
    core_game_new(&g, "out", 3, "");
    g.game_over = true;
    g.end = CORE_END_OUT;
    g.hands[CORE_P2].count = 0;
    struct render_view v = {.game = &g, .state = "S", .lexicon = "test"};
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, PAGE_MAX);
    render_game(&b, &v);
    cr_assert_not(b.overflow);
    cr_assert_not_null(strstr(b.p, "Player 2 went out"));
    cr_assert_not_null(strstr(b.p, "data-testid=\"final-rack-2\""));
    cr_assert_not_null(strstr(b.p, "No tiles"));
    out_free(&b);
}

Test(server_ui, exchange_is_disabled_when_the_bag_is_low)
{
    struct core_game g;
    core_game_new(&g, "low", 3, "");
    memset(g.bag, 0, sizeof g.bag);
    g.bag[0] = 3;
    struct render_view v = {.game = &g, .state = "S", .lexicon = "test"};
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, PAGE_MAX);
    render_game(&b, &v);
    cr_assert_not_null(strstr(b.p, "data-testid=\"exchange\" disabled"));
    cr_assert_not_null(strstr(b.p, "data-testid=\"bag\">3<"));
    out_free(&b);
}

Test(server_ui, blank_on_board_is_marked)
{
    struct core_game g;
    core_game_new(&g, "blank", 5, "");
    g.board[7][7] = 'q';
    g.has_last_move = true;
    g.last_move.type = CORE_MOVE_PLAY;
    g.last_move.ncells = 1;
    g.last_move.cells[0] = (struct clb_cell){7, 7};
    g.last_move.nwords = 1;
    strcpy(g.last_move.words[0], "Q");
    struct render_view v = {.game = &g, .state = "S", .lexicon = "test"};
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, PAGE_MAX);
    render_game(&b, &v);
    cr_assert_not_null(
        strstr(b.p, "<button class=\"dw st t bl lm\">Q<sub>0</sub></button>"));
    out_free(&b);
}

Test(server_ui, pending_tiles_come_only_from_the_rack)
{
    struct core_game g;
    core_game_new(&g, "pend", 4, "");
    struct core_rack *r = &g.hands[g.turn];
    r->count = 3;
    r->tiles[0] = 'A';
    r->tiles[1] = CORE_BLANK;
    r->tiles[2] = 'A';
    g.board[0][0] = 'Z';
    struct core_move m = {.type = CORE_MOVE_PLAY, .ntiles = 6};
    m.tiles[0] = (struct core_placement){7, 7, 'A', false};
    m.tiles[1] = (struct core_placement){7, 8, 'A', false};
    m.tiles[2] =
        (struct core_placement){7, 9, 'A', false}; /* a third A: none left */
    m.tiles[3] = (struct core_placement){7, 10, 'Q', true};
    m.tiles[4] = (struct core_placement){0, 0, 'B', true};   /* occupied */
    m.tiles[5] = (struct core_placement){15, 3, 'A', false}; /* off the board */
    struct render_view v = {.game = &g, .state = "S"};
    render_pending_from_move(&v, &m);
    cr_assert_eq(v.npending, 3);
    cr_assert_eq(v.pending[0].rack_index, 0);
    cr_assert_eq(v.pending[1].rack_index, 2);
    cr_assert_eq(v.pending[2].rack_index, 1);
    cr_assert(v.pending[2].blank);
}

Test(server_ui, wrong_methods_get_405)
{
    struct page pg;
    request(&pg, "DELETE", "/", NULL, NULL, NULL);
    cr_assert_eq(pg.resp.status, 405);
    done(&pg);
    request(&pg, "GET", "/game/move", NULL, NULL, NULL);
    cr_assert_eq(pg.resp.status, 405);
    done(&pg);
    request(&pg, "POST", "/new", NULL, "seed=x", FORM);
    cr_assert_eq(pg.resp.status, 405);
    done(&pg);
}

/* ---- the v2 link's history on the page --------------------------------- */

/* The v2 link of a new game dealt from `seed` on the test context. */
static void new_link(const char *seed, char *s, size_t cap)
{
    static struct position pos;
    struct clb_error err;
    size_t n;
    position_new(&ctx, 0, core_seed_from_text(seed, strlen(seed)), &pos);
    cr_assert_eq(position_write(&pos, LINK_V2, s, cap, &n, &err), CLB_ERR_OK);
}

Test(server_ui, a_move_on_a_classic_link_answers_a_v2_link_with_the_move_list)
{
    char word[3], s[CLB_MAX_ENCODED_STATE + 1];
    struct page pg;
    char *body = move_two_tiles(NULL, word, s, sizeof s, &pg);
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(h, "data-state=\"2"), "the page's format is v2");
    cr_assert_not_null(strstr(h, " data-move=1 data-tiles=2 data-start=\"p"));
    cr_assert_not_null(strstr(h, "data-testid=\"move-list\""));
    cr_assert_not_null(strstr(h, "From a classic link"));
    char row[64];
    snprintf(row, sizeof row, "<tr><th scope=row>1<td>P1<td><b>%s</b>", word);
    cr_assert_not_null(strstr(h, row), "%s", row);
    cr_assert_not_null(strstr(h, "data-testid=\"copy-classic\""));
    cr_assert_not_null(strstr(h, "href=\"/game.gcg?s=2"));
    done(&pg);
    free(body);
}

Test(server_ui, a_new_games_page_has_an_empty_move_list_and_its_start)
{
    struct page pg;
    request(&pg, "GET", "/new", "seed=hello", NULL, NULL);
    const char *h = pg.body.p;
    char want[64];
    snprintf(want, sizeof want, "data-move=0 data-tiles=0 data-start=\"s%lu\"",
             (unsigned long)core_seed_from_text("hello", 5));
    cr_assert_not_null(strstr(h, want), "%s", want);
    cr_assert_not_null(strstr(h, "No moves yet"));
    done(&pg);
}

Test(server_ui, the_gcg_download_is_plain_text_and_checks_its_link)
{
    char s[CLB_MAX_ENCODED_STATE + 1];
    new_link("gcg", s, sizeof s);
    char query[CLB_MAX_ENCODED_STATE + 8];
    snprintf(query, sizeof query, "s=%s", s);
    struct page pg;
    request(&pg, "GET", "/game.gcg", query, NULL, NULL);
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_str_eq(pg.resp.content_type, "text/plain; charset=utf-8");
    cr_assert(strncmp(pg.body.p, "#character-encoding UTF-8\n", 26) == 0);
    cr_assert_not_null(strstr(pg.body.p, "#lexicon test\n"));
    done(&pg);
    /* One character changed: the error page, never another game. */
    query[6] = query[6] == 'A' ? 'B' : 'A';
    request(&pg, "GET", "/game.gcg", query, NULL, NULL);
    cr_assert_eq(pg.resp.status, 400);
    cr_assert_not_null(strstr(pg.body.p, "damaged"));
    done(&pg);
    request(&pg, "POST", "/game.gcg", NULL, query, FORM);
    cr_assert_eq(pg.resp.status, 405);
    done(&pg);
}

Test(server_ui, a_v2_link_naming_another_word_list_is_refused_by_name)
{
    char s[CLB_MAX_ENCODED_STATE + 1];
    new_link("other list", s, sizeof s);
    teardown();
    use_words("ZZ\n"); /* a different list: another fingerprint */
    char *body = form(s, NULL);
    struct page pg;
    request(&pg, "POST", "/game", NULL, body, FORM);
    cr_assert_eq(pg.resp.status, 400);
    cr_assert_not_null(
        strstr(pg.body.p, "dictionary this server does not have"));
    cr_assert_not_null(strstr(pg.body.p, "lexicon: &quot;test&quot;"),
                       "the list is named");
    done(&pg);
    free(body);
}

/* ---- the review ---------------------------------------------------------- */

/* The data-state of a page into out. */
static void state_of(const char *html, char out[CLB_MAX_ENCODED_STATE + 1])
{
    const char *a = strstr(html, "data-state=\"");
    cr_assert_not_null(a);
    a += strlen("data-state=\"");
    const char *z = strchr(a, '"');
    cr_assert_not_null(z);
    cr_assert_lt((size_t)(z - a), (size_t)CLB_MAX_ENCODED_STATE);
    memcpy(out, a, (size_t)(z - a));
    out[z - a] = '\0';
}

/* Posts `move` on the position s from the page; the next state into next. */
static void page_move(const char *s, const char *move,
                      char next[CLB_MAX_ENCODED_STATE + 1])
{
    char *body = form(s, move);
    struct page pg;
    request(&pg, "POST", "/game/move", NULL, body, FORM);
    cr_assert_eq(pg.resp.status, 200, "%.300s", pg.body.p);
    state_of(pg.body.p, next);
    done(&pg);
    free(body);
}

static const char PLAY_AT[] =
    "{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,\"letter\":\"A\"},"
    "{\"row\":7,\"col\":8,\"letter\":\"T\"}]}";
static const char PASS[] = "{\"type\":\"pass\"}";

/* A short game with words whose points are worked out by hand: P1 holds C
 * A T S Q X Z and plays AT on the star (A1 + T1, doubled: 4), though CATS
 * was there: across from E8 to H8, C3 A1 T1 S1 doubled by the star, 12 (a
 * start further left misses the star; across comes before down). P2 holds
 * only vowels: no word of the list, and passes. */
static void review_game(char s2[CLB_MAX_ENCODED_STATE + 1])
{
    teardown();
    use_words("AT\nCAT\nCATS\n");
    struct core_game g;
    ts_game(&g, "CATSQXZ", "EEIIOOU");
    char s0[CLB_MAX_ENCODED_STATE + 1], s1[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s0, sizeof s0);
    page_move(s0, PLAY_AT, s1);
    page_move(s1, PASS, s2);
}

/* "WORD at SQ for N" of the best play the player to move in s has now. */
static void current_best(const char *s, char *out, size_t cap)
{
    static struct position pos;
    struct clb_error err;
    cr_assert_eq(position_open(&ctx, s, strlen(s), &pos, &err), CLB_ERR_OK);
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])pos.game.board,
                      dict_lexicon(pos.dict).graph);
    struct core_play best;
    cr_assert(core_movegen_best(&mg, &pos.game.hands[pos.game.turn], &best));
    char word[CLB_WORD_MAX + 1], at[4];
    core_play_word(&best, (const char(*)[CLB_BOARD_SIZE])pos.game.board, word);
    core_play_coord(&best, at);
    snprintf(out, cap, "%s at %s for %d", word, at, best.points);
}

Test(server_ui, the_board_page_leaves_the_review_to_its_own_request)
{
    char s2[CLB_MAX_ENCODED_STATE + 1];
    review_game(s2);
    char *body = form(s2, NULL);
    struct page pg;
    request(&pg, "POST", "/game", NULL, body, FORM);
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    /* The column is there, its cells empty (the script fills them), its
     * heading plain text; the page the script fetches has no link to the
     * page with the cells filled in (the script hides it anyway). */
    cr_assert_not_null(
        strstr(h, "<th scope=col>Best available</th></tr></thead>"));
    char link[CLB_MAX_ENCODED_STATE + 80];
    snprintf(link, sizeof link,
             "<p class=\"nojs\"><a href=\"/game/review?s=%s\" "
             "data-testid=\"review-link\">",
             s2);
    cr_assert_null(strstr(h, "review-link"));
    cr_assert_not_null(strstr(h, "<td>4<td>4<td><tr><th scope=row>2"));
    cr_assert_not_null(strstr(h, "<td>0<td>4<td></tbody>"));
    cr_assert_null(strstr(h, " for 12"), "no review in the board page");
    cr_assert_null(strstr(h, "data-testid=\"review-total\""));
    done(&pg);
    /* A page a browser navigates to, which may be read without script,
     * links to it under the list. */
    char query[CLB_MAX_ENCODED_STATE + 8];
    snprintf(query, sizeof query, "s=%s", s2);
    request(&pg, "GET", "/game", query, NULL, NULL);
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(pg.body.p, link), "%s", link);
    cr_assert_null(strstr(pg.body.p, " for 12"), "no review in the board page");
    done(&pg);
    free(body);
}

Test(server_ui, the_review_cells_and_the_page_with_them)
{
    char s2[CLB_MAX_ENCODED_STATE + 1], now[64];
    review_game(s2);
    current_best(s2, now, sizeof now);
    char *body = form(s2, NULL);
    struct page pg;
    request(&pg, "POST", "/game/review", NULL, body, FORM);
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_str_eq(pg.resp.content_type, "text/html; charset=utf-8");
    cr_assert_str_eq(pg.resp.cache_control, "no-store");
    cr_assert_str_eq(pg.body.p, "<table><tr><td>CATS at 8E for 12<tr><td>No "
                                "play possible</table>\n");
    done(&pg);

    char query[CLB_MAX_ENCODED_STATE + 8];
    snprintf(query, sizeof query, "s=%s", s2);
    request(&pg, "GET", "/game/review", query, NULL, NULL);
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(h, "data-view=\"board\""));
    cr_assert_not_null(strstr(h, "<th scope=col>Best available</th>"));
    cr_assert_not_null(strstr(h, "<td>4<td>4<td>CATS at 8E for 12<tr>"));
    cr_assert_not_null(strstr(h, "<td>0<td>4<td>No play possible</tbody>"));
    /* P1, to move, has a best play of its own: nowhere to be seen. */
    cr_assert_null(strstr(h, now), "%s", now);
    done(&pg);
    request(&pg, "POST", "/game/review", NULL, body, FORM);
    cr_assert_null(strstr(pg.body.p, now), "%s", now);
    done(&pg);
    free(body);
}

Test(server_ui,
     the_game_over_page_leaves_the_review_and_its_total_to_the_script)
{
    char s2[CLB_MAX_ENCODED_STATE + 1], s3[CLB_MAX_ENCODED_STATE + 1];
    char third[64];
    review_game(s2);
    /* P1's best before its pass, which ends the game: it becomes move 3's
     * review. */
    current_best(s2, third, sizeof third);
    const char *pts = strrchr(third, ' ') + 1;
    int possible = 12 + atoi(pts);
    char *body = form(s2, PASS);
    struct page pg;
    request(&pg, "POST", "/game/move", NULL, body, FORM);
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(h, "data-view=\"over\""));
    /* Not reviewed by the page itself: a page opened is not a review
     * asked for. The total has its place for the script (a page a browser
     * navigates to also links to the review's page: see above). The game's
     * story, the team's line, with the link to the review page's, which
     * has the best plays' line too. */
    cr_assert_null(strstr(h, "CATS at 8E for 12"));
    cr_assert_null(strstr(h, "data-testid=\"review-link\""));
    cr_assert_not_null(strstr(h, "id=\"story\""));
    cr_assert_not_null(strstr(h, "comes with the review"));
    cr_assert_not_null(strstr(h, "\" data-testid=\"story-link\">"));
    cr_assert_not_null(strstr(h, "<p id=\"review-total\" hidden></p>"));
    state_of(h, s3);
    done(&pg);
    free(body);

    /* The script's request: the cells, then the total in that place. */
    body = form(s3, NULL);
    request(&pg, "POST", "/game/review", NULL, body, FORM);
    h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    char cell[160], total[480];
    snprintf(cell, sizeof cell,
             "<tr><td>CATS at 8E for 12<tr><td>No play "
             "possible<tr><td>%s</table>",
             third);
    cr_assert_not_null(strstr(h, cell), "%s in %s", cell, h);
    /* The grade: 4 of a possible 16 or more is under 40%: "Learning";
     * the result to share names the share, the grade and the 3 turns, and
     * nothing of the board (this is no daily deal: its seed is a text's). */
    int pct = 400 / possible;
    snprintf(total, sizeof total,
             " of the best plays \xc2\xb7 Learning \xc2\xb7 3 turns\" "
             "data-grade=\"Learning\" data-pct=%d>Review: "
             "you scored <strong>4</strong> of a possible <strong>%d</strong>, "
             "the best available play of every turn added up. Grade: <strong "
             "data-testid=\"grade\">Learning</strong>, %d%% of the best "
             "plays.</p>",
             pct, possible, pct);
    cr_assert_not_null(strstr(h, total), "%s in %s", total, h);
    cr_assert_not_null(strstr(h, "<p id=\"review-total\" "
                                 "data-testid=\"review-total\" "
                                 "data-result=\"Collabble \xc2\xb7 "));
    cr_assert_null(strstr(h, "CATS\""));
    done(&pg);

    /* Without script: the review's page, with the total. */
    char *q = malloc(strlen(body) + 1);
    cr_assert_not_null(q);
    strcpy(q, body);
    request(&pg, "GET", "/game/review", q, NULL, NULL);
    h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(h, "<td>CATS at 8E for 12<tr>"));
    snprintf(total, sizeof total,
             "<p data-testid=\"review-total\">Review: you scored "
             "<strong>4</strong> of a possible <strong>%d</strong>, the best "
             "available play of every turn added up. Grade: <strong "
             "data-testid=\"grade\">Learning</strong>, %d%% of the best "
             "plays.</p>",
             possible, pct);
    cr_assert_not_null(strstr(h, total), "%s", total);
    cr_assert_null(strstr(h, "href=\"/game/review"), "nothing left to fetch");
    done(&pg);
    free(q);
    free(body);
}

/* All 100 tiles out of the bag: the racks given, the rest filling the
 * board's top six rows in the order of the set (a blank as an E), which
 * spells no word of a short list; P1 to move, score 300. */
static void end_of_bag(struct core_game *g, const char *p1, const char *p2)
{
    ts_game(g, p1, p2);
    int n = 0;
    for (int k = 0; k < (core_tileset_english.n + 1); k++)
        for (; g->bag[k] > 0; g->bag[k]--, n++)
            g->board[n / CLB_BOARD_SIZE][n % CLB_BOARD_SIZE] =
                k == core_tileset_english.n ? 'e' : (char)('A' + k);
    cr_assert_eq(n, 90);
    g->score = 300;
}

Test(server_ui, a_blocked_game_says_so_in_words)
{
    teardown();
    use_words("AT\nCAT\nCATS\n");
    struct core_game g;
    end_of_bag(&g, "QZJKV", "XWYFH");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    char *body = form(s, PASS);
    struct page pg;
    request(&pg, "POST", "/game/move", NULL, body, FORM);
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(h, "data-view=\"over\""));
    /* Q10 Z10 J8 K5 V4 + X8 W4 Y4 F4 H4 = 61 off 300. */
    cr_assert_not_null(
        strstr(h, "The bag was empty and neither player could play, so the "
                  "game ended by itself. The tiles left on the racks, worth "
                  "61 points, were taken off the score (300 before)."));
    cr_assert_not_null(strstr(h, "data-testid=\"final-score\">239<"));
    cr_assert_not_null(
        strstr(h, "<tfoot><tr><th scope=row colspan=3>Neither player could "
                  "play: tiles left on the racks</th><td>\xe2\x88\x92"
                  "61</td><td>239</td>"));
    /* The review is the script's request (or the review's page). */
    char s2[CLB_MAX_ENCODED_STATE + 1];
    state_of(h, s2);
    done(&pg);
    free(body);
    body = form(s2, NULL);
    request(&pg, "GET", "/game/review", body, NULL, NULL);
    h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(h, "<td>No play possible</tbody>"));
    /* No rack could ever play: no "0 of a possible 0". */
    cr_assert_null(strstr(h, "data-testid=\"review-total\""));
    done(&pg);
    free(body);
}

Test(server_ui, the_review_routes_refuse_what_they_cannot_read)
{
    char s[CLB_MAX_ENCODED_STATE + 1];
    new_link("review errors", s, sizeof s);
    char *body = form(s, NULL);
    struct page pg;
    request(&pg, "POST", "/game/review", NULL, "", FORM);
    cr_assert_eq(pg.resp.status, 400);
    cr_assert_not_null(strstr(pg.body.p, "data-testid=\"error-page\""));
    done(&pg);
    request(&pg, "POST", "/game/review", NULL, body, "application/json");
    cr_assert_eq(pg.resp.status, 400);
    cr_assert_not_null(strstr(pg.body.p, "send a form"));
    done(&pg);
    char damaged[CLB_MAX_ENCODED_STATE + 8];
    snprintf(damaged, sizeof damaged, "s=%s", s);
    damaged[6] = damaged[6] == 'A' ? 'B' : 'A';
    request(&pg, "POST", "/game/review", NULL, damaged, FORM);
    cr_assert_eq(pg.resp.status, 400);
    cr_assert_not_null(strstr(pg.body.p, "damaged"));
    done(&pg);
    request(&pg, "GET", "/game/review", damaged, NULL, NULL);
    cr_assert_eq(pg.resp.status, 400);
    done(&pg);
    request(&pg, "GET", "/game/review", "", NULL, NULL);
    cr_assert_eq(pg.resp.status, 303);
    cr_assert_str_eq(pg.resp.location, "/");
    done(&pg);
    request(&pg, "PUT", "/game/review", NULL, body, FORM);
    cr_assert_eq(pg.resp.status, 405);
    done(&pg);
    /* A new game has nothing to review: no rows. */
    request(&pg, "POST", "/game/review", NULL, body, FORM);
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_str_eq(pg.body.p, "<table></table>\n");
    done(&pg);
    free(body);
}

/* A position opened by a device that says who it is (me) and where the
 * page lives (origin). */
static void open_as(struct page *pg, const char *s, const char *extra)
{
    char *es = urlenc(s);
    char *body = malloc(strlen(es) + strlen(extra) + 8);
    cr_assert_not_null(body);
    sprintf(body, "s=%s%s", es, extra);
    request(pg, "POST", "/game", NULL, body, FORM);
    free(es);
    free(body);
}

Test(server_ui, the_partner_of_the_player_to_move_waits_read_only_with_the_link)
{
    struct core_game g;
    core_game_new(&g, "hello", 5, "");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    struct page pg;
    open_as(&pg, s, "&me=2&origin=http%3A%2F%2F127.0.0.1%3A8080");
    const char *h = pg.body.p;
    cr_assert_eq(pg.resp.status, 200);
    cr_assert_not_null(strstr(h, "data-view=\"wait\""));
    cr_assert_not_null(strstr(h, "<title>Collabble \xc2\xb7 waiting for "
                                 "Player 1, 0</title>"));
    cr_assert_not_null(
        strstr(h, "Waiting for Player 1 \xe2\x80\x94 send them the link"));
    char want[CLB_MAX_ENCODED_STATE + 80];
    snprintf(want, sizeof want, "value=\"http://127.0.0.1:8080/#%s\"", s);
    cr_assert_not_null(strstr(h, want), "the absolute link");
    cr_assert_eq(count(h, "<svg class=\"qr\""), 1, "its QR code");
    cr_assert_null(strstr(h, "data-testid=\"end-turn\""));
    cr_assert_null(strstr(h, "data-testid=\"rack\""));
    /* Player 2's own rack is "yours"; Player 1's is the partner's, the one
     * blind mode hides. */
    cr_assert_not_null(strstr(h, "Your rack <span class=\"who\">(Player 2)"));
    cr_assert_not_null(
        strstr(h, "Partner&#39;s rack <span class=\"who\">(Player 1)"));
    const char *mine = strstr(h, "data-testid=\"my-rack\"");
    const char *partner = strstr(h, "data-testid=\"partner-rack\"");
    cr_assert(mine != NULL && partner != NULL);
    done(&pg);

    /* The player to move plays; nothing said is the same. */
    open_as(&pg, s, "&me=1");
    cr_assert_not_null(strstr(pg.body.p, "data-view=\"board\""));
    cr_assert_not_null(strstr(pg.body.p, "data-testid=\"end-turn\""));
    done(&pg);
    open_as(&pg, s, "&me=3&origin=x");
    cr_assert_not_null(strstr(pg.body.p, "data-view=\"board\""));
    done(&pg);
}

Test(server_ui, an_origin_that_is_not_a_plain_origin_is_ignored)
{
    struct core_game g;
    core_game_new(&g, "hello", 5, "");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    const char *bad[] = {
        "&me=2&origin=javascript%3Aalert(1)",
        "&me=2&origin=http%3A%2F%2Fa%2Fpath",
        "&me=2&origin=http%3A%2F%2Fa%22%3E%3Cscript%3E",
        "&me=2&origin=http%3A%2F%2F",
        "&me=2&origin=ftp%3A%2F%2Fhost",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct page pg;
        open_as(&pg, s, bad[i]);
        const char *h = pg.body.p;
        cr_assert_not_null(strstr(h, "data-view=\"wait\""));
        cr_assert_not_null(strstr(h, "value=\"/#"), "%s", bad[i]);
        cr_assert_null(strstr(h, "<svg class=\"qr\""), "%s", bad[i]);
        assert_no_injected_script(h);
        done(&pg);
    }
}

/* The share area's origin is at most CLB_MAX_ORIGIN bytes (the scheme
 * the page sent and this request's Host): one that long makes the absolute
 * link and its QR code, one byte more is not used at all. */
Test(server_ui, an_origin_up_to_its_bound_is_used_and_a_longer_one_is_not)
{
    struct core_game g;
    core_game_new(&g, "hello", 5, "");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    static char host[CLB_MAX_ORIGIN + 2];
    for (size_t extra = 0; extra <= 1; extra++) {
        size_t hlen = CLB_MAX_ORIGIN - strlen("http://") + extra;
        memset(host, 'h', hlen);
        host[hlen] = '\0';
        request_host = host;
        struct page pg;
        open_as(&pg, s, "&me=2&origin=http%3A%2F%2Fx");
        const char *h = pg.body.p;
        cr_assert_not_null(strstr(h, "data-view=\"wait\""));
        char want[CLB_MAX_ORIGIN + 32];
        snprintf(want, sizeof want, "value=\"http://%s/#", host);
        if (extra == 0) {
            cr_assert_not_null(strstr(h, want), "the absolute link");
            cr_assert_eq(count(h, "<svg class=\"qr\""), 1, "its QR code");
        } else {
            cr_assert_not_null(strstr(h, "value=\"/#"), "a relative link");
            cr_assert_null(strstr(h, "<svg class=\"qr\""));
        }
        done(&pg);
    }
}

/* The no-script paste box reads CLB_MAX_PASTE_EXTRA bytes around the
 * longest S: a text that long still opens its link; one byte more is
 * refused as too long. */
Test(server_ui, a_pasted_text_up_to_its_bound_opens_and_a_longer_one_is_refused)
{
    struct core_game g;
    core_game_new(&g, "paste", 5, "");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    size_t cap = CLB_MAX_ENCODED_STATE + CLB_MAX_PASTE_EXTRA;
    char *text = malloc(cap + 2);
    char *query = malloc(3 * (cap + 2) + 8);
    cr_assert(text != NULL && query != NULL);
    for (size_t extra = 0; extra <= 1; extra++) {
        int n = snprintf(text, cap + 2, "http://h/#%s ", s);
        memset(text + n, 'w', cap + extra - (size_t)n);
        text[cap + extra] = '\0';
        char *q = urlenc(text);
        snprintf(query, 3 * (cap + 2) + 8, "link=%s", q);
        free(q);
        struct page pg;
        request(&pg, "GET", "/game", query, NULL, NULL);
        if (extra == 0) {
            cr_assert_eq(pg.resp.status, 200, "%.300s", pg.body.p);
            cr_assert_not_null(strstr(pg.body.p, "data-view=\"board\""));
        } else {
            cr_assert_eq(pg.resp.status, 413);
            cr_assert_not_null(
                strstr(pg.body.p, "the pasted link is too long"));
        }
        done(&pg);
    }
    free(text);
    free(query);
}

Test(server_ui, the_pass_that_would_end_the_game_says_so_and_what_it_costs)
{
    /* P2 passed; P1's pass now would end the game. Racks: the new game's
     * tiles; the cost is what core_end_adjustment says, the score 40
     * less it. */
    struct core_game g;
    core_game_new(&g, "hello", 5, "");
    g.score = 40;
    g.consecutive_passes = 1;
    g.has_last_move = true;
    g.last_move.type = CORE_MOVE_PASS;
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    struct page pg;
    open_as(&pg, s, "");
    const char *h = pg.body.p;
    int cost = core_end_adjustment(&g);
    cr_assert_gt(cost, 0);
    char want[200];
    snprintf(want, sizeof want,
             "<strong>Passing now ends the game</strong>: Player 2 passed "
             "last turn, and two passes in a row end it. The tiles left on "
             "both racks take %d points off the score (40, then %d).",
             cost, 40 - cost);
    cr_assert_not_null(strstr(h, want), "%s", want);
    cr_assert_not_null(strstr(h, ">Pass and end the game</button>"));
    cr_assert_not_null(strstr(
        h, "Player 2 passed. <strong>One more pass ends the game.</strong>"));
    done(&pg);
}

Test(server_ui, the_bag_lists_every_tile_left_by_letter)
{
    /* A new game's bag: the 100 tiles less both racks, each kind once. */
    struct core_game g;
    core_game_new(&g, "hello", 5, "");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    struct page pg;
    open_as(&pg, s, "");
    const char *h = pg.body.p;
    for (int k = 0; k < (core_tileset_english.n + 1); k++) {
        char want[32];
        if (k == core_tileset_english.n)
            snprintf(want, sizeof want, "<li>Blank\xc3\x97%d</li>", g.bag[k]);
        else
            snprintf(want, sizeof want, "<li>%c\xc3\x97%d</li>", 'A' + k,
                     g.bag[k]);
        if (g.bag[k] > 0)
            cr_assert_not_null(strstr(h, want), "%s", want);
        else
            cr_assert_null(strstr(h, want + 4), "%s", want);
    }
    done(&pg);
}

/* The page without script: markup pasted into the link box or typed into
 * the move form only ever comes back escaped, and the form's GET (the page
 * a refused post is redirected to) never makes the move. */
Test(server_ui, nojs_pasted_and_typed_markup_is_escaped)
{
    struct page pasted;
    request(&pasted, "GET", "/game",
            "link=http%3A%2F%2Fh%2F%23%3Cscript%3Ealert(1)%3C%2Fscript%3E"
            "%3Cimg%20src%3Dx%3E",
            NULL, NULL);
    cr_assert_eq(pasted.resp.status, 400);
    assert_no_injected_script(pasted.body.p);
    done(&pasted);

    struct core_game g;
    core_game_new(&g, "nojs", 4, "");
    char s[CLB_MAX_ENCODED_STATE + 1];
    encode(&g, s, sizeof s);
    char *es = urlenc(s);
    char q[CLB_MAX_ENCODED_STATE * 3 + 256];
    snprintf(q, sizeof q,
             "s=%s&act=play&at=%%22%%3E%%3Cb%%3EX&dir=down"
             "&word=%%3Cimg%%20src%%3Dx%%3E",
             es);
    struct page typed;
    request(&typed, "GET", "/game/turn", q, NULL, NULL);
    cr_assert_eq(typed.resp.status, 400);
    assert_no_injected_script(typed.body.p);
    cr_assert_not_null(strstr(typed.body.p, "value=\"&quot;&gt;&lt;b&gt;X\""));
    cr_assert_not_null(
        strstr(typed.body.p, "<option value=\"down\" selected>"));
    done(&typed);

    /* A GET of a move that is fine shows it, 200, and makes nothing: the
     * page is still the position S, its forms filled in. */
    snprintf(q, sizeof q, "s=%s&act=pass", es);
    struct page judged;
    request(&judged, "GET", "/game/turn", q, NULL, NULL);
    cr_assert_eq(judged.resp.status, 200);
    cr_assert_eq(judged.resp.location[0], '\0');
    char want[CLB_MAX_ENCODED_STATE + 32];
    snprintf(want, sizeof want, "data-state=\"%s\"", s);
    cr_assert_not_null(strstr(judged.body.p, want));
    done(&judged);
    free(es);
}
