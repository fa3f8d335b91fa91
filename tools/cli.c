/* tools/cli.c - collabble-cli: the engine on the command line.
 *
 * Makes the library usable and debuggable without a browser: start a game,
 * look at a link's board and moves, apply a move, list the legal plays,
 * review the moves made against the best plays, decode or encode a state,
 * export a GCG. It is a thin shell over core/, dict/
 * and server/position.c, the same code the server runs, so what it prints is
 * what the server would do. Links of both formats are read; new links are v2
 * unless --format v1.
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../core/game.h"
#include "../core/movegen.h"
#include "../core/review.h"
#include "../dict/dict.h"
#include "../server/api.h"
#include "../server/gcg.h"
#include "../server/link.h"
#include "../server/position.h"

enum cli_exit {
    CLI_OK = 0,
    CLI_REFUSED = 1, /* the input was read but refused (bad state, bad move) */
    CLI_USAGE = 2,
};

#define CLI_STATE_CAP (CLB_MAX_ENCODED_STATE + 1)

static void usage(FILE *out)
{
    fputs(
        "Usage: collabble-cli [--lexicon FILE] [--format v1|v2] COMMAND "
        "[ARGS]\n"
        "\n"
        "Commands (S is a turn link's text after '#', either format):\n"
        "  new [SEED]          print the link of a new game\n"
        "  show S              print the board, racks, score, bag and move\n"
        "                      number of S\n"
        "  moves S             print every move of S's history\n"
        "  gcg S               print S's history as a GCG file\n"
        "  decode S            print S's position as schema-v1 JSON\n"
        "  encode              read schema-v1 JSON on stdin, print its\n"
        "                      classic (v1) link\n"
        "  play S MOVE         apply MOVE and print the next link and the\n"
        "                      result; MOVE is the API's JSON, e.g.\n"
        "                      '{\"type\":\"play\",\"tiles\":[{\"row\":7,"
        "\"col\":7,\"letter\":\"A\"}]}'\n"
        "                      or 'pass' or 'exchange QZ?' (? is a blank)\n"
        "  plays S [N]         print how many legal plays the player to move\n"
        "                      has, and the best N (default 10, at most\n"
        "                      1000): points, square, direction, words and\n"
        "                      the MOVE that makes it\n"
        "  review S            print, for every move made, the best play\n"
        "                      the mover's rack had, and the moves' total\n"
        "                      against the best plays'\n"
        "\n"
        "Options:\n"
        "  --lexicon FILE      the word list (compiled or one word a line);\n"
        "                      default: the built-in SOWPODS file\n"
        "  --format v1|v2      the format of the links new and play print;\n"
        "                      default: v2 for new, S's own for play\n"
        "  --help              show this help\n",
        out);
}

static int misuse(const char *problem)
{
    fprintf(stderr, "collabble-cli: %s\nTry 'collabble-cli --help'.\n",
            problem);
    return CLI_USAGE;
}

static int refused(const struct clb_error *err)
{
    fprintf(stderr, "collabble-cli: %s: %s%s%s\n", clb_err_code(err->code),
            clb_err_str(err->code), err->detail[0] ? " - " : "", err->detail);
    return CLI_REFUSED;
}

/* The one lexicon the tool judges by, as the server's default. */
static struct srv_context cli_ctx;

static int load_lexicon(const char *file)
{
    struct clb_error err;
    if (dict_load(file, &cli_ctx.lexicons[0], &err) != CLB_ERR_OK)
        return refused(&err);
    strcpy(cli_ctx.lexicon_names[0], dict_fingerprint(cli_ctx.lexicons[0]) ==
                                             CORE_LEXICON_BUILTIN_FINGERPRINT
                                         ? CORE_LEXICON_BUILTIN_NAME
                                         : "default");
    cli_ctx.nlexicons = 1;
    return CLI_OK;
}

static int print_link(const struct position *pos, enum link_format format)
{
    static char out[CLI_STATE_CAP];
    struct clb_error err;
    size_t len;
    if (position_write(pos, format, out, sizeof out, &len, &err) != CLB_ERR_OK)
        return refused(&err);
    printf("%s\n", out);
    return CLI_OK;
}

static int open_arg(const char *s, struct position *pos)
{
    struct clb_error err;
    if (position_open(&cli_ctx, s, strlen(s), pos, &err) != CLB_ERR_OK)
        return refused(&err);
    return CLI_OK;
}

