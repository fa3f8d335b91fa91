/* core/goals.c - goals mode (goals.h): the table of goals, the predicate
 * of each kind, the deal from the seed and the helpers.
 *
 * A goal is a row of data: a predicate kind and its parameter. The kinds
 * are a handful of small functions over the words the play formed (where
 * they lie, from the rules' result) and the squares it covered, so a new
 * goal is a new row. The table's order is part of the v2 link's format:
 * it fixes the deck a seed deals. Every goal reads the game's tile set:
 * the letter goals take its letters by their points, the vowel goals its
 * list of vowels, the one-pointers its points, so the one table serves
 * every language, and English's goals are what they always were (its
 * letters worth 8 or more are J, Q, X and Z). Pure: no I/O, no heap.
 */
/* SPDX-License-Identifier: MIT */
#include "goals.h"

#include <stdio.h>
#include <string.h>

#include "movegen.h"
#include "rng.h"
#include "tiles.h"

/* The predicate kinds. "A word" is any word the play formed (the main
 * word or a cross-word), read off the board after the play. */
enum goal_kind {
    G_WORD_LEN,   /* a word of at least p letters */
    G_WORDS,      /* at least p words formed */
    G_POINTS,     /* the play scores at least p */
    G_TILE_OF,    /* a word holds a letter tile (not a blank) worth p..q */
    G_DIRECTION,  /* the main word runs across (p = 0) or down (p = 1) */
    G_BLANK,      /* a blank placed */
    G_PREMIUMS,   /* at least p premium squares covered */
    G_SQUARE,     /* a square of premium p covered */
    G_HOOK,       /* a word: a board word and one placed tile at an end */
    G_ONE_VOWEL,  /* a word of at least p letters with exactly one vowel */
    G_BINGO,      /* all seven tiles placed */
    G_PALINDROME, /* a word of at least p letters that reads the same back */
    G_ONE_POINT,  /* a word of at least p letters, every tile worth 1 */
    G_LAST_TILE,  /* a tile placed is the last of its letter off the board */
    G_TILES,      /* at least p tiles placed */
    G_SAME_ENDS,  /* a word of at least p letters, first letter = last */
    G_DOUBLE,     /* a word with the same letter twice in a row */
    G_VOWELS,     /* a word with at least p vowels */
    G_EDGE,       /* a tile placed on the board's edge */
    G_SMALL_PLAY, /* at most two tiles placed, scoring at least p */
};

struct goal_row {
    struct core_goal_info info;
    enum goal_kind kind;
    int p; /* the kind's number */
    int q; /* G_TILE_OF: the most points (p the fewest) */
};

/* A letter goal's sentence in a set other than English (its letters
 * listed after it); English's rows say their letters themselves. */
static const char goal_letters_text[] =
    "Play a word with one of these tiles: %s";

