/* bench/bench_review.c - what the review of a game costs a request, against
 * the board page of the same position, in one run.
 *
 * The requests go through the server's own router and handlers in process
 * (no network): the board page the script asks for (POST /game s=S, the
 * baseline: the review is not in it), the review's cells (POST
 * /game/review), the JSON review (POST /api/v1/review) and the page with
 * the review filled in (GET /game/review?s=S), all of a late-game link;
 * then the game-over page of that game played to its end (which no longer
 * reviews: its script asks POST /game/review, as the board page's does)
 * against its board page; then the review of whole greedy
 * games (both racks play their best, blanks included: what a good team's
 * game costs; the late-game link's bot never plays a blank, and racks
 * holding blanks are the search's slowest); then the longest game a link can
 * hold (CLB_MAX_GAME_MOVES moves, the racks keeping their blanks: the
 * search's slowest case), the worst a hostile link can ask. Each figure is
 * microseconds of the thread's CPU time per request (median of interleaved
 * rounds) and, for the review, per move reviewed.
 *
 *   build/bench/bench_review [LINK [LEXICON.clx]]
 *
 * LINK holds a v2 link (default: tests/data/link/late_v2.link). Never
 * registered with CTest: timings are not pass/fail. A Release build gives
 * the meaningful figures.
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/movegen.h"
#include "../dict/dict.h"
#include "../server/position.h"
#include "../server/router.h"
#include "bench_util.h"

#define ROUNDS 7
#define RUN_NS 300000000.0 /* 0.3 s of one kind of request per round */
#define STATE_CAP (CLB_MAX_ENCODED_STATE + 1)

static struct srv_context ctx;
static volatile size_t sink;

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* One request, as the server's glue would make it. */
struct bench_req {
    const char *method, *path, *query, *body;
};

/* Runs r through the router and its handler; returns the body's size
 * after checking the status. */
static size_t serve(const struct bench_req *r)
{
    static char mem[CLB_RESPONSE_INITIAL_BYTES];
    struct out_buf body;
    out_init(&body, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    struct srv_response resp = {.body = &body};
    struct srv_request req = {
        .ctx = &ctx,
        .method = r->method,
        .path = {r->path, strlen(r->path)},
        .query = {r->query, strlen(r->query)},
        .body = {r->body, strlen(r->body)},
        .content_type = NULL,
    };
    struct srv_route route;
    srv_route(&req, &route);
    if (route.handler == NULL) {
        fprintf(stderr, "bench_review: no handler for %s\n", r->path);
        exit(1);
    }
    route.handler(&req, &resp);
    if (resp.status != 200 || body.overflow) {
        fprintf(stderr, "bench_review: %s %s answered %d: %.*s\n", r->method,
                r->path, resp.status, (int)(body.len < 300 ? body.len : 300),
                body.p);
        exit(1);
    }
    size_t n = body.len;
    out_free(&body);
    return n;
}

/* Microseconds of CPU per request over about RUN_NS (at least 3 calls). */
static double time_us(const struct bench_req *r)
{
    long n = 0;
    double start = bench_cpu_ns(), t;
    do {
        sink += serve(r);
        n++;
        t = bench_cpu_ns() - start;
    } while (t < RUN_NS || n < 3);
    return t / (double)n / 1000.0;
}

static void write_link(const struct position *pos, char *out)
{
    struct clb_error err;
    size_t n;
    if (position_write(pos, LINK_V2, out, STATE_CAP, &n, &err) != CLB_ERR_OK)
        bench_die("bench_review", "write", &err);
}

static void play(struct position *pos, const struct core_move *m)
{
    struct clb_error err;
    if (position_play(pos, m, NULL, &err) != CLB_ERR_OK)
        bench_die("bench_review", "play", &err);
}

/* The best play of the player to move, or a pass when there is none. */
static void greedy_move(const struct position *pos, struct core_move *m)
{
    const struct core_game *g = &pos->game;
    struct core_movegen mg;
    struct core_play best;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board,
                      dict_lexicon(pos->dict).graph);
    memset(m, 0, sizeof *m);
    m->type = CORE_MOVE_PASS;
    if (core_movegen_best(&mg, &g->hands[g->turn], &best))
        core_play_to_move(&best, (const char(*)[CLB_BOARD_SIZE])g->board, m);
}

