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
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "../core/daily.h"
#include "../core/game.h"
#include "../core/goals.h"
#include "../core/movegen.h"
#include "../core/notation.h"
#include "../core/review.h"
#include "../dict/dict.h"
#include "../server/builtin_lexicon.h"
#include "../server/gcg.h"
#include "../server/link.h"
#include "../server/move_json.h"
#include "../server/names.h"
#include "link_tree.h"
#include "../server/position.h"

enum cli_exit {
    CLI_OK = 0,
    CLI_REFUSED = 1, /* the input was read but refused (bad state, bad move) */
    CLI_USAGE = 2,
};

#define CLI_STATE_CAP (CLB_MAX_ENCODED_STATE + 1)

/* One command: its arguments, a one-line summary (the general help's
 * list: "  %-7s %-10s " takes 21 columns, so at most 59 for an 80-column
 * line; tests/cli/run.sh checks every line of the help), the
 * rest of its own help (whole sentences), and how many arguments it
 * takes. `CMD --help` shows the summary, then the rest. */
struct cli_command {
    const char *name;
    const char *args;
    int min_args, max_args;
    const char *summary;
    const char *help;
};

static const struct cli_command cli_commands[] = {
    {"new", "[SEED]", 0, 1, "print the link of a new game dealt from SEED",
     "SEED is any text of at most 64 bytes: the same SEED always deals the\n"
     "same game. Without SEED, the empty seed's game. With --goals LEVEL\n"
     "(easy, normal or hard), a goals game of that level, which has no\n"
     "classic link.\n"},
    {"daily", "DATE", 1, 1, "print the link of DATE's daily deal",
     "DATE is a UTC date, YYYY-MM-DD, from 2026-12-01. The deal is the game\n"
     "dealt from seed 1000000000 + the days from 1970-01-01 to DATE, as the\n"
     "page's Today's deal of that date. With --goals LEVEL, the same deal as\n"
     "a goals game.\n"},
    {"show", "S", 1, 1,
     "print the board, racks, score, bag and move number of S",
     "A goals game's goals, helpers left and Peek follow the racks.\n"},
    {"moves", "S", 1, 1, "print every move of S's history",
     "One line a move: its player, the words and their points (or the\n"
     "exchange or pass), the move's points and the score after it; a goals\n"
     "game's helpers and completed goals too; then the end's adjustment.\n"},
    {"gcg", "S", 1, 1, "print S's history as a GCG file",
     "GCG is the file of Scrabble analysis tools; it is the file the page's\n"
     "\"Download game\" and /api/v1/gcg give.\n"},
    {"decode", "S", 1, 1, "print S's position as schema-v1 JSON",
     "The position as the classic link holds it (board, racks, bag, score,\n"
     "turn), indented; encode reads it back.\n"},
    {"encode", "", 0, 0, "print the classic link of the JSON on standard input",
     "The JSON is a schema-v1 position, as decode prints it; it is checked\n"
     "as a classic link's would be.\n"},
    {"play", "S MOVE", 2, 2, "apply MOVE to S and print the next link",
     "The words made and the points go to standard error. MOVE is one of:\n"
     "  8H QUIXOTE      a play in the notation plays and the move list use:\n"
     "                  row then column for across (8H), column then row\n"
     "                  for down (H8); the whole word, the letters already\n"
     "                  on the board included; a lowercase letter is a\n"
     "                  blank played as that letter\n"
     "  pass\n"
     "  exchange QZ?    the tiles to exchange (? is a blank)\n"
     "  newgoals        a goals game's helpers, used before the turn's\n"
     "  peek            move (the same player moves next): new goals, a\n"
     "  swap Q E        peek at the best play's square, or your Q for\n"
     "                  your partner's E (? is a blank)\n"
     "  "
     "{\"type\":\"play\",\"tiles\":[{\"row\":7,\"col\":7,\"letter\":\"A\"}]}\n"
     "                  the API's JSON move (rows and columns from 0)\n"
     "A move the rules refuse exits 1 with the refusal's code and sentence,\n"
     "then the words and squares it names.\n"},
    {"plays", "S [N]", 1, 2,
     "print how many legal plays there are, and the best N",
     "N is 10 by default, at most 1000. Each play is its points, square,\n"
     "direction, the words it makes and the MOVE that makes it. The search\n"
     "has the work limit of /api/v1/plays, and says when it ran out.\n"},
    {"review", "S", 1, 1, "print each move made beside its rack's best play",
     "Then the moves' total against the best plays' (\"you scored N of a\n"
     "possible M\"). The review has the server's work limit: the moves past\n"
     "it are listed as not reviewed.\n"},
    {"help", "[COMMAND]", 0, 1, "show the help, or one command's",
     "help is --help; help COMMAND is COMMAND --help.\n"},
};
#define CLI_NCOMMANDS (sizeof cli_commands / sizeof cli_commands[0])