/* One row a goal, kept as a table (clang-format would break the rows). */
/* clang-format off */
static const struct goal_row goal_table[CLB_GOALS_COUNT] = {
    {{"six-letters", "Play a word of 6 or more letters", 1}, G_WORD_LEN, 6, 0},
    {{"seven-letters", "Play a word of 7 or more letters", 2}, G_WORD_LEN, 7, 0},
    {{"eight-letters", "Play a word of 8 or more letters", 3}, G_WORD_LEN, 8, 0},
    {{"two-words", "Form 2 or more words in one play", 1}, G_WORDS, 2, 0},
    {{"three-words", "Form 3 or more words in one play", 2}, G_WORDS, 3, 0},
    {{"score-20", "Score 20 or more points in one play", 1}, G_POINTS, 20, 0},
    {{"score-30", "Score 30 or more points in one play", 1}, G_POINTS, 30, 0},
    {{"score-40", "Score 40 or more points in one play", 2}, G_POINTS, 40, 0},
    {{"score-60", "Score 60 or more points in one play", 3}, G_POINTS, 60, 0},
    {{"jqxz", "Play a word with a J, Q, X or Z tile", 2}, G_TILE_OF, 8, 99},
    {{"fhkvwy", "Play a word with an F, H, K, V, W or Y tile", 1},
     G_TILE_OF, 4, 7},
    {{"down", "Play a word down", 1}, G_DIRECTION, 1, 0},
    {{"across", "Play a word across", 1}, G_DIRECTION, 0, 0},
    {{"blank", "Play a blank", 2}, G_BLANK, 0, 0},
    {{"two-premiums", "Cover 2 premium squares in one play", 1},
     G_PREMIUMS, 2, 0},
    {{"three-premiums", "Cover 3 premium squares in one play", 3},
     G_PREMIUMS, 3, 0},
    {{"triple-word", "Cover a triple word square", 2}, G_SQUARE,
     CORE_PREMIUM_TW, 0},
    {{"triple-letter", "Cover a triple letter square", 1}, G_SQUARE,
     CORE_PREMIUM_TL, 0},
    {{"double-word", "Cover a double word square", 1}, G_SQUARE,
     CORE_PREMIUM_DW, 0},
    {{"hook", "Add one letter to the start or end of a word on the board", 2},
     G_HOOK, 0, 0},
    {{"one-vowel", "Play a word of 4 or more letters with only one vowel", 2},
     G_ONE_VOWEL, 4, 0},
    {{"bingo", "Play all seven tiles at once", 3}, G_BINGO, 0, 0},
    {{"palindrome", "Play a word of 3 or more letters that reads the same "
                    "backwards",
      2},
     G_PALINDROME, 3, 0},
    {{"one-pointers", "Play a word of 5 or more letters of one-point tiles "
                      "only",
      2},
     G_ONE_POINT, 5, 0},
    {{"last-tile", "Play the last tile of a letter: every other one is on "
                   "the board",
      2},
     G_LAST_TILE, 0, 0},
    {{"five-tiles", "Place 5 or more tiles in one play", 2}, G_TILES, 5, 0},
    {{"same-ends", "Play a word of 3 or more letters that starts and ends "
                   "with the same letter",
      2},
     G_SAME_ENDS, 3, 0},
    {{"double-letter", "Play a word with a double letter, like BOOK", 1},
     G_DOUBLE, 0, 0},
    {{"three-vowels", "Play a word with 3 or more vowels", 1}, G_VOWELS, 3, 0},
    {{"edge", "Place a tile on the edge of the board", 2}, G_EDGE, 0, 0},
    {{"small-play", "Score 15 or more with a play of one or two tiles", 2},
     G_SMALL_PLAY, 15, 0},
};
/* clang-format on */

/* Each difficulty: the weights its deck holds, its target and helpers.
 * The targets are chosen with bench/bench_goals so that greedy play (the
 * best-scoring play every turn, no helper) wins about 80% of Easy games,
 * 40% of Normal and 10% of Hard (docs/RULES.md, "Goals mode"). Hard's deck
 * leaves out the easiest goals, so its target is lower than Normal's. */
struct level_row {
    const char *name;
    int min_weight, max_weight;
    int target;
    int helpers;
};

static const struct level_row levels[] = {
    [CORE_GOALS_OFF] = {"off", 0, 0, 0, 0},
    [CORE_GOALS_EASY] = {"easy", 1, 2, 12, 3},
    [CORE_GOALS_NORMAL] = {"normal", 1, 3, 14, 2},
    [CORE_GOALS_HARD] = {"hard", 2, 3, 13, 1},
};
static_assert(CLB_GOALS_MAX_HELPERS >= 3, "Easy's pool fits a record");

/* True when a letter tile's points are in the letter goal g's range. */
static bool tile_in_range(const struct core_tileset *ts,
                          const struct goal_row *g, char tile)
{
    int m = core_tile_letter(tile, ts->n);
    return m >= 0 && ts->points[m] >= g->p && ts->points[m] <= g->q;
}

const struct core_goal_info *core_goal_info(int goal)
{
    if (goal < 0 || goal >= CLB_GOALS_COUNT)
        return NULL;
    return &goal_table[goal].info;
}

int core_goal_letters(int goal, const struct core_tileset *ts,
                      int letters[CLB_MAX_LETTERS])
{
    if (goal < 0 || goal >= CLB_GOALS_COUNT ||
        goal_table[goal].kind != G_TILE_OF)
        return 0;
    int n = 0;
    for (int m = 0; m < ts->n; m++)
        if (tile_in_range(ts, &goal_table[goal], core_letter_tile(m)))
            letters[n++] = m;
    return n;
}

