/* tools/cli.c - collabble-cli: the engine on the command line.
 *
 * Makes the library usable and debuggable without a browser: start a game,
 * look at a link's board, apply a move, list the legal plays, decode or
 * encode a state. It is a
 * thin shell over core/, dict/ and server/link.c, the same code the server
 * runs, so what it prints is what the server would do.
 */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../core/game.h"
#include "../core/movegen.h"
#include "../dict/dict.h"
#include "../server/api.h"
#include "../server/link.h"

enum cli_exit {
    CLI_OK = 0,
    CLI_REFUSED = 1, /* the input was read but refused (bad state, bad move) */
    CLI_USAGE = 2,
};

#define CLI_STATE_CAP (CLB_MAX_ENCODED_STATE + 1)

static void usage(FILE *out)
{
    fputs(
        "Usage: collabble-cli [--lexicon FILE] COMMAND [ARGS]\n"
        "\n"
        "Commands:\n"
        "  new [SEED]          print the link state S of a new game\n"
        "  show S              print the board, racks, score and bag of S\n"
        "  decode S            print S as schema-v1 JSON\n"
        "  encode              read schema-v1 JSON on stdin, print S\n"
        "  play S MOVE         apply MOVE and print the next S and the\n"
        "                      result; MOVE is the API's JSON, e.g.\n"
        "                      '{\"type\":\"play\",\"tiles\":[{\"row\":7,"
        "\"col\":7,\"letter\":\"A\"}]}'\n"
        "                      or 'pass' or 'exchange QZ?' (? is a blank)\n"
        "  plays S [N]         print how many legal plays the player to move\n"
        "                      has, and the best N (default 10, at most\n"
        "                      1000): points, square, direction, words and\n"
        "                      the MOVE that makes it\n"
        "\n"
        "Options:\n"
        "  --lexicon FILE      word list for play and plays (compiled or one\n"
        "                      word a line); default: the built-in SOWPODS\n"
        "                      file\n"
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

static int print_state(const struct core_game *g)
{
    static char out[CLI_STATE_CAP];
    struct clb_error err;
    size_t len;
    if (link_encode(g, out, sizeof out, &len, &err) != CLB_ERR_OK)
        return refused(&err);
    printf("%s\n", out);
    return CLI_OK;
}

static int decode_arg(const char *s, struct core_game *g)
{
    struct clb_error err;
    if (link_decode(s, strlen(s), g, &err) != CLB_ERR_OK)
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

static int cmd_show(const char *s)
{
    struct core_game g;
    int rc = decode_arg(s, &g);
    if (rc != CLI_OK)
        return rc;
    printf("game %s  score %d  turn P%d  bag %d%s\n", g.game_id, g.score,
           g.turn + 1, core_bag_count(&g), g.game_over ? "  GAME OVER" : "");
    printf("   A B C D E F G H I J K L M N O\n");
    for (int r = 0; r < CLB_BOARD_SIZE; r++) {
        printf("%2d", r + 1);
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            printf(" %c", g.board[r][c]);
        putchar('\n');
    }
    print_rack("P1", &g.hands[CORE_P1]);
    print_rack("P2", &g.hands[CORE_P2]);
    return CLI_OK;
}

static int cmd_decode(const char *s)
{
    struct core_game g;
    int rc = decode_arg(s, &g);
    if (rc != CLI_OK)
        return rc;
    json_t *j = link_game_to_json(&g);
    if (j == NULL)
        return misuse("out of memory");
    json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    putchar('\n');
    json_decref(j);
    return CLI_OK;
}

static int cmd_encode(void)
{
    json_error_t jerr;
    json_t *j = json_loadf(stdin, JSON_REJECT_DUPLICATES, &jerr);
    if (j == NULL) {
        fprintf(stderr, "collabble-cli: stdin:%d: %s\n", jerr.line, jerr.text);
        return CLI_REFUSED;
    }
    struct core_game g;
    struct clb_error err;
    enum clb_err rc = link_game_from_json(j, &g, &err);
    json_decref(j);
    if (rc != CLB_ERR_OK)
        return refused(&err);
    return print_state(&g);
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

static int cmd_play(const char *s, const char *move_text, const char *lexfile)
{
    struct core_game g, next;
    struct core_move m;
    int rc = decode_arg(s, &g);
    if (rc == CLI_OK)
        rc = parse_move(move_text, &m);
    if (rc != CLI_OK)
        return rc;
    struct dict *d = NULL;
    struct clb_error err;
    if (dict_load(lexfile, &d, &err) != CLB_ERR_OK)
        return refused(&err);
    struct core_lexicon lex = dict_lexicon(d);
    struct core_move_result res;
    enum clb_err e = core_move_apply(&g, &m, &lex, &next, &res, &err);
    dict_free(d);
    if (e != CLB_ERR_OK) {
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
    return print_state(&next);
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

static int cmd_plays(const char *s, const char *count, const char *lexfile)
{
    char *end = NULL;
    long n = count == NULL ? 10 : strtol(count, &end, 10);
    if (count != NULL &&
        (*count == '\0' || *end != '\0' || n < 0 || n > CLB_MAX_PLAYS_LISTED))
        return misuse("plays: N must be a number from 0 to 1000");
    struct core_game g;
    int rc = decode_arg(s, &g);
    if (rc != CLI_OK)
        return rc;
    struct clb_error err;
    if (g.game_over) {
        clb_error_set(&err, CLB_ERR_GAME_OVER, "a finished game has no plays");
        return refused(&err);
    }
    struct dict *d = NULL;
    if (dict_load(lexfile, &d, &err) != CLB_ERR_OK)
        return refused(&err);
    struct core_lexicon lex = dict_lexicon(d);
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])g.board, lex.graph);
    static struct core_play top[CLB_MAX_PLAYS_LISTED];
    const struct core_rack *rack = &g.hands[g.turn];
    size_t total = core_movegen_top(&mg, rack, top, (size_t)n);
    printf("%zu play%s for P%d (rack %.*s)%s\n", total, total == 1 ? "" : "s",
           g.turn + 1, rack->count, rack->tiles,
           total > 0 && n > 0 ? ", best first:" : "");
    for (size_t i = 0; i < total && i < (size_t)n && rc == CLI_OK; i++)
        rc = print_play(&g, &top[i], &lex);
    dict_free(d);
    return rc;
}

int main(int argc, char **argv)
{
    const char *lexfile = CLB_DEFAULT_LEXICON;
    int i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return CLI_OK;
        }
        if (strcmp(argv[i], "--lexicon") == 0 && i + 1 < argc)
            lexfile = argv[++i];
        else
            return misuse("unknown option");
    }
    if (i >= argc)
        return misuse("no command");
    const char *cmd = argv[i++];
    int nargs = argc - i;
    char **args = argv + i;
    if (strcmp(cmd, "new") == 0 && nargs <= 1) {
        struct core_game g;
        const char *seed = nargs == 1 ? args[0] : "";
        if (strlen(seed) > CLB_SEED_MAX)
            return misuse("the seed is longer than 64 bytes");
        core_game_new(&g, seed, strlen(seed), "");
        return print_state(&g);
    }
    if (strcmp(cmd, "show") == 0 && nargs == 1)
        return cmd_show(args[0]);
    if (strcmp(cmd, "decode") == 0 && nargs == 1)
        return cmd_decode(args[0]);
    if (strcmp(cmd, "encode") == 0 && nargs == 0)
        return cmd_encode();
    if (strcmp(cmd, "play") == 0 && nargs == 2)
        return cmd_play(args[0], args[1], lexfile);
    if (strcmp(cmd, "plays") == 0 && (nargs == 1 || nargs == 2))
        return cmd_plays(args[0], nargs == 2 ? args[1] : NULL, lexfile);
    return misuse("unknown command or wrong number of arguments");
}