static const struct cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < CLI_NCOMMANDS; i++)
        if (strcmp(cli_commands[i].name, name) == 0)
            return &cli_commands[i];
    return NULL;
}

static void usage(FILE *out)
{
    fputs(
        "Usage: collabble-cli [OPTIONS] COMMAND [ARGS]\n"
        "\n"
        "The Collabble engine on the command line: the same code the server\n"
        "runs. S is a turn link's text after '#', either format, or - to read\n"
        "it from standard input.\n"
        "\n"
        "Commands ('collabble-cli COMMAND --help' shows one in full):\n",
        out);
    for (size_t i = 0; i < CLI_NCOMMANDS; i++) {
        const struct cli_command *c = &cli_commands[i];
        fprintf(out, "  %-7s %-10s %s\n", c->name, c->args, c->summary);
    }
    fputs("\n"
          "Options (before or after the command; --opt=VALUE works too):\n"
          "  --lexicon FILE      the word list (compiled or one word a line);\n"
          "                      default: the SOWPODS list built into this\n"
          "                      program (" SRV_BUILTIN_LEXICON_FILE ")\n"
          "  --language CODE     the game's language, ISO 639-1 (en fr de es\n"
          "                      it nl pl pt ca nb sv da): the word list must\n"
          "                      be in it (a list compiled by collabble-dictc\n"
          "                      --tileset CODE); without --lexicon, CODE.clx\n"
          "                      of the languages' directory "
          "COLLABBLE_LANGUAGES\n"
          "                      (English: the built-in list); default: the\n"
          "                      list's own\n"
          "  --format v1|v2      the format of the links new and play print;\n"
          "                      default: v2 for new, S's own for play\n"
          "  --goals LEVEL       new: a goals game of LEVEL, easy, normal or\n"
          "                      hard (it has no classic link)\n"
          "  -h, --help          show this help\n"
          "  --version           show the version\n"
          "  --                  what follows is not an option\n"
          "\n"
          "Exit status: 0 on success, 1 if a link or move is refused, 2 on a\n"
          "usage error.\n",
          out);
}

static void command_usage(const struct cli_command *c, FILE *out)
{
    /* The summary as a sentence: "Print the link ... from SEED." */
    fprintf(out, "Usage: collabble-cli [OPTIONS] %s%s%s\n\n%c%s.\n\n%s",
            c->name, c->args[0] ? " " : "", c->args,
            toupper((unsigned char)c->summary[0]), c->summary + 1, c->help);
}

static int misuse(const char *problem)
{
    fprintf(stderr,
            "collabble-cli: %s\nTry 'collabble-cli --help' for more "
            "information.\n",
            problem);
    return CLI_USAGE;
}

/* The sentence for a refusal. clb_err_str() words it for a player of the
 * server ("a dictionary this server does not have"); this program is no
 * server, and its word list is the one --lexicon gave it. */
static const char *refusal_sentence(enum clb_err code)
{
    if (code == CLB_ERR_UNKNOWN_LEXICON)
        return "This game uses a word list this program was not given "
               "(--lexicon)";
    return clb_err_str(code);
}

/* A refusal: its code, sentence and detail on one line. */
static int refused(const struct clb_error *err)
{
    fprintf(stderr, "collabble-cli: %s: %s%s%s\n", clb_err_code(err->code),
            refusal_sentence(err->code), err->detail[0] ? " - " : "",
            err->detail);
    return CLI_REFUSED;
}

