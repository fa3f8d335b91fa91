/* tests/server/test_render_board.c - the board's squares: every tile is written
 * by one writer (render_tile_square), every empty square by the other, and
 * a square that no checked position can hold (a byte that is not a letter,
 * a pending tile's slot out of range) is never written raw.
 */
/* SPDX-License-Identifier: MIT */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/game.h"
#include "html.h"
#include "i18n.h"
#include "render.h"
#include "test_support.h"

#define PAGE_MAX (1024 * 1024)

/* The page in the catalogue of code, as a device that chose it sees it;
 * NULL: the game's own language. */
static char *page_in(const char *code, const struct render_view *v)
{
    char mem[256];
    struct out_buf b;
    out_init(&b, mem, sizeof mem, PAGE_MAX);
    if (code != NULL) {
        b.lang = i18n_by_code(code, strlen(code));
        b.lang_chosen = true;
        cr_assert_not_null(b.lang, "no catalogue %s", code);
    }
    render_game(&b, v);
    cr_assert_not(b.overflow);
    char *copy = strdup(b.p);
    cr_assert_not_null(copy);
    out_free(&b);
    return copy;
}

static char *page_of(const struct render_view *v)
{
    return page_in(NULL, v);
}

/* A tile on each kind of square, with each mark: the one writer's bytes.
 * (0,0) is triple word, (0,3) double letter, (1,1) double word, (7,7) the
 * star, (0,1) plain. Values: Q 10, E 1, a blank 0. */
Test(server_render_board, tiles_on_every_kind_of_square)
{
    struct core_game g;
    core_game_new(&g, "squares", 7, "");
    g.board[0][0] = 'Q';
    g.board[0][1] = 'E';
    g.board[0][3] = 'e';
    g.board[1][1] = 'Z';
    g.board[7][7] = 'A';
    g.has_last_move = true;
    g.last_move.type = CORE_MOVE_PLAY;
    g.last_move.ncells = 1;
    g.last_move.cells[0] = (struct clb_cell){0, 1};
    struct render_view v = {.game = &g, .state = "S", .lexicon = "test"};
    char *h = page_of(&v);
    cr_assert_not_null(
        strstr(h, "<button class=\"tw t\">Q<sub>10</sub></button>"));
    cr_assert_not_null(
        strstr(h, "<button class=\"t lm\">E<sub>1</sub></button>"));
    cr_assert_not_null(
        strstr(h, "<button class=\"dl t bl\">E<sub>0</sub></button>"));
    cr_assert_not_null(
        strstr(h, "<button class=\"dw st t\">A<sub>1</sub></button>"));
    /* An empty square beside them: its premium, no tile class; no square
     * carries a label (the script makes them). */
    cr_assert_not_null(strstr(h, "<button class=dl>DL</button>"));
    const char *sq = strstr(strstr(h, "id=\"board\""), "<button");
    const char *label = strstr(sq, "aria-label");
    cr_assert(label == NULL || label > strstr(sq, "</div>"));
    cr_assert_eq(ts_count(h, "<button"), ts_count(h, "</button>"));
    free(h);
}

/* A pending tile (a refused play kept on the board) carries its rack slot
 * and letter for the script. */
Test(server_render_board, pending_tile_carries_its_slot)
{
    struct core_game g;
    core_game_new(&g, "pending", 7, "");
    struct render_view v = {.game = &g, .state = "S", .lexicon = "test"};
    v.npending = 1;
    v.pending[0] = (struct render_pending){
        .row = 7, .col = 8, .letter = 'K', .blank = true, .rack_index = 6};
    char *h = page_of(&v);
    cr_assert_not_null(strstr(h, "<button class=\"t bl pd\" data-from=6 "
                                 "data-letter=K data-blank=1>"
                                 "K<sub>0</sub></button>"));
    free(h);
}

/* What no checked position holds: a board byte that is not a letter and a
 * pending slot past any rack. Neither reaches the page raw: each square is
 * written as an empty one, and the board keeps its 225 squares. */
Test(server_render_board, impossible_squares_are_not_written_raw)
{
    struct core_game g;
    core_game_new(&g, "odd", 3, "");
    g.board[3][3] = '<';
    g.board[3][4] = '"';
    struct render_view v = {.game = &g, .state = "S", .lexicon = "test"};
    v.npending = 1;
    v.pending[0] = (struct render_pending){
        .row = 7, .col = 7, .letter = 'K', .rack_index = 1000};
    char *h = page_of(&v);
    cr_assert_null(strstr(h, "data-from=1000"));
    const char *board = strstr(h, "id=\"board\"");
    cr_assert_not_null(board);
    const char *end = strstr(board, "</div>");
    cr_assert_not_null(end);
    const char *sq[15 * 15];
    int squares = 0;
    for (const char *p = strstr(board, "<button"); p != NULL && p < end;
         p = strstr(p + 1, "<button")) {
        cr_assert_lt(squares, 15 * 15);
        sq[squares++] = p;
    }
    cr_assert_eq(squares, 15 * 15);
    /* D4 (double word), E4 and H8 are written as empty squares. */
    const char d4[] = "<button class=dw>DW</button>";
    const char e4[] = "<button></button>";
    const char h8[] = "<button class=\"dw st\">\xe2\x98\x85</button>";
    cr_assert_eq(strncmp(sq[3 * 15 + 3], d4, sizeof d4 - 1), 0);
    cr_assert_eq(strncmp(sq[3 * 15 + 4], e4, sizeof e4 - 1), 0);
    cr_assert_eq(strncmp(sq[7 * 15 + 7], h8, sizeof h8 - 1), 0);
    free(h);
}