void core_goal_text(int goal, const struct core_tileset *ts, char *out,
                    size_t cap)
{
    const struct core_goal_info *info = core_goal_info(goal);
    int letters[CLB_MAX_LETTERS];
    int n = info == NULL ? 0 : core_goal_letters(goal, ts, letters);
    if (cap == 0)
        return;
    if (n == 0 || core_tileset_is_default(ts)) {
        /* (No empty literal here: the catalogues' extractor reads this
         * file, and "" is gettext's header.) */
        if (info == NULL)
            out[0] = '\0';
        else
            snprintf(out, cap, "%s", info->text);
        return;
    }
    /* At most 32 tiles of 8 bytes and their separators. */
    char list[CLB_MAX_LETTERS * (CLB_MAX_TILE_BYTES + 2) + 1];
    size_t at = 0;
    for (int i = 0; i < n; i++)
        at += (size_t)snprintf(list + at, sizeof list - at,
                               i > 0 ? ", %s" : "%s", ts->upper[letters[i]]);
    snprintf(out, cap, goal_letters_text, list);
}

static bool level_valid(enum core_goals_level level)
{
    return level >= CORE_GOALS_EASY && level <= CORE_GOALS_HARD;
}

const char *core_goals_level_name(enum core_goals_level level)
{
    return level_valid(level) ? levels[level].name : levels[0].name;
}

enum core_goals_level core_goals_level_of(const char *name, size_t len)
{
    for (int l = CORE_GOALS_EASY; l <= CORE_GOALS_HARD; l++)
        if (strlen(levels[l].name) == len &&
            memcmp(levels[l].name, name, len) == 0)
            return (enum core_goals_level)l;
    return CORE_GOALS_OFF;
}

int core_goals_target(enum core_goals_level level)
{
    return level_valid(level) ? levels[level].target : 0;
}

int core_goals_helpers(enum core_goals_level level)
{
    return level_valid(level) ? levels[level].helpers : 0;
}

/* ---- the deal ----------------------------------------------------------- */

static bool face_up(const struct core_goals *g, int goal)
{
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++)
        if (g->faceup[i] == goal)
            return true;
    return false;
}

/* The next goal of the deck that is not face up: the deck is dealt round
 * again when it runs out, so a game never lacks goals. Terminates: the
 * deck holds more goals than lie face up. */
static int draw_goal(struct core_goals *g)
{
    for (;;) {
        int goal = g->deck[g->next % g->ndeck];
        g->next++;
        if (!face_up(g, goal))
            return goal;
    }
}

void core_goals_deal(struct core_goals *goals, uint32_t seed,
                     enum core_goals_level level)
{
    memset(goals, 0, sizeof *goals);
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++)
        goals->faceup[i] = -1;
    if (!level_valid(level))
        return;
    const struct level_row *l = &levels[level];
    goals->level = (uint8_t)level;
    goals->target = l->target;
    goals->helpers_left = l->helpers;
    for (int i = 0; i < CLB_GOALS_COUNT; i++)
        if (goal_table[i].info.weight >= l->min_weight &&
            goal_table[i].info.weight <= l->max_weight)
            goals->deck[goals->ndeck++] = (uint8_t)i;
    /* The generator as the deal's, under its own name, so the deck and
     * the tiles are independent draws of the same seed. */
    static const char tag[] = "collabble-goals";
    uint64_t rng = core_hash_bytes(CORE_HASH_INIT, tag, sizeof tag - 1);
    rng = core_hash_int(rng, (int)seed);
    rng = core_hash_int(rng, (int)level);
    for (int i = goals->ndeck - 1; i >= 1; i--) {
        int j = (int)core_rng_below(&rng, (uint32_t)i + 1);
        uint8_t t = goals->deck[i];
        goals->deck[i] = goals->deck[j];
        goals->deck[j] = t;
    }
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++)
        goals->faceup[i] = (int16_t)draw_goal(goals);
}