/* The longest game a link holds: a few greedy plays for a midgame board,
 * then every move an exchange of all the tiles but the blanks, so the racks
 * gather both blanks (the search's slowest racks) and the game runs to its
 * CLB_MAX_GAME_MOVES-th move. */
static void longest_game(struct position *pos)
{
    position_new(&ctx, 0, 12345, pos);
    while (!pos->game.game_over) {
        const struct core_game *g = &pos->game;
        const struct core_rack *rack = &g->hands[g->turn];
        struct core_move m;
        memset(&m, 0, sizeof m);
        if (pos->history.nmoves < 8) {
            greedy_move(pos, &m);
        } else {
            m.type = CORE_MOVE_EXCHANGE;
            for (int i = 0; i < rack->count; i++)
                if (rack->tiles[i] != CORE_BLANK)
                    m.exchange[m.ntiles++] = rack->tiles[i];
            if (m.ntiles == 0 || core_bag_count(g) < CLB_EXCHANGE_MIN_BAG)
                m.type = CORE_MOVE_PASS, m.ntiles = 0;
        }
        play(pos, &m);
    }
}

#define GREEDY_GAMES 20

/* The review cells of GREEDY_GAMES greedy games played to their end: the
 * median, 90th percentile and maximum of a game's review and of a move's. */
static void greedy_games(void)
{
    static struct position pos;
    static char link[STATE_CAP], body[STATE_CAP + 8];
    double game_us[GREEDY_GAMES], move_us[GREEDY_GAMES];
    int moves[GREEDY_GAMES];
    for (int i = 0; i < GREEDY_GAMES; i++) {
        char seed[32];
        snprintf(seed, sizeof seed, "review-%d", i);
        position_new(&ctx, 0, core_seed_from_text(seed, strlen(seed)), &pos);
        while (!pos.game.game_over) {
            struct core_move m;
            greedy_move(&pos, &m);
            play(&pos, &m);
        }
        write_link(&pos, link);
        snprintf(body, sizeof body, "s=%s", link);
        const struct bench_req r = {"POST", "/game/review", "", body};
        moves[i] = pos.history.nmoves;
        game_us[i] = time_us(&r);
        move_us[i] = game_us[i] / moves[i];
    }
    qsort(moves, GREEDY_GAMES, sizeof moves[0], cmp_int);
    double p50 = bench_median(game_us, GREEDY_GAMES);
    double p90 = game_us[GREEDY_GAMES * 9 / 10],
           max = game_us[GREEDY_GAMES - 1];
    double m50 = bench_median(move_us, GREEDY_GAMES);
    printf("  %d greedy games to their end (%d-%d moves, median %d): "
           "POST /game/review\n",
           GREEDY_GAMES, moves[0], moves[GREEDY_GAMES - 1],
           moves[GREEDY_GAMES / 2]);
    printf("                      a game %9.1f us median, %.1f p90, %.1f max; "
           "%.1f us a move (median)\n",
           p50, p90, max, m50);
}

static int blanks_held(const struct position *pos)
{
    int n = 0;
    for (int p = 0; p < CLB_PLAYERS; p++)
        for (int i = 0; i < pos->game.hands[p].count; i++)
            n += pos->game.hands[p].tiles[i] == CORE_BLANK;
    return n;
}