static void print_rack(const char *label, const struct core_rack *r)
{
    printf("%s:", label);
    for (int i = 0; i < r->count; i++)
        printf(" %c", r->tiles[i]);
    putchar('\n');
}

static int cmd_show(const struct position *pos)
{
    const struct core_game *g = &pos->game;
    printf("game %s  score %d  turn P%d  bag %d  move %d  format v%d%s\n",
           g->game_id, g->score, g->turn + 1, core_bag_count(g),
           pos->history.nmoves, (int)pos->format,
           g->game_over ? "  GAME OVER" : "");
    printf("   A B C D E F G H I J K L M N O\n");
    for (int r = 0; r < CLB_BOARD_SIZE; r++) {
        printf("%2d", r + 1);
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            printf(" %c", g->board[r][c]);
        putchar('\n');
    }
    print_rack("P1", &g->hands[CORE_P1]);
    print_rack("P2", &g->hands[CORE_P2]);
    return CLI_OK;
}

static int cmd_moves(const struct position *pos)
{
    const struct core_history *h = &pos->history;
    if (h->start == CORE_START_POSITION)
        printf("from a classic link at score %d\n", h->first.score);
    for (int i = 0; i < h->nmoves; i++) {
        const struct core_move_record *rec = &h->moves[i];
        printf("%3d P%d ", i + 1, (int)rec->player + 1);
        switch (rec->move.type) {
        case CORE_MOVE_PLAY:
            for (int w = 0; w < rec->result.nwords; w++)
                printf("%s%s %d", w > 0 ? ", " : "", rec->result.words[w],
                       rec->result.word_points[w]);
            if (rec->result.bingo)
                printf(", bingo");
            break;
        case CORE_MOVE_EXCHANGE: printf("exchange %d", rec->move.ntiles); break;
        case CORE_MOVE_PASS: printf("pass"); break;
        }
        printf("  +%d = %d\n", rec->result.points, rec->score);
    }
    if (pos->game.game_over)
        printf("end  -%d = %d\n", pos->game.end_adjustment, pos->game.score);
    return CLI_OK;
}