/* ---- the predicates ----------------------------------------------------- */

/* What the predicates read: the position before, the play, the rules'
 * result and the board after. */
struct judged {
    const struct core_game *before;
    const struct core_move *move;
    const struct core_move_result *r;
    const char (*after)[CLB_BOARD_SIZE];
    uint32_t vowels; /* the set's vowels (core_tileset_vowels) */
};

/* The board square of letter i of word w. */
static char word_square(const struct judged *j, int w, int i)
{
    const struct core_word_at *at = &j->r->word_at[w];
    return at->down ? j->after[at->row + i][at->col]
                    : j->after[at->row][at->col + i];
}

/* The letter tile a square spells (a blank as its letter's). */
static char spelled(const struct judged *j, char sq)
{
    return core_tile_face(sq, core_game_tileset(j->before)->n);
}

/* True for a letter tile the game's set counts as a vowel (its list:
 * English's A E I O U). */
static bool is_vowel(const struct judged *j, char letter)
{
    int m = core_tile_letter(letter, core_game_tileset(j->before)->n);
    return m >= 0 && (j->vowels >> m & 1u) != 0;
}

/* Was square i of word w empty before the play (a tile placed now)? */
static bool word_fresh(const struct judged *j, int w, int i)
{
    const struct core_word_at *at = &j->r->word_at[w];
    int row = at->row + (at->down ? i : 0), col = at->col + (at->down ? 0 : i);
    return j->before->board[row][col] == CORE_EMPTY;
}

static int count_vowels(const struct judged *j, int w)
{
    int n = 0;
    for (int i = 0; i < j->r->word_at[w].len; i++)
        n += is_vowel(j, spelled(j, word_square(j, w, i)));
    return n;
}

/* One word's test for the word kinds. */
static bool word_meets(const struct judged *j, const struct goal_row *g, int w)
{
    int len = j->r->word_at[w].len;
    switch (g->kind) {
    case G_WORD_LEN: return len >= g->p;
    case G_TILE_OF:
        for (int i = 0; i < len; i++)
            if (tile_in_range(core_game_tileset(j->before), g,
                              word_square(j, w, i)))
                return true; /* a blank's byte is no letter tile's */
        return false;
    case G_HOOK: {
        /* One placed tile, at the first or last square, the rest (two
         * letters or more) a word that was on the board. */
        int fresh = 0;
        for (int i = 0; i < len; i++)
            fresh += word_fresh(j, w, i);
        return len >= 3 && fresh == 1 &&
               (word_fresh(j, w, 0) || word_fresh(j, w, len - 1));
    }
    case G_ONE_VOWEL: return len >= g->p && count_vowels(j, w) == 1;
    case G_PALINDROME:
        if (len < g->p)
            return false;
        for (int i = 0; i < len / 2; i++)
            if (spelled(j, word_square(j, w, i)) !=
                spelled(j, word_square(j, w, len - 1 - i)))
                return false;
        return true;
    case G_ONE_POINT:
        if (len < g->p)
            return false;
        for (int i = 0; i < len; i++)
            if (core_tile_points(core_game_tileset(j->before),
                                 word_square(j, w, i)) != 1)
                return false; /* a blank (0) is not a one-point tile */
        return true;
    case G_SAME_ENDS:
        return len >= g->p && spelled(j, word_square(j, w, 0)) ==
                                  spelled(j, word_square(j, w, len - 1));
    case G_DOUBLE:
        for (int i = 1; i < len; i++)
            if (spelled(j, word_square(j, w, i)) ==
                spelled(j, word_square(j, w, i - 1)))
                return true;
        return false;
    case G_VOWELS: return count_vowels(j, w) >= g->p;
    default: return false;
    }
}

static bool any_word(const struct judged *j, const struct goal_row *g)
{
    for (int w = 0; w < j->r->nwords; w++)
        if (word_meets(j, g, w))
            return true;
    return false;
}

/* Premium squares of kind `want` (CORE_PREMIUM_NONE: any) covered. */
static int premiums_covered(const struct core_move *m, int want)
{
    int n = 0;
    for (int i = 0; i < m->ntiles; i++) {
        enum core_premium p = core_premium_at(m->tiles[i].row, m->tiles[i].col);
        n +=
            want == CORE_PREMIUM_NONE ? p != CORE_PREMIUM_NONE : (int)p == want;
    }
    return n;
}