/* A word of tile bytes (NUL-terminated) in the set's display strings. */
static const char *word_shown(const struct core_tileset *ts, const char *word,
                              char out[CORE_WORD_TEXT_MAX])
{
    core_tiles_text(ts, word, strnlen(word, CLB_WORD_MAX), out,
                    CORE_WORD_TEXT_MAX);
    return out;
}

/* A move the rules refused: the headline first, so that the first line
 * says what happened, then the words and squares it names, one a line
 * (the rules' own; cmd_play clears err before it asks them). */
static int refused_move(const struct core_tileset *ts,
                        const struct clb_error *err)
{
    char text[CORE_WORD_TEXT_MAX];
    refused(err);
    for (int i = 0; i < err->nwords && i < CLB_MAX_WORDS; i++)
        fprintf(stderr, "  word: %s\n", word_shown(ts, err->words[i], text));
    for (int i = 0; i < err->ncells && i < CLB_MAX_ERR_CELLS; i++)
        fprintf(stderr, "  cell: %d,%d (%c%d)\n", err->cells[i].row,
                err->cells[i].col, 'A' + err->cells[i].col,
                err->cells[i].row + 1);
    return CLI_REFUSED;
}

/* The one lexicon the tool judges by, as the server's default. */
static struct srv_context cli_ctx;

static int load_lexicon(const char *file)
{
    struct clb_error err;
    if (srv_lexicon_load(file, &cli_ctx.lexicons[0], &err) != CLB_ERR_OK)
        return refused(&err);
    strcpy(cli_ctx.lexicon_names[0], dict_fingerprint(cli_ctx.lexicons[0]) ==
                                             CORE_LEXICON_BUILTIN_FINGERPRINT
                                         ? CORE_LEXICON_BUILTIN_NAME
                                         : "default");
    cli_ctx.nlexicons = 1;
    return CLI_OK;
}

/* --language CODE: the loaded list must be in that language, as a game
 * the server starts in it would be judged by a list of it. */
static int check_language(const char *code, const char *file)
{
    struct clb_error err;
    clb_error_clear(&err);
    if (position_lexicon_by_language(&cli_ctx, code, strlen(code), &err) >= 0)
        return CLI_OK;
    const struct core_tileset *want =
        core_tileset_by_language(code, strlen(code));
    const struct core_tileset *have = dict_tileset(cli_ctx.lexicons[0]);
    char msg[320];
    snprintf(msg, sizeof msg,
             "--language %s: %s%s is in %s, not %s: give a list in %s with "
             "--lexicon FILE (compiled by collabble-dictc --tileset %s)",
             code,
             strcmp(file, SRV_BUILTIN_LEXICON_FILE) == 0
                 ? "the built-in word list"
                 : "the word list ",
             strcmp(file, SRV_BUILTIN_LEXICON_FILE) == 0 ? "" : file,
             have->language_name != NULL ? have->language_name : have->name,
             want->language_name, want->language_name, want->name);
    return misuse(msg);
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

/* A square or rack tile as shown: the set's display string ("CH"), '.'
 * for an empty square; English's is its byte. */
static const char *tile_shown(const struct core_tileset *ts, char tile)
{
    return tile == CORE_EMPTY ? "." : core_tile_text(ts, tile);
}

static void print_rack(const struct core_tileset *ts, const char *label,
                       const struct core_rack *r)
{
    printf("%s:", label);
    for (int i = 0; i < r->count; i++)
        printf(" %s", tile_shown(ts, r->tiles[i]));
    putchar('\n');
}

/* A goals game's goals: what is done of the target, the helpers left, the
 * outcome, the goals face up and a Peek's square. */
static void print_goals(const struct position *pos)
{
    const struct core_game *g = &pos->game;
    const struct core_goals *goals = &g->goals;
    if (goals->level == CORE_GOALS_OFF)
        return;
    printf("goals %s: %d of %d  helpers %d%s\n",
           core_goals_level_name(goals->level), goals->completed, goals->target,
           goals->helpers_left,
           core_goals_won(goals) ? "  WON"
           : g->game_over        ? "  LOST"
                                 : "");
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++) {
        const struct core_goal_info *info = core_goal_info(goals->faceup[i]);
        char text[CLB_GOAL_TEXT_MAX];
        core_goal_text(goals->faceup[i], core_game_tileset(g), text,
                       sizeof text);
        if (info != NULL)
            printf("  %-14s %s\n", info->name, text);
    }
    struct clb_cell sq;
    if (goals->peeked && !g->game_over &&
        core_goals_peek(g, dict_lexicon(pos->dict).graph, &sq))
        printf("peek: the best play covers %c%d\n", 'A' + sq.col, sq.row + 1);
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
            printf(" %s", tile_shown(core_game_tileset(g), g->board[r][c]));
        putchar('\n');
    }
    print_rack(core_game_tileset(g), "P1", &g->hands[CORE_P1]);
    print_rack(core_game_tileset(g), "P2", &g->hands[CORE_P2]);
    print_goals(pos);
    return CLI_OK;
}