static int cmd_gcg(const struct position *pos)
{
    struct html_buf b;
    static char mem[1 << 16];
    html_init(&b, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    gcg_write(&b, pos);
    int rc = b.overflow ? CLI_REFUSED : CLI_OK;
    if (rc == CLI_OK)
        fwrite(b.p, 1, b.len, stdout);
    html_free(&b);
    return rc;
}

static int cmd_decode(const struct position *pos)
{
    json_t *j = link_game_to_json(&pos->game);
    if (j == NULL)
        return misuse("out of memory");
    json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    putchar('\n');
    json_decref(j);
    return CLI_OK;
}

static int cmd_encode(void)
{
    static char out[CLI_STATE_CAP];
    json_error_t jerr;
    json_t *j = json_loadf(stdin, JSON_REJECT_DUPLICATES, &jerr);
    if (j == NULL) {
        fprintf(stderr, "collabble-cli: stdin:%d: %s\n", jerr.line, jerr.text);
        return CLI_REFUSED;
    }
    struct core_game g;
    struct clb_error err;
    size_t len;
    enum clb_err rc = link_game_from_json(j, &g, &err);
    json_decref(j);
    if (rc == CLB_ERR_OK)
        rc = link_v1_encode(&g, out, sizeof out, &len, &err);
    if (rc != CLB_ERR_OK)
        return refused(&err);
    printf("%s\n", out);
    return CLI_OK;
}

/* Reads "pass", "exchange TILES" or the API's JSON move. */
static int parse_move(const char *text, struct core_move *m)
{
    memset(m, 0, sizeof *m);
    if (strcmp(text, "pass") == 0) {
        m->type = CORE_MOVE_PASS;
        return CLI_OK;
    }
    if (strncmp(text, "exchange ", 9) == 0) {
        m->type = CORE_MOVE_EXCHANGE;
        for (const char *t = text + 9; *t; t++) {
            if (*t == ' ')
                continue;
            if (m->ntiles >= CLB_RACK_SIZE)
                return misuse("exchange: more than 7 tiles");
            m->exchange[m->ntiles++] = *t;
        }
        return CLI_OK;
    }
    json_error_t jerr;
    json_t *j = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
    if (j == NULL)
        return misuse("MOVE is not 'pass', 'exchange TILES' or JSON");
    struct clb_error err;
    enum clb_err rc = api_move_from_json(j, m, &err);
    json_decref(j);
    return rc == CLB_ERR_OK ? CLI_OK : refused(&err);
}

static int cmd_play(struct position *pos, const char *move_text,
                    enum link_format format)
{
    struct core_move m;
    int rc = parse_move(move_text, &m);
    if (rc != CLI_OK)
        return rc;
    struct clb_error err;
    struct core_move_result res;
    if (position_play(pos, &m, &res, &err) != CLB_ERR_OK) {
        for (int i = 0; i < err.nwords; i++)
            fprintf(stderr, "  word: %s\n", err.words[i]);
        for (int i = 0; i < err.ncells; i++)
            fprintf(stderr, "  cell: %d,%d\n", err.cells[i].row,
                    err.cells[i].col);
        return refused(&err);
    }
    for (int i = 0; i < res.nwords; i++)
        fprintf(stderr, "%s %d\n", res.words[i], res.word_points[i]);
    fprintf(stderr, "points %d%s%s\n", res.points, res.bingo ? " bingo" : "",
            res.game_over ? " game-over" : "");
    return print_link(pos, format != 0 ? format : pos->format);
}

/* One play as a line: points, square, direction, the words it makes
 * (core_move_check's, main word first) and the move, as JSON for `play`. */
static int print_play(const struct core_game *g, const struct core_play *p,
                      const struct core_lexicon *lex)
{
    struct core_move m;
    struct core_move_result res;
    struct clb_error err;
    core_play_to_move(p, (const char(*)[CLB_BOARD_SIZE])g->board, &m);
    if (core_move_check(g, &m, lex, &res, &err) != CLB_ERR_OK)
        return refused(&err);
    char at[4], words[CLB_MAX_WORDS * (CLB_WORD_MAX + 2) + 1] = "";
    core_play_coord(p, at);
    for (int i = 0; i < res.nwords; i++) {
        if (i > 0)
            strcat(words, ",");
        strcat(words, res.words[i]);
    }
    printf("%5d  %-4s %-6s %-24s {\"type\":\"play\",\"tiles\":[", res.points,
           at, p->down ? "down" : "across", words);
    for (int i = 0; i < m.ntiles; i++)
        printf("%s{\"row\":%d,\"col\":%d,\"letter\":\"%c\"%s}", i ? "," : "",
               m.tiles[i].row, m.tiles[i].col, m.tiles[i].letter,
               m.tiles[i].blank ? ",\"blank\":true" : "");
    puts("]}");
    return CLI_OK;
}

static int cmd_plays(const struct position *pos, const char *count)
{
    char *end = NULL;
    long n = count == NULL ? 10 : strtol(count, &end, 10);
    if (count != NULL &&
        (*count == '\0' || *end != '\0' || n < 0 || n > CLB_MAX_PLAYS_LISTED))
        return misuse("plays: N must be a number from 0 to 1000");
    const struct core_game *g = &pos->game;
    struct clb_error err;
    if (g->game_over) {
        clb_error_set(&err, CLB_ERR_GAME_OVER, "a finished game has no plays");
        return refused(&err);
    }
    struct core_lexicon lex = dict_lexicon(pos->dict);
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g->board, lex.graph);
    /* The budget of /api/v1/plays, so both give the same answer. */
    struct core_budget budget = {CLB_PLAYS_NODES, false};
    mg.budget = &budget;
    static struct core_play top[CLB_MAX_PLAYS_LISTED];
    const struct core_rack *rack = &g->hands[g->turn];
    size_t total = core_movegen_top(&mg, rack, top, (size_t)n);
    if (budget.exhausted)
        printf("the search's work limit ran out: counted and listed from "
               "the plays found before it\n");
    printf("%zu play%s for P%d (rack %.*s)%s\n", total, total == 1 ? "" : "s",
           g->turn + 1, rack->count, rack->tiles,
           total > 0 && n > 0 ? ", best first:" : "");
    int rc = CLI_OK;
    for (size_t i = 0; i < total && i < (size_t)n && rc == CLI_OK; i++)
        rc = print_play(g, &top[i], &lex);
    return rc;
}