/* A page no script runs on (v.plain: a browser navigated to it) names each
 * square in the script's words, since the script cannot; the pages the
 * script fetches carry no label at all. (0,0) triple word holding Q (10
 * points, the last move), (0,1) plain holding a blank as E (0 points),
 * (7,7) the empty centre star (a double word), (0,3) an empty double
 * letter. */
Test(server_render_board, squares_are_labelled_where_no_script_runs)
{
    struct core_game g;
    core_game_new(&g, "squares", 7, "");
    g.board[0][0] = 'Q';
    g.board[0][1] = 'e';
    g.has_last_move = true;
    g.last_move.type = CORE_MOVE_PLAY;
    g.last_move.ncells = 1;
    g.last_move.cells[0] = (struct clb_cell){0, 0};
    struct render_view v = {.game = &g, .state = "S", .lexicon = "test"};
    char *scripted = page_of(&v);
    cr_assert_eq(ts_count(scripted, "aria-label=\"A1,"), 0);
    cr_assert_eq(ts_count(scripted, ", empty\""), 0);
    free(scripted);

    v.plain = true;
    char *h = page_of(&v);
    cr_assert_not_null(strstr(
        h, "<button class=\"tw t lm\" aria-label=\"A1, Q, 10 points, last "
           "move\">Q<sub>10</sub></button>"));
    cr_assert_not_null(strstr(h, "aria-label=\"B1, blank as E, 0 points\">"));
    cr_assert_not_null(
        strstr(h, "aria-label=\"H8, centre star, double word, empty\">"));
    cr_assert_not_null(strstr(h, "aria-label=\"D1, double letter, empty\">"));
    /* Every one of the 225 squares is named, once. */
    cr_assert_eq(ts_count(h, "<button class=\"tw t lm\" aria-label=") +
                     ts_count(h, "<button aria-label=\"") +
                     ts_count(h, "<button class=t aria-label=") +
                     ts_count(h, "<button class=\"t bl\" aria-label=") +
                     ts_count(h, "<button class=dl aria-label=") +
                     ts_count(h, "<button class=tl aria-label=") +
                     ts_count(h, "<button class=dw aria-label=") +
                     ts_count(h, "<button class=tw aria-label=") +
                     ts_count(h, "<button class=\"dw st\" aria-label="),
                 225);
    free(h);
}

/* A French page: the premium squares' faces (each language has its own
 * table of empty squares, and English keeps its own beside it) and, where
 * no script runs, the squares' labels. */
Test(server_render_board, the_board_in_french)
{
    struct core_game g;
    core_game_new(&g, "squares", 7, "");
    g.board[0][1] = 'e';
    struct render_view v = {.game = &g, .state = "S", .lexicon = "test"};
    char *fr = page_in("fr", &v);
    cr_assert_not_null(strstr(fr, "<button class=dl>LD</button>"));
    cr_assert_not_null(strstr(fr, "<button class=tw>MT</button>"));
    cr_assert_null(strstr(fr, ">DL</button>"));
    char *en = page_of(&v);
    cr_assert_not_null(strstr(en, "<button class=dl>DL</button>"));
    cr_assert_null(strstr(en, ">LD</button>"));
    free(en);
    free(fr);

    v.plain = true;
    char *h = page_in("fr", &v);
    cr_assert_not_null(
        strstr(h, "aria-label=\"B1, joker valant E, 0 point\">"));
    cr_assert_not_null(
        strstr(h, "aria-label=\"H8, \xc3\xa9toile centrale, mot compte double, "
                  "vide\">"));
    free(h);
    h = page_in("de", &v);
    cr_assert_not_null(strstr(h, "aria-label=\"B1, Joker als E, 0 Punkte\">"));
    cr_assert_not_null(strstr(h, ">2W</button>"));
    free(h);
}

/* A tile of several characters is marked " w" (set smaller) on the board,
 * the rack and the partner's rack, and the note under the rack says how
 * each of the set's such tiles is typed, L·L's dot as "·" or "."; an
 * English page has neither. Catalan: L·L is letter 12, NY 15, QU 18. */
Test(server_render_board, tiles_of_several_characters)
{
    struct core_game g;
    core_game_deal_in(&g, 7, "ca", &core_tileset_ca);
    g.board[7][7] = 'A' + 12;
    g.hands[g.turn].tiles[0] = 'A' + 15;
    g.hands[1 - g.turn].tiles[0] = 'A' + 18;
    struct render_view v = {.game = &g, .state = "S", .lexicon = "ca"};
    char *h = page_of(&v);
    cr_assert_not_null(strstr(
        h, "<button class=\"dw st t w\">L\xc2\xb7L<sub>10</sub></button>"));
    cr_assert_not_null(strstr(
        h,
        "<button class=\"tile w\" data-testid=\"rack-tile\">NY<sub>10</sub>"));
    cr_assert_not_null(strstr(h, "<li class=\"tile w\"><span>QU<sub>8</sub>"));
    cr_assert_not_null(strstr(
        h,
        "<p class=\"note needs-js\" data-testid=\"typing-hint\">Type a tile of "
        "several letters by its letters: <b>L\xc2\xb7L</b>&#160;<kbd>L</kbd>"
        "&#160;<kbd>\xc2\xb7</kbd>/<kbd>.</kbd>&#160;<kbd>L</kbd>, "
        "<b>NY</b>&#160;<kbd>N</kbd>&#160;<kbd>Y</kbd>, "
        "<b>QU</b>&#160;<kbd>Q</kbd>&#160;<kbd>U</kbd></p>"));
    free(h);

    core_game_new(&g, "english", 7, "");
    h = page_of(
        &(struct render_view){.game = &g, .state = "S", .lexicon = "test"});
    cr_assert_null(strstr(h, " w\""));
    cr_assert_null(strstr(h, "typing-hint"));
    free(h);
}