static int cmd_moves(const struct position *pos)
{
    const struct core_history *h = &pos->history;
    char text[CORE_WORD_TEXT_MAX];
    if (h->start == CORE_START_POSITION)
        printf("from a classic link at score %d\n", h->first.score);
    for (int i = 0; i < h->nmoves; i++) {
        const struct core_move_record *rec = &h->moves[i];
        for (int k = 0; k < rec->nhelpers && k < CLB_GOALS_MAX_HELPERS; k++)
            printf("    P%d helper %s\n", (int)rec->player + 1,
                   srv_name_of(&srv_helper_names, rec->helpers[k].kind, "?"));
        printf("%3d P%d ", i + 1, (int)rec->player + 1);
        switch (rec->move.type) {
        case CORE_MOVE_PLAY:
            for (int w = 0; w < rec->result.nwords; w++)
                printf("%s%s %d", w > 0 ? ", " : "",
                       word_shown(core_game_tileset(&h->first),
                                  rec->result.words[w], text),
                       rec->result.word_points[w]);
            if (rec->result.bingo)
                printf(", bingo");
            break;
        case CORE_MOVE_EXCHANGE: printf("exchange %d", rec->move.ntiles); break;
        case CORE_MOVE_PASS: printf("pass"); break;
        case CORE_MOVE_HELPER: break; /* never a record's move */
        }
        printf("  +%d = %d", rec->result.points, rec->score);
        for (int k = 0; k < rec->result.ngoals && k < CLB_GOALS_FACE_UP; k++)
            printf("%s%s", k == 0 ? "  goals " : ", ",
                   core_goal_info(rec->result.goals[k])->name);
        putchar('\n');
    }
    if (pos->game.game_over)
        printf("end  -%d = %d\n", pos->game.end_adjustment, pos->game.score);
    return CLI_OK;
}