/* Every move made with the best play its rack had: "  3 P1 play +24  best
 * QUIXOTE at 8D for 102", then "you scored N of a possible M". */
static int cmd_review(const struct position *pos)
{
    static struct core_review review;
    struct core_lexicon lex = dict_lexicon(pos->dict);
    struct clb_error err;
    if (core_review_history(&pos->history, &lex, &review, &err) != CLB_ERR_OK)
        return refused(&err);
    static const char *const kind[] = {"play", "exchange", "pass"};
    for (int i = 0; i < review.nmoves; i++) {
        const struct core_review_move *rm = &review.moves[i];
        const struct core_move_record *rec = &pos->history.moves[i];
        if (i >= review.reviewed) {
            printf("%3d P%d %-8s %+4d  not reviewed\n", i + 1,
                   (int)rec->player + 1, kind[rec->move.type],
                   rec->result.points);
            continue;
        }
        printf("%3d P%d %-8s %+4d  best ", i + 1, (int)rec->player + 1,
               kind[rec->move.type], rm->points);
        if (!rm->has_best) {
            puts("none: no play possible");
            continue;
        }
        char at[4];
        core_play_coord(&rm->best, at);
        printf("%s at %s for %d\n", rm->result.words[0], at, rm->best.points);
    }
    printf("you scored %d of a possible %d", review.scored, review.possible);
    if (review.reviewed < review.nmoves) {
        if (review.reviewed > 0)
            printf(" on moves 1-%d", review.reviewed);
        printf(" (moves %d-%d not reviewed: the review's work limit ran out)",
               review.reviewed + 1, review.nmoves);
    }
    putchar('\n');
    return CLI_OK;
}

/* Runs one command; the lexicon is loaded. */
static int run(const char *cmd, int nargs, char **args, enum link_format format)
{
    static struct position pos;
    if (strcmp(cmd, "new") == 0 && nargs <= 1) {
        const char *seed = nargs == 1 ? args[0] : "";
        if (strlen(seed) > CLB_SEED_MAX)
            return misuse("the seed is longer than 64 bytes");
        position_new(&cli_ctx, 0, core_seed_from_text(seed, strlen(seed)),
                     &pos);
        return print_link(&pos, format != 0 ? format : LINK_V2);
    }
    if (strcmp(cmd, "encode") == 0 && nargs == 0)
        return cmd_encode();
    static const struct {
        const char *name;
        int (*fn)(const struct position *);
    } readers[] = {{"show", cmd_show},
                   {"moves", cmd_moves},
                   {"gcg", cmd_gcg},
                   {"review", cmd_review},
                   {"decode", cmd_decode}};
    for (size_t i = 0; i < sizeof readers / sizeof readers[0]; i++)
        if (strcmp(cmd, readers[i].name) == 0 && nargs == 1) {
            int rc = open_arg(args[0], &pos);
            return rc != CLI_OK ? rc : readers[i].fn(&pos);
        }
    if (strcmp(cmd, "play") == 0 && nargs == 2) {
        int rc = open_arg(args[0], &pos);
        return rc != CLI_OK ? rc : cmd_play(&pos, args[1], format);
    }
    if (strcmp(cmd, "plays") == 0 && (nargs == 1 || nargs == 2)) {
        int rc = open_arg(args[0], &pos);
        return rc != CLI_OK ? rc : cmd_plays(&pos, nargs == 2 ? args[1] : NULL);
    }
    return misuse("unknown command or wrong number of arguments");
}

int main(int argc, char **argv)
{
    const char *lexfile = CLB_DEFAULT_LEXICON;
    enum link_format format = 0;
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return CLI_OK;
        }
        if (strcmp(argv[i], "--lexicon") == 0 && i + 1 < argc) {
            lexfile = argv[++i];
        } else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
            const char *f = argv[++i];
            if (strcmp(f, "v1") == 0)
                format = LINK_V1;
            else if (strcmp(f, "v2") == 0)
                format = LINK_V2;
            else
                return misuse("--format takes v1 or v2");
        } else {
            return misuse("unknown option");
        }
    }
    if (i >= argc)
        return misuse("no command");
    int rc = load_lexicon(lexfile);
    if (rc != CLI_OK)
        return rc;
    rc = run(argv[i], argc - i - 1, argv + i + 1, format);
    dict_free(cli_ctx.lexicons[0]);
    return rc;
}