int main(int argc, char **argv)
{
    const char *link_file = argc > 1 ? argv[1] : CLB_BENCH_LINK;
    const char *lexicon = argc > 2 ? argv[2] : CLB_BENCH_LEXICON;
    struct clb_error err;
    if (dict_load(lexicon, &ctx.lexicons[0], &err) != CLB_ERR_OK)
        bench_die("bench_review", lexicon, &err);
    strcpy(ctx.lexicon_names[0], "sowpods");
    ctx.nlexicons = 1;

    static struct position pos;
    static char over[STATE_CAP], longest[STATE_CAP];
    size_t late_len;
    const char *late = bench_read_link("bench_review", link_file, &late_len);
    if (position_open(&ctx, late, late_len, &pos, &err) != CLB_ERR_OK)
        bench_die("bench_review", link_file, &err);
    int late_moves = pos.history.nmoves;
    printf("review benchmark: a late-game link of %d moves (%d in the bag, "
           "score %d)\n",
           late_moves, core_bag_count(&pos.game), pos.game.score);
    while (!pos.game.game_over) {
        struct core_move m;
        greedy_move(&pos, &m);
        play(&pos, &m);
    }
    write_link(&pos, over);
    int over_moves = pos.history.nmoves;
    longest_game(&pos);
    write_link(&pos, longest);
    int longest_moves = pos.history.nmoves;
    int longest_blanks = blanks_held(&pos);

    static char form_late[STATE_CAP + 8], form_over[STATE_CAP + 8],
        form_longest[STATE_CAP + 8], json_late[STATE_CAP + 16];
    snprintf(form_late, sizeof form_late, "s=%s", late);
    snprintf(form_over, sizeof form_over, "s=%s", over);
    snprintf(form_longest, sizeof form_longest, "s=%s", longest);
    snprintf(json_late, sizeof json_late, "{\"state\":\"%s\"}", late);
    const struct bench_req page = {"POST", "/game", "", form_late};
    const struct bench_req cells = {"POST", "/game/review", "", form_late};
    const struct bench_req api = {"POST", "/api/v1/review", "", json_late};
    const struct bench_req filled = {"GET", "/game/review", form_late, ""};
    const struct bench_req over_page = {"POST", "/game", "", form_over};
    const struct bench_req long_page = {"POST", "/game", "", form_longest};
    const struct bench_req long_cells = {"POST", "/game/review", "",
                                         form_longest};

    double t[7][ROUNDS];
    for (int i = 0; i < ROUNDS; i++) {
        t[0][i] = time_us(&page);
        t[1][i] = time_us(&cells);
        t[2][i] = time_us(&api);
        t[3][i] = time_us(&filled);
        t[4][i] = time_us(&over_page);
        t[5][i] = time_us(&long_page);
        t[6][i] = time_us(&long_cells);
    }
    double m[7];
    for (int k = 0; k < 7; k++)
        m[k] = bench_median(t[k], ROUNDS);
    printf("  board page          POST /game          %9.1f us  (%zu bytes; "
           "the baseline)\n",
           m[0], serve(&page));
    printf("  review cells        POST /game/review   %9.1f us  (%zu bytes) "
           "= %.1f pages, %.1f us a move\n",
           m[1], serve(&cells), m[1] / m[0], m[1] / late_moves);
    printf("  review as JSON      POST /api/v1/review %9.1f us  (%zu bytes) "
           "= %.1f pages\n",
           m[2], serve(&api), m[2] / m[0]);
    printf("  page with review    GET /game/review    %9.1f us  (%zu bytes) "
           "= %.1f pages\n",
           m[3], serve(&filled), m[3] / m[0]);
    printf("  that game played to its end (%d moves): the game-over page "
           "(no review)\n",
           over_moves);
    printf("                      POST /game          %9.1f us  (%zu bytes) "
           "= %.1f board pages\n",
           m[4], serve(&over_page), m[4] / m[0]);
    greedy_games();
    printf("  the longest game a link holds (%d moves, %d blanks on the "
           "racks at the end):\n",
           longest_moves, longest_blanks);
    printf("                      POST /game          %9.1f us\n", m[5]);
    printf("                      POST /game/review   %9.1f us = %.1f of its "
           "pages, %.1f us a move\n",
           m[6], m[6] / m[5], m[6] / longest_moves);
    printf("  (CPU time of the thread, medians of %d interleaved rounds of "
           "%.1f s each)\n",
           ROUNDS, RUN_NS / 1e9);
    dict_free(ctx.lexicons[0]);
    return sink == 42 ? 2 : 0;
}