/* A letter tile placed whose letter is then all on the board: as many
 * tiles of it (blanks aside) on the board after as the set holds. */
static bool last_of_letter(const struct judged *j)
{
    for (int i = 0; i < j->move->ntiles; i++) {
        const struct core_placement *t = &j->move->tiles[i];
        if (t->blank)
            continue;
        int on_board = 0;
        for (int r = 0; r < CLB_BOARD_SIZE; r++)
            for (int c = 0; c < CLB_BOARD_SIZE; c++)
                on_board += j->after[r][c] == t->letter;
        const struct core_tileset *ts = core_game_tileset(j->before);
        if (on_board ==
            core_tile_distribution(ts, core_tile_letter(t->letter, ts->n)))
            return true;
    }
    return false;
}

static bool on_edge(const struct core_move *m)
{
    for (int i = 0; i < m->ntiles; i++) {
        int r = m->tiles[i].row, c = m->tiles[i].col;
        if (r == 0 || c == 0 || r == CLB_BOARD_SIZE - 1 ||
            c == CLB_BOARD_SIZE - 1)
            return true;
    }
    return false;
}

static bool row_meets(const struct judged *j, const struct goal_row *g)
{
    const struct core_move *m = j->move;
    const struct core_move_result *r = j->r;
    switch (g->kind) {
    case G_WORDS: return r->nwords >= g->p;
    case G_POINTS: return r->points >= g->p;
    case G_DIRECTION: return r->nwords > 0 && r->word_at[0].down == g->p;
    case G_BLANK:
        for (int i = 0; i < m->ntiles; i++)
            if (m->tiles[i].blank)
                return true;
        return false;
    case G_PREMIUMS: return premiums_covered(m, CORE_PREMIUM_NONE) >= g->p;
    case G_SQUARE: return premiums_covered(m, g->p) > 0;
    case G_BINGO: return r->bingo;
    case G_LAST_TILE: return last_of_letter(j);
    case G_TILES: return m->ntiles >= g->p;
    case G_EDGE: return on_edge(m);
    case G_SMALL_PLAY: return m->ntiles <= 2 && r->points >= g->p;
    default: return any_word(j, g);
    }
}

/* True when `move` (a canonical play that the rules accepted on `before`,
 * with *result what they made of it and `after` the board it left) meets
 * goal number `goal`. False for anything but a play. Cannot fail. */
static bool goal_met(int goal, const struct core_game *before,
                     const struct core_move *move,
                     const struct core_move_result *result,
                     const char after[CLB_BOARD_SIZE][CLB_BOARD_SIZE])
{
    if (goal < 0 || goal >= CLB_GOALS_COUNT || move->type != CORE_MOVE_PLAY ||
        result->type != CORE_MOVE_PLAY)
        return false;
    struct judged j = {before, move, result, after,
                       core_tileset_vowels(core_game_tileset(before))};
    return row_meets(&j, &goal_table[goal]);
}

void core_goals_judge(const struct core_game *before,
                      const struct core_move *move,
                      const char after[CLB_BOARD_SIZE][CLB_BOARD_SIZE],
                      struct core_move_result *result)
{
    result->ngoals = 0;
    if (before->goals.level == CORE_GOALS_OFF)
        return;
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++) {
        int goal = before->goals.faceup[i];
        if (goal >= 0 && goal_met(goal, before, move, result, after))
            result->goals[result->ngoals++] = (uint8_t)goal;
    }
}

void core_goals_complete(struct core_goals *goals,
                         const struct core_move_result *result)
{
    goals->peeked = false;
    if (goals->level == CORE_GOALS_OFF)
        return;
    /* All judged first (core_goals_judge), then replaced in face-up
     * order, so a goal dealt now is not met by the play that freed its
     * place. */
    for (int k = 0; k < result->ngoals; k++)
        for (int i = 0; i < CLB_GOALS_FACE_UP; i++)
            if (goals->faceup[i] == result->goals[k]) {
                goals->faceup[i] = -1;
                goals->completed++;
            }
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++)
        if (goals->faceup[i] < 0)
            goals->faceup[i] = (int16_t)draw_goal(goals);
}