static int cmd_gcg(const struct position *pos)
{
    struct out_buf b;
    static char mem[1 << 16];
    out_init(&b, mem, sizeof mem, CLB_MAX_RESPONSE_BYTES);
    gcg_write(&b, pos);
    int rc = b.overflow ? CLI_REFUSED : CLI_OK;
    if (rc == CLI_OK)
        fwrite(b.p, 1, b.len, stdout);
    out_free(&b);
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

/* A goals game's helper: "newgoals", "peek" or "swap Q E" (one tile each,
 * a blank as '?'; the rules name the first slot holding each, in
 * core_move_canonical). CLI_OK with *m, CLI_USAGE for a swap misspelt, or
 * -1 when the text is not a helper. */
/* A tile of "swap": '?' a blank, or a letter's upper display string as
 * the set writes it ("Q", "CH"); -1 when it is neither. */
static int swap_tile(const struct core_tileset *ts, const char *word)
{
    if (strcmp(word, "?") == 0)
        return CORE_BLANK;
    for (int m = 0; m < ts->n; m++)
        if (strcmp(word, ts->upper[m]) == 0)
            return (unsigned char)core_letter_tile(m);
    return -1;
}

/* "swap GIVE TAKE" of a set other than English: two tiles a space apart. */
static bool read_swap_in(const struct core_tileset *ts, const char *text,
                         char *give, char *take)
{
    char a[CLB_MAX_TILE_BYTES + 1], b[CLB_MAX_TILE_BYTES + 1], extra;
    _Static_assert(CLB_MAX_TILE_BYTES == 8, "the widths in the format");
    if (sscanf(text, " %8s %8s %c", a, b, &extra) != 2)
        return false;
    int x = swap_tile(ts, a), y = swap_tile(ts, b);
    if (x < 0 || y < 0)
        return false;
    *give = (char)x;
    *take = (char)y;
    return true;
}

static int parse_helper(const struct core_tileset *ts, const char *text,
                        struct core_move *m)
{
    memset(m, 0, sizeof *m);
    m->type = CORE_MOVE_HELPER;
    if (strcmp(text, "newgoals") == 0 || strcmp(text, "peek") == 0) {
        m->helper.kind =
            text[0] == 'p' ? CORE_HELPER_PEEK : CORE_HELPER_NEW_GOALS;
        return CLI_OK;
    }
    if (strncmp(text, "swap ", 5) != 0)
        return -1;
    char give, take, extra;
    bool read =
        core_tileset_is_default(ts)
            ? sscanf(text + 5, " %c %c %c", &give, &take, &extra) == 2 &&
                  (give == '?' || (give >= 'A' && give <= 'Z')) &&
                  (take == '?' || (take >= 'A' && take <= 'Z'))
            : read_swap_in(ts, text + 5, &give, &take);
    if (!read)
        return misuse("swap: expected two tiles, as in 'swap Q E' (? is a "
                      "blank)");
    m->helper.kind = CORE_HELPER_SWAP;
    m->helper.mine = (uint8_t)give;
    m->helper.theirs = (uint8_t)take;
    return CLI_OK;
}

/* Reads "8H WORD", "pass", "exchange TILES" (core/notation.h), a helper
 * or the API's JSON move. A move the notation cannot read is a usage error
 * (exit 2), as a malformed JSON move is; what the rules refuse is exit 1. */
static int parse_move(const char *text, const struct core_game *g,
                      struct core_move *m)
{
    struct clb_error err;
    clb_error_clear(&err);
    int helper = parse_helper(core_game_tileset(g), text, m);
    if (helper >= 0)
        return helper;
    if (text[0] != '{') {
        if (core_notation_read(g, text, strlen(text), m, &err) == CLB_ERR_OK)
            return CLI_OK;
        char msg[CLB_ERR_DETAIL_MAX + 16];
        snprintf(msg, sizeof msg, "%s: %s",
                 strncmp(text, "exchange", 8) == 0 ? "exchange" : "play",
                 err.detail);
        return misuse(msg);
    }
    memset(m, 0, sizeof *m);
    json_error_t jerr;
    json_t *j = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
    if (j == NULL) {
        char msg[256];
        snprintf(msg, sizeof msg, "MOVE is not valid JSON (column %d: %s)",
                 jerr.column, jerr.text);
        return misuse(msg);
    }
    /* In the game's set: a tile's letter is its display string ("CH"). */
    const struct core_tileset *ts = core_game_tileset(g);
    enum clb_err rc = core_tileset_is_default(ts)
                          ? move_json_tree(j, m, &err)
                          : move_json_tree_in(j, ts, m, &err);
    json_decref(j);
    return rc == CLB_ERR_OK ? CLI_OK : refused(&err);
}

static int cmd_play(struct position *pos, const char *move_text,
                    enum link_format format)
{
    struct core_move m;
    int rc = parse_move(move_text, &pos->game, &m);
    if (rc != CLI_OK)
        return rc;
    struct clb_error err;
    struct core_move_result res;
    clb_error_clear(&err);
    if (position_play(pos, &m, &res, &err) != CLB_ERR_OK)
        return refused_move(core_game_tileset(&pos->game), &err);
    char text[CORE_WORD_TEXT_MAX];
    for (int i = 0; i < res.nwords; i++)
        fprintf(stderr, "%s %d\n",
                word_shown(core_game_tileset(&pos->game), res.words[i], text),
                res.word_points[i]);
    fprintf(stderr, "points %d%s%s\n", res.points, res.bingo ? " bingo" : "",
            res.game_over ? " game-over" : "");
    for (int i = 0; i < res.ngoals && i < CLB_GOALS_FACE_UP; i++)
        fprintf(stderr, "goal %s\n", core_goal_info(res.goals[i])->name);
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
    const struct core_tileset *ts = core_game_tileset(g);
    char at[4], words[CLB_MAX_WORDS * CORE_WORD_TEXT_MAX] = "";
    char text[CORE_WORD_TEXT_MAX];
    core_play_coord(p, at);
    for (int i = 0; i < res.nwords; i++) {
        if (i > 0)
            strcat(words, ",");
        strcat(words, word_shown(ts, res.words[i], text));
    }
    printf("%5d  %-4s %-6s %-24s {\"type\":\"play\",\"tiles\":[", res.points,
           at, p->down ? "down" : "across", words);
    for (int i = 0; i < m.ntiles; i++)
        printf("%s{\"row\":%d,\"col\":%d,\"letter\":\"%s\"%s}", i ? "," : "",
               m.tiles[i].row, m.tiles[i].col,
               core_tile_text(ts, m.tiles[i].letter),
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
    printf("%zu play%s for P%d (rack ", total, total == 1 ? "" : "s",
           g->turn + 1);
    for (int i = 0; i < rack->count && i < CLB_RACK_SIZE; i++)
        fputs(core_tile_text(core_game_tileset(g), rack->tiles[i]), stdout);
    printf(")%s\n", total > 0 && n > 0 ? ", best first:" : "");
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
    for (int i = 0; i < review.nmoves; i++) {
        const struct core_review_move *rm = &review.moves[i];
        const struct core_move_record *rec = &pos->history.moves[i];
        if (i >= review.reviewed) {
            printf("%3d P%d %-8s %+4d  not reviewed\n", i + 1,
                   (int)rec->player + 1,
                   srv_name_of(&srv_move_type_names, (int)rec->move.type, "?"),
                   rec->result.points);
            continue;
        }
        printf("%3d P%d %-8s %+4d  best ", i + 1, (int)rec->player + 1,
               srv_name_of(&srv_move_type_names, (int)rec->move.type, "?"),
               rm->points);
        if (!rm->has_best) {
            puts("none: no play possible");
            continue;
        }
        char at[4];
        core_play_coord(&rm->best, at);
        char text[CORE_WORD_TEXT_MAX];
        printf("%s at %s for %d\n",
               word_shown(core_game_tileset(&pos->game), rm->result.words[0],
                          text),
               at, rm->best.points);
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

/* Runs one command, known and with the right number of arguments; the
 * lexicon is loaded. */
static int run(const char *cmd, int nargs, char **args, enum link_format format,
               enum core_goals_level goals)
{
    static struct position pos;
    if (strcmp(cmd, "new") == 0) {
        const char *seed = nargs == 1 ? args[0] : "";
        if (strlen(seed) > CLB_SEED_MAX)
            return misuse("new: the seed is longer than 64 bytes");
        position_new(&cli_ctx, 0, core_seed_from_text(seed, strlen(seed)),
                     &pos);
        struct clb_error err;
        if (goals != CORE_GOALS_OFF &&
            position_set_goals(&pos, goals, &err) != CLB_ERR_OK)
            return refused(&err);
        return print_link(&pos, format != 0 ? format : LINK_V2);
    }
    if (strcmp(cmd, "daily") == 0) {
        int32_t day;
        if (!core_daily_parse(args[0], strlen(args[0]), &day) ||
            day < CLB_DAILY_FIRST_DAY)
            return misuse("daily: the date is YYYY-MM-DD, from 2026-12-01");
        position_new(&cli_ctx, 0, core_daily_seed(day), &pos);
        struct clb_error err;
        if (goals != CORE_GOALS_OFF &&
            position_set_goals(&pos, goals, &err) != CLB_ERR_OK)
            return refused(&err);
        return print_link(&pos, format != 0 ? format : LINK_V2);
    }
    if (strcmp(cmd, "encode") == 0)
        return cmd_encode();
    int rc = open_arg(args[0], &pos);
    if (rc != CLI_OK)
        return rc;
    static const struct {
        const char *name;
        int (*fn)(const struct position *);
    } readers[] = {{"show", cmd_show},
                   {"moves", cmd_moves},
                   {"gcg", cmd_gcg},
                   {"review", cmd_review},
                   {"decode", cmd_decode}};
    for (size_t i = 0; i < sizeof readers / sizeof readers[0]; i++)
        if (strcmp(cmd, readers[i].name) == 0)
            return readers[i].fn(&pos);
    if (strcmp(cmd, "play") == 0)
        return cmd_play(&pos, args[1], format);
    return cmd_plays(&pos, nargs == 2 ? args[1] : NULL);
}

/* S given as "-": the link read from standard input, surrounding white
 * space (the newline a pipe adds) dropped. */
static int read_stdin_link(char **arg)
{
    static char buf[CLI_STATE_CAP + 2];
    size_t n = fread(buf, 1, sizeof buf - 1, stdin);
    if (n == sizeof buf - 1)
        return misuse("the link on standard input is longer than 16384 bytes");
    buf[n] = '\0';
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r' ||
                     buf[n - 1] == ' ' || buf[n - 1] == '\t'))
        buf[--n] = '\0';
    char *p = buf;
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
        p++;
    if (*p == '\0')
        return misuse("no link on standard input");
    *arg = p;
    return CLI_OK;
}

/* An option's value: "--opt=VALUE" or "--opt VALUE". */
static int option_value(int argc, char **argv, int *i, const char *name,
                        const char **value)
{
    size_t len = strlen(name);
    const char *a = argv[*i];
    if (a[len] == '=') {
        *value = a + len + 1;
        return CLI_OK;
    }
    if (*i + 1 >= argc) {
        char msg[96];
        snprintf(msg, sizeof msg, "option '%s' needs a value", name);
        return misuse(msg);
    }
    *value = argv[++*i];
    return CLI_OK;
}

/* True when argument a is the option `name`, alone or as name=VALUE. */
static bool is_option(const char *a, const char *name)
{
    size_t len = strlen(name);
    return strncmp(a, name, len) == 0 && (a[len] == '\0' || a[len] == '=');
}

/* --language CODE without --lexicon: the language's list, CODE.clx in
 * the languages' directory the server maps at start (COLLABBLE_LANGUAGES);
 * English's is the built-in list. */
static int language_list(const char *code, const char **lexfile)
{
    static char path[4096];
    const char *dir = getenv("COLLABBLE_LANGUAGES");
    if (strcmp(code, "en") == 0)
        return CLI_OK;
    if (dir == NULL || dir[0] == '\0') {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "--language %s: give its word list with --lexicon FILE, or "
                 "the languages' directory in COLLABBLE_LANGUAGES",
                 code);
        return misuse(msg);
    }
    if ((size_t)snprintf(path, sizeof path, "%s/%s.clx", dir, code) >=
        sizeof path)
        return misuse("COLLABBLE_LANGUAGES: the directory's name is too long");
    *lexfile = path;
    return CLI_OK;
}

int main(int argc, char **argv)
{
    const char *lexfile = SRV_BUILTIN_LEXICON_FILE;
    bool lexicon_given = false;
    enum link_format format = 0;
    enum core_goals_level goals = CORE_GOALS_OFF;
    const char *language = NULL;
    bool help = false, options_done = false;
    char *words[4];
    int nwords = 0;
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        int rc = CLI_OK;
        if (options_done || a[0] != '-' || strcmp(a, "-") == 0) {
            if (nwords == (int)(sizeof words / sizeof words[0]))
                return misuse("too many arguments");
            words[nwords++] = a;
        } else if (strcmp(a, "--") == 0) {
            options_done = true;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            help = true;
        } else if (strcmp(a, "--version") == 0) {
            printf("collabble-cli %s\n", CLB_VERSION);
            return CLI_OK;
        } else if (is_option(a, "--lexicon")) {
            rc = option_value(argc, argv, &i, "--lexicon", &lexfile);
            lexicon_given = true;
        } else if (is_option(a, "--language")) {
            rc = option_value(argc, argv, &i, "--language", &language);
            if (rc == CLI_OK &&
                core_tileset_by_language(language, strlen(language)) == NULL) {
                char codes[CLB_LANGUAGE_CODES_TEXT], msg[160];
                position_language_codes(codes, sizeof codes);
                snprintf(msg, sizeof msg,
                         "option '--language' takes an ISO 639-1 code (%s), "
                         "not '%.20s'",
                         codes, language);
                return misuse(msg);
            }
        } else if (is_option(a, "--format")) {
            const char *f = NULL;
            rc = option_value(argc, argv, &i, "--format", &f);
            if (rc == CLI_OK && strcmp(f, "v1") == 0)
                format = LINK_V1;
            else if (rc == CLI_OK && strcmp(f, "v2") == 0)
                format = LINK_V2;
            else if (rc == CLI_OK) {
                char msg[96];
                snprintf(msg, sizeof msg,
                         "option '--format' takes v1 or v2, not '%.40s'", f);
                return misuse(msg);
            }
        } else if (is_option(a, "--goals")) {
            const char *l = NULL;
            rc = option_value(argc, argv, &i, "--goals", &l);
            if (rc == CLI_OK)
                goals = core_goals_level_of(l, strlen(l));
            if (rc == CLI_OK && goals == CORE_GOALS_OFF) {
                char msg[96];
                snprintf(msg, sizeof msg,
                         "option '--goals' takes easy, normal or hard, not "
                         "'%.40s'",
                         l);
                return misuse(msg);
            }
        } else {
            char msg[96];
            snprintf(msg, sizeof msg, "unknown option '%.60s'", a);
            return misuse(msg);
        }
        if (rc != CLI_OK)
            return rc;
    }
    const struct cli_command *cmd = nwords > 0 ? find_command(words[0]) : NULL;
    if (nwords > 0 && cmd == NULL) {
        char msg[96];
        snprintf(msg, sizeof msg, "unknown command '%.60s'", words[0]);
        return misuse(msg);
    }
    /* "help CMD" and "CMD --help" show that command ("help --help" the
     * help command's own); "help" and "--help" alone, everything. */
    if (cmd != NULL && strcmp(cmd->name, "help") == 0 &&
        !(help && nwords == 1)) {
        const struct cli_command *of =
            nwords > 1 ? find_command(words[1]) : NULL;
        if (nwords > 1 && of == NULL) {
            char msg[96];
            snprintf(msg, sizeof msg, "help: unknown command '%.60s'",
                     words[1]);
            return misuse(msg);
        }
        if (of != NULL)
            command_usage(of, stdout);
        else
            usage(stdout);
        return CLI_OK;
    }
    if (help) {
        if (cmd != NULL)
            command_usage(cmd, stdout);
        else
            usage(stdout);
        return CLI_OK;
    }
    if (cmd == NULL)
        return misuse("no command");
    int nargs = nwords - 1;
    if (nargs < cmd->min_args || nargs > cmd->max_args) {
        char msg[128];
        snprintf(msg, sizeof msg, "%s: %s arguments (usage: %s%s%s)", cmd->name,
                 nargs < cmd->min_args ? "missing" : "too many", cmd->name,
                 cmd->args[0] ? " " : "", cmd->args);
        return misuse(msg);
    }
    /* Only the link may come from standard input ("-"). */
    if (cmd->min_args > 0 && strcmp(cmd->name, "new") != 0 &&
        strcmp(words[1], "-") == 0) {
        int rc = read_stdin_link(&words[1]);
        if (rc != CLI_OK)
            return rc;
    }
    int rc = language != NULL && !lexicon_given
                 ? language_list(language, &lexfile)
                 : CLI_OK;
    if (rc != CLI_OK)
        return rc;
    rc = load_lexicon(lexfile);
    if (rc == CLI_OK && language != NULL)
        rc = check_language(language, lexfile);
    if (rc != CLI_OK) {
        if (cli_ctx.nlexicons > 0)
            dict_free(cli_ctx.lexicons[0]);
        return rc;
    }
    rc = run(cmd->name, nargs, words + 1, format, goals);
    dict_free(cli_ctx.lexicons[0]);
    return rc;
}