bool core_goals_won(const struct core_goals *goals)
{
    return goals->level != CORE_GOALS_OFF && goals->completed >= goals->target;
}

/* ---- the helpers -------------------------------------------------------- */

/* True when slot s of rack is the first that holds its tile. */
static bool first_of_its_tile(const struct core_rack *rack, int s)
{
    for (int t = 0; t < s; t++)
        if (rack->tiles[t] == rack->tiles[s])
            return false;
    return true;
}

static enum clb_err check_swap(const struct core_game *g,
                               const struct core_helper_use *use,
                               struct clb_error *err)
{
    const struct core_rack *mine = &g->hands[g->turn];
    const struct core_rack *theirs = &g->hands[g->turn == CORE_P1];
    if (use->mine >= mine->count || use->theirs >= theirs->count)
        return clb_error_set(err, CLB_ERR_BAD_SWAP,
                             "a swap needs a tile of each rack");
    if (mine->tiles[use->mine] == theirs->tiles[use->theirs])
        return clb_error_set(err, CLB_ERR_BAD_SWAP,
                             "the two tiles are the same");
    if (!first_of_its_tile(mine, use->mine) ||
        !first_of_its_tile(theirs, use->theirs))
        return clb_error_set(err, CLB_ERR_BAD_SWAP,
                             "a tile is named by the first slot holding it");
    return CLB_ERR_OK;
}

enum clb_err core_goals_helper(const struct core_game *game,
                               const struct core_helper_use *use,
                               struct core_game *next, struct clb_error *err)
{
    clb_error_clear(err);
    if (game->goals.level == CORE_GOALS_OFF)
        return clb_error_set(err, CLB_ERR_NOT_GOALS_GAME, NULL);
    if (game->game_over)
        return clb_error_set(err, CLB_ERR_GAME_OVER, NULL);
    if (game->goals.helpers_left <= 0)
        return clb_error_set(err, CLB_ERR_NO_HELPER_LEFT, NULL);
    if (use->kind > CORE_HELPER_PEEK)
        return clb_error_set(err, CLB_ERR_BAD_REQUEST, "no such helper");
    if (use->kind == CORE_HELPER_SWAP &&
        check_swap(game, use, err) != CLB_ERR_OK)
        return err->code;
    if (next != game)
        *next = *game;
    struct core_goals *goals = &next->goals;
    goals->helpers_left--;
    switch ((enum core_helper)use->kind) {
    case CORE_HELPER_NEW_GOALS:
        for (int i = 0; i < CLB_GOALS_FACE_UP; i++)
            goals->faceup[i] = -1;
        for (int i = 0; i < CLB_GOALS_FACE_UP; i++)
            goals->faceup[i] = (int16_t)draw_goal(goals);
        break;
    case CORE_HELPER_SWAP: {
        char *a = &next->hands[next->turn].tiles[use->mine];
        char *b = &next->hands[next->turn == CORE_P1].tiles[use->theirs];
        char t = *a;
        *a = *b;
        *b = t;
        break;
    }
    case CORE_HELPER_PEEK: goals->peeked = true; break;
    }
    return CLB_ERR_OK;
}

bool core_goals_peek(const struct core_game *game, const struct core_kwg *graph,
                     struct clb_cell *square)
{
    if (graph == NULL)
        return false;
    struct core_movegen mg;
    core_movegen_init(&mg, (const char(*)[CLB_BOARD_SIZE])game->board, graph);
    struct core_budget budget = {CLB_PEEK_NODES, false};
    mg.budget = &budget;
    struct core_play best;
    if (!core_movegen_best(&mg, &game->hands[game->turn], &best))
        return false;
    struct core_move move;
    core_play_to_move(&best, (const char(*)[CLB_BOARD_SIZE])game->board, &move);
    core_move_canonical(game, &move, &move);
    square->row = move.tiles[0].row;
    square->col = move.tiles[0].col;
    return true;
}
