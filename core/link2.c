/* core/link2.c - the v2 turn link codec (link2.h; the format is specified
 * in docs/LINK.md, "The v2 link").
 *
 * The payload is a string of fields, each an integer below a radix that the
 * position at that point fixes (how many tiles the mover holds, how many
 * squares are empty, whether the bag allows an exchange), written in the
 * fewest bits that radix needs, most significant bit first. Reading and
 * writing share those radices, and a field at or above its radix, bits
 * after the end, or a move that is not in its one canonical form are all
 * refused, so every game has exactly one link and a damaged link cannot
 * pass as another game. Pure: no I/O, no heap.
 */
/* SPDX-License-Identifier: MIT */
#include "link2.h"
#include "partner.h"

#include <string.h>

#include "goals.h"
#include "tiles.h"

/* The version character and the four check characters before the payload. */
#define LINK2_HEAD_CHARS 5
#define LINK2_CRC_CHARS 4
#define LINK2_PAYLOAD_CHARS (CLB_MAX_LINK2_CHARS - LINK2_HEAD_CHARS)

/* Radices of the fixed fields. */
#define RADIX_NAME_LEN 32  /* a name of 1..32 characters */
#define RADIX_NAME_CHAR 64 /* one base64url character */
#define RADIX_RACK_COUNT 8 /* 0..7 tiles */
/* The tile fields' radices come from the game's tile set of n letters: a
 * board tile is a letter or a blank standing for one (2n), a rack tile a
 * kind (n + 1), a blank's letter a letter (n). English's are 52, 27 and
 * 26. A position start is a classic (v1) link's, so English. */

/* The most bits a link can need (header with a classic position and a
 * named lexicon, then every move at its largest), which must fit. */
#define LINK2_MAX_HEADER_BITS                                                  \
    (2 + (5 + 32 * 6 + 32) +                                                   \
     (5 + 32 * 6 + 1 + 1 + 20 + CLB_BOARD_SIZE * CLB_BOARD_SIZE +              \
      CLB_MAX_TILES * 6 + 2 * (3 + CLB_RACK_SIZE * 5)))
#define LINK2_MAX_MOVE_BITS (4 + 22 + 2 * 5) /* kind, play, two blanks */
/* A tile set other than English: its mark and its name. */
#define LINK2_MAX_TILESET_BITS (4 + 5 + 32 * 6)
/* A goals game's mode field and its helpers (a swap: kind, which, two
 * slots), at most CLB_GOALS_MAX_HELPERS in a game. */
#define LINK2_MAX_GOALS_BITS (4 + CLB_GOALS_MAX_HELPERS * (4 + 2 + 3 + 3))
/* A solo game's mark and level, and the one hand-over of its seat (a kind
 * field; a kind's radix stays below 16 with it, so no field widens past
 * LINK2_MAX_MOVE_BITS's 4 bits). */
#define LINK2_MAX_PARTNER_BITS (4 + 2 + 4)
static_assert(CLB_MAX_LETTERS <= 32, "a blank's letter fits 5 bits");
static_assert(LINK2_MAX_HEADER_BITS + CLB_MAX_GAME_MOVES * LINK2_MAX_MOVE_BITS +
                      LINK2_MAX_GOALS_BITS + LINK2_MAX_TILESET_BITS +
                      LINK2_MAX_PARTNER_BITS + 4 <=
                  6 * LINK2_PAYLOAD_CHARS,
              "CLB_MAX_LINK2_CHARS must hold the longest possible link");
static_assert(CLB_MAX_GAME_MOVES <= 255, "move numbers fit the details");
static_assert(CLB_MAX_SCORE < (1 << 20), "a score fits 20 bits");

static const char b64url[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* Each base64url character's value plus one (0 for any other byte). */
static const signed char b64_plus_one[256] = {
    ['A'] = 1,  ['B'] = 2,  ['C'] = 3,  ['D'] = 4,  ['E'] = 5,  ['F'] = 6,
    ['G'] = 7,  ['H'] = 8,  ['I'] = 9,  ['J'] = 10, ['K'] = 11, ['L'] = 12,
    ['M'] = 13, ['N'] = 14, ['O'] = 15, ['P'] = 16, ['Q'] = 17, ['R'] = 18,
    ['S'] = 19, ['T'] = 20, ['U'] = 21, ['V'] = 22, ['W'] = 23, ['X'] = 24,
    ['Y'] = 25, ['Z'] = 26, ['a'] = 27, ['b'] = 28, ['c'] = 29, ['d'] = 30,
    ['e'] = 31, ['f'] = 32, ['g'] = 33, ['h'] = 34, ['i'] = 35, ['j'] = 36,
    ['k'] = 37, ['l'] = 38, ['m'] = 39, ['n'] = 40, ['o'] = 41, ['p'] = 42,
    ['q'] = 43, ['r'] = 44, ['s'] = 45, ['t'] = 46, ['u'] = 47, ['v'] = 48,
    ['w'] = 49, ['x'] = 50, ['y'] = 51, ['z'] = 52, ['0'] = 53, ['1'] = 54,
    ['2'] = 55, ['3'] = 56, ['4'] = 57, ['5'] = 58, ['6'] = 59, ['7'] = 60,
    ['8'] = 61, ['9'] = 62, ['-'] = 63, ['_'] = 64,
};

/* The 6-bit value of a base64url character, or -1. */
static int b64_value(char c)
{
    return b64_plus_one[(unsigned char)c] - 1;
}

/* CRC-24 as OpenPGP defines it (RFC 4880, 6.1): polynomial 0x864CFB,
 * initial value 0xB704CE, no reflection, no final XOR. Its degree is 24,
 * so it catches every error confined to 24 consecutive bits: any one
 * character changed, whatever it becomes. */
static uint32_t crc24(uint32_t crc, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        crc ^= (uint32_t)(unsigned char)p[i] << 16;
        for (int b = 0; b < 8; b++) {
            crc <<= 1;
            if (crc & 0x1000000u)
                crc ^= 0x1864CFBu;
        }
    }
    return crc & 0xFFFFFFu;
}

/* The check value of a link: the version character and the payload
 * characters, as ASCII, skipping the four check characters themselves. */
static uint32_t link_crc(const char *s, size_t len)
{
    uint32_t crc = crc24(0xB704CEu, s, 1);
    return crc24(crc, s + LINK2_HEAD_CHARS, len - LINK2_HEAD_CHARS);
}

static uint32_t stored_crc(const char *s)
{
    uint32_t v = 0;
    for (int i = 1; i <= LINK2_CRC_CHARS; i++)
        v = v << 6 | (uint32_t)b64_value(s[i]);
    return v;
}

/* Bits needed for a value below radix (0 for radix 1): the bit length of
 * radix - 1, at most 63. */
static int bits_for(uint64_t radix)
{
    if (radix <= 1)
        return 0;
    int w = 64 - __builtin_clzll(radix - 1);
    return w < 63 ? w : 63;
}

static uint64_t permutations(int n, int k)
{
    uint64_t p = 1;
    for (int i = 0; i < k; i++)
        p *= (uint64_t)(n - i);
    return p;
}

static int count_empty(const struct core_game *g)
{
    int n = 0;
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            n += g->board[r][c] == CORE_EMPTY;
    return n;
}

/* Whether a kind field of g has the hand-over value: at Player 2's turn
 * in a solo game whose seat is still the computer's. */
static bool has_handover(const struct core_game *g)
{
    return g->partner != CORE_PARTNER_FRIEND && g->turn == CORE_P2 &&
           !g->game_over;
}

/* Whether g's kind field has the helper value: a goals game with a helper
 * left. */
static bool has_helper(const struct core_game *g)
{
    return g->goals.level != CORE_GOALS_OFF && g->goals.helpers_left > 0;
}

/* The radix of a move's kind field: end, pass, exchange (only with a tile
 * to give and CLB_EXCHANGE_MIN_BAG in the bag), then a play of 1..n tiles,
 * then, in a goals game with a helper left, a helper, then, at the
 * computer's turn of a solo game, the hand-over of its seat (the last
 * value). *exchange says whether the exchange value exists. */
static uint64_t kind_radix(const struct core_game *g, bool *exchange)
{
    int n = g->hands[g->turn].count;
    *exchange = n >= 1 && core_bag_count(g) >= CLB_EXCHANGE_MIN_BAG;
    return (uint64_t)(2 + (*exchange ? 1 : 0) + n + (has_helper(g) ? 1 : 0) +
                      (has_handover(g) ? 1 : 0));
}

/* The kind value of a helper, when kind_radix() has one. */
static uint64_t helper_kind(const struct core_game *g, bool exchange)
{
    return (uint64_t)(2 + (exchange ? 1 : 0) + g->hands[g->turn].count);
}

/* The kind value of the seat's hand-over, when kind_radix() has one. */
static uint64_t handover_kind(const struct core_game *g, bool exchange)
{
    return helper_kind(g, exchange) + (has_helper(g) ? 1 : 0);
}

enum { KIND_END = 0, KIND_PASS = 1, KIND_EXCHANGE = 2 };

/* The mode field of a seed start: four bits after the seed, which in a
 * plain game are the first move's kind (radix 10: a new deal's rack of 7
 * with a full bag), so a plain link has no field of its own; 10, 11 and 12
 * say a goals game of Easy, Normal or Hard, whose first kind follows. */
#define RADIX_MODE 16
#define MODE_FIRST_GOALS 10
/* 13 in the mode field's place: the game is in the tile set named next
 * (written only for a set other than English, so English links are as
 * they were); the mode field, if any, follows the name. */
#define MODE_TILESET 13
/* 14 in the mode field's place: a solo game, the computer's level (radix
 * RADIX_LEVEL: 0 casual, 1 good, 2 best) next; then the mode field as
 * before (a tile set's name, a goals level, or the first kind). */
#define MODE_PARTNER 14
#define RADIX_LEVEL CORE_PARTNER_LEVELS
#define RADIX_HELPER 3 /* enum core_helper */

/* ---- reading ------------------------------------------------------------ */

/* 64-bit words that hold every bit of the longest payload. */
#define LINK2_BIT_WORDS ((6 * LINK2_PAYLOAD_CHARS + 63) / 64)

struct reader {
    const char *p; /* the payload characters */
    size_t nbits;  /* 6 per payload character */
    size_t pos;    /* next bit */
    struct clb_error *err;
    int move; /* the move being read, 0 in the header (for details) */
    /* The payload's bits from bit `base` (where the reader started, to its
     * character) on, decoded once: 64 to a word, the first bit highest,
     * then a zero word, so a field is one shift or two. */
    size_t base;
    uint64_t bits[LINK2_BIT_WORDS + 2];
};

/* Starts a reader at bit pos of the payload's nchars characters (checked
 * by core_link2_read_header: each is a 6-bit value). The bits array is
 * written, not cleared, as far as the payload goes. */
static void reader_init(struct reader *r, const char *p, size_t nchars,
                        size_t pos, struct clb_error *err)
{
    r->p = p;
    r->nbits = 6 * nchars;
    r->pos = pos;
    r->err = err;
    r->move = 0;
    size_t first = pos / 6 < nchars ? pos / 6 : nchars;
    r->base = 6 * first;
    uint64_t acc = 0;
    int n = 0; /* bits in acc, from the top */
    size_t w = 0;
    for (size_t i = first; i < nchars; i++) {
        uint64_t v = (uint64_t)(b64_value(p[i]) & 0x3F);
        if (n <= 58) {
            acc |= v << (58 - n);
            n += 6;
            if (n == 64) {
                r->bits[w++] = acc;
                acc = 0;
                n = 0;
            }
        } else { /* the character straddles two words */
            int spill = n + 6 - 64;
            r->bits[w++] = acc | v >> spill;
            acc = v << (64 - spill);
            n = spill;
        }
    }
    r->bits[w++] = acc;
    r->bits[w] = 0;
}

static enum clb_err damaged(struct reader *r, const char *what)
{
    if (r->move > 0)
        return clb_error_set(r->err, CLB_ERR_BAD_STATE,
                             "the link is damaged: %s at move %d", what,
                             r->move);
    return clb_error_set(r->err, CLB_ERR_BAD_STATE,
                         "the link is damaged: %s in its header", what);
}

/* Reads a field below `radix`; false (with the error set) when the link
 * ends first or the value is out of range. The characters were checked by
 * core_link2_read_header, so each is a 6-bit value; a field is taken from
 * the decoded words at once. */
static bool get(struct reader *r, uint64_t radix, uint64_t *out)
{
    int w = bits_for(radix);
    if (r->pos + (size_t)w > r->nbits) {
        clb_error_set(r->err, CLB_ERR_BAD_STATE, "the link is cut short");
        return false;
    }
    uint64_t v = 0;
    if (w > 0) { /* w <= 63 */
        size_t rel = r->pos - r->base;
        unsigned off = (unsigned)(rel % 64);
        uint64_t x = r->bits[rel / 64] << off;
        if (off != 0)
            x |= r->bits[rel / 64 + 1] >> (64 - off);
        v = x >> (64 - w);
        r->pos += (size_t)w;
    }
    if (v >= radix) {
        damaged(r, "a value out of range");
        return false;
    }
    *out = v;
    return true;
}

static bool get_int(struct reader *r, uint64_t radix, int *out)
{
    uint64_t v;
    if (!get(r, radix, &v))
        return false;
    *out = (int)v;
    return true;
}

/* A name of 1..32 base64url characters. */
static bool get_name(struct reader *r, char *out)
{
    int len, c;
    if (!get_int(r, RADIX_NAME_LEN, &len))
        return false;
    for (int i = 0; i <= len; i++) {
        if (!get_int(r, RADIX_NAME_CHAR, &c))
            return false;
        out[i] = b64url[c];
    }
    out[len + 1] = '\0';
    return true;
}

static bool get_lexicon(struct reader *r, struct core_lexicon_id *id)
{
    int named;
    memset(id, 0, sizeof *id);
    if (!get_int(r, 2, &named))
        return false;
    if (!named) {
        id->fingerprint = CORE_LEXICON_BUILTIN_FINGERPRINT;
        memcpy(id->name, CORE_LEXICON_BUILTIN_NAME,
               sizeof CORE_LEXICON_BUILTIN_NAME);
        return true;
    }
    uint64_t fp;
    if (!get_name(r, id->name) || !get(r, UINT64_C(1) << 32, &fp))
        return false;
    id->fingerprint = (uint32_t)fp;
    /* The built-in list has its own one-bit code: one game, one link. */
    if (core_lexicon_id_builtin(id)) {
        damaged(r, "the built-in word list written by name");
        return false;
    }
    return true;
}

/* A classic link's position: gameId, turn, passes, score, board, racks;
 * the bag is what the set has left. */
static bool get_position(struct reader *r, struct core_game *g)
{
    memset(g, 0, sizeof *g);
    const struct core_tileset *ts = &core_tileset_english;
    g->tileset = ts;
    int n = ts->n;
    int turn, v;
    if (!get_name(r, g->game_id) || !get_int(r, 2, &turn) ||
        !get_int(r, 2, &g->consecutive_passes) ||
        !get_int(r, CLB_MAX_SCORE + 1, &g->score))
        return false;
    g->turn = turn ? CORE_P2 : CORE_P1;
    for (int k = 0; k <= n; k++)
        g->bag[k] = core_tile_distribution(ts, k);
    for (int sq = 0; sq < CLB_BOARD_SIZE * CLB_BOARD_SIZE; sq++) {
        char *cell = &g->board[sq / CLB_BOARD_SIZE][sq % CLB_BOARD_SIZE];
        *cell = CORE_EMPTY;
        if (!get_int(r, 2, &v))
            return false;
        if (!v)
            continue;
        if (!get_int(r, (uint64_t)(2 * n), &v))
            return false;
        *cell = v < n ? core_letter_tile(v) : core_blank_tile(v - n);
        g->bag[v < n ? v : n]--;
    }
    for (int p = 0; p < CLB_PLAYERS; p++) {
        struct core_rack *rack = &g->hands[p];
        if (!get_int(r, RADIX_RACK_COUNT, &rack->count))
            return false;
        for (int i = 0; i < rack->count; i++) {
            if (!get_int(r, (uint64_t)(n + 1), &v))
                return false;
            rack->tiles[i] = core_kind_tile(ts, v);
            g->bag[v]--;
        }
    }
    for (int k = 0; k <= n; k++)
        if (g->bag[k] < 0) {
            damaged(r, "more tiles than the set has");
            return false;
        }
    g->end = CORE_END_NONE;
    return true;
}

/* Who holds a seed start's Player 2 seat: a MODE_PARTNER mark and the
 * computer's level, or (any other value, read again as the mode field) a
 * friend. */
static bool get_partner(struct reader *r, int *partner)
{
    size_t at = r->pos;
    uint64_t v;
    int level;
    *partner = CORE_PARTNER_FRIEND;
    if (!get(r, RADIX_MODE, &v))
        return false;
    if (v != MODE_PARTNER) {
        r->pos = at;
        return true;
    }
    if (!get_int(r, RADIX_LEVEL, &level))
        return false;
    *partner = CORE_PARTNER_CASUAL + level;
    return true;
}

/* The tile set of a seed start: a MODE_TILESET mark and its name, or
 * (any other value, read again as the mode field) English. */
static bool get_tileset(struct reader *r, const struct core_tileset **ts)
{
    size_t at = r->pos;
    uint64_t v;
    char name[RADIX_NAME_LEN + 2];
    *ts = &core_tileset_english;
    if (!get(r, RADIX_MODE, &v))
        return false;
    if (v != MODE_TILESET) {
        r->pos = at;
        return true;
    }
    /* A set this reader does not know, or a name that does not read, is
     * a mode value out of its range: what it was before sets had one. */
    if (get_name(r, name))
        *ts = core_tileset_by_name(name, strlen(name));
    if (*ts == NULL || core_tileset_is_default(*ts)) {
        damaged(r, "a value out of range (no tile set this Collabble knows)");
        return false;
    }
    return true;
}

/* The mode field of a seed start (RADIX_MODE): a plain game's are the
 * first kind's bits, read again by the moves. */
static bool get_mode(struct reader *r, struct core_history *h)
{
    size_t at = r->pos;
    uint64_t v;
    if (!get(r, RADIX_MODE, &v))
        return false;
    bool exchange;
    if (v < kind_radix(&h->first, &exchange)) {
        r->pos = at; /* a plain game: the first move's kind */
        return true;
    }
    if (v - MODE_FIRST_GOALS + CORE_GOALS_EASY > CORE_GOALS_HARD) {
        damaged(r, "a value out of range");
        return false;
    }
    core_goals_deal(
        &h->first.goals, h->seed,
        (enum core_goals_level)(v - MODE_FIRST_GOALS + CORE_GOALS_EASY));
    return true;
}

enum clb_err core_link2_read_header(const char *s, size_t len,
                                    struct core_history *h,
                                    struct core_link2 *link,
                                    struct clb_error *err)
{
    clb_error_clear(err);
    if (len > CLB_MAX_LINK2_CHARS)
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "the link is %zu characters; a v2 link has at "
                             "most %d",
                             len, CLB_MAX_LINK2_CHARS);
    if (len == 0 || s[0] != CORE_LINK2_VERSION_CHAR)
        return clb_error_set(err, CLB_ERR_BAD_STATE, "not a v2 link");
    for (size_t i = 0; i < len; i++)
        if (b64_value(s[i]) < 0)
            return clb_error_set(err, CLB_ERR_BAD_STATE,
                                 "the link is damaged: character %zu is not "
                                 "A-Z, a-z, 0-9, - or _",
                                 i + 1);
    /* The shortest link (a new game) has six payload characters. */
    if (len <= LINK2_HEAD_CHARS)
        return clb_error_set(err, CLB_ERR_BAD_STATE, "the link is cut short");
    if (link_crc(s, len) != stored_crc(s))
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "the link is damaged: its check characters do "
                             "not match (a character was changed, or some "
                             "were lost)");

    memcpy(link->text, s, len);
    link->text[len] = '\0';
    link->len = len;
    struct reader r;
    reader_init(&r, link->text + LINK2_HEAD_CHARS, len - LINK2_HEAD_CHARS, 0,
                err);
    int kind;
    h->nmoves = 0;
    h->no_after = false;
    h->handover = -1;
    if (!get_int(&r, 2, &kind) || !get_lexicon(&r, &h->lexicon))
        return err->code;
    if (kind == 0) {
        uint64_t seed;
        if (!get(&r, UINT64_C(1) << CLB_SEED_BITS, &seed))
            return err->code;
        h->start = CORE_START_SEED;
        h->seed = (uint32_t)seed;
        h->npending = 0;
        const struct core_tileset *ts;
        int partner;
        if (!get_partner(&r, &partner) || !get_tileset(&r, &ts))
            return err->code;
        h->lexicon.tileset = ts;
        core_game_deal_in(&h->first, h->seed, "", ts);
        h->first.partner = partner;
        if (!get_mode(&r, h))
            return err->code;
    } else {
        struct core_game position;
        if (!get_position(&r, &position))
            return err->code;
        struct core_lexicon_id id = h->lexicon;
        if (core_history_from_position(h, &position, &id, err) != CLB_ERR_OK)
            return clb_error_set(err, CLB_ERR_BAD_STATE,
                                 "the link's starting position is not a "
                                 "game: %.100s",
                                 err->detail);
    }
    link->next_bit = r.pos;
    return CLB_ERR_OK;
}

/* The first empty square at or after (r, c) along (dr, dc); false when the
 * line leaves the board first. */
static bool next_empty(const struct core_game *g, int *r, int *c, int dr,
                       int dc)
{
    int row = *r, col = *c;
    bool found = false;
    while (row < CLB_BOARD_SIZE && col < CLB_BOARD_SIZE) {
        if (g->board[row][col] == CORE_EMPTY) {
            found = true;
            break;
        }
        row += dr;
        col += dc;
    }
    *r = row;
    *c = col;
    return found;
}

/* The empty squares of the position being read, by row: counted once,
 * then kept as the moves fill squares, so a play's placement is found
 * without counting the board again. */
struct empties {
    int total;
    int row[CLB_BOARD_SIZE];
};

static void empties_count(const struct core_game *g, struct empties *e)
{
    e->total = 0;
    for (int r = 0; r < CLB_BOARD_SIZE; r++) {
        e->row[r] = 0;
        for (int c = 0; c < CLB_BOARD_SIZE; c++)
            e->row[r] += g->board[r][c] == CORE_EMPTY;
        e->total += e->row[r];
    }
}

/* After a play: its squares are no longer empty. */
static void empties_fill(struct empties *e, const struct core_move *m)
{
    for (int i = 0; i < m->ntiles && i < CLB_RACK_SIZE; i++) {
        e->row[m->tiles[i].row]--;
        e->total--;
    }
}

/* The i-th empty square (i < e->total), counting in row-major order. */
static void nth_empty(const struct core_game *g, const struct empties *e, int i,
                      int *r, int *c)
{
    for (*r = 0; *r < CLB_BOARD_SIZE - 1 && i >= e->row[*r]; (*r)++)
        i -= e->row[*r];
    for (*c = 0; *c < CLB_BOARD_SIZE; (*c)++)
        if (g->board[*r][*c] == CORE_EMPTY && i-- == 0)
            return;
}

/* Reads a play of k tiles: where it starts, its direction, which rack
 * slots it takes (in line order), then the letter of each blank. */
static bool get_play(struct reader *r, const struct core_game *g,
                     const struct empties *e, int k, struct core_move *m)
{
    const struct core_rack *rack = &g->hands[g->turn];
    int n = rack->count;
    uint64_t empties = (uint64_t)e->total;
    uint64_t dirs = k >= 2 ? 2 : 1;
    uint64_t q;
    /* The kind field allows only 1..n tiles, and 100 tiles never fill the
     * board; checked all the same, so nothing below can divide by zero. */
    if (k < 1 || k > n || empties == 0) {
        damaged(r, "a play that cannot be");
        return false;
    }
    if (!get(r, empties * dirs * permutations(n, k), &q))
        return false;
    int row, col;
    nth_empty(g, e, (int)(q % empties), &row, &col);
    q /= empties;
    bool across = q % dirs == 0;
    q /= dirs;

    /* The rack slots not taken yet, a bit each. */
    unsigned free_slots = (1u << n) - 1;
    m->type = CORE_MOVE_PLAY;
    m->ntiles = k;
    for (int j = 0; j < k; j++) {
        int pick = (int)(q % (uint64_t)(n - j));
        q /= (uint64_t)(n - j);
        /* The pick-th free slot: drop the lowest free slot pick times. */
        unsigned rest = free_slots;
        for (int p = 0; p < pick; p++)
            rest &= rest - 1; /* 0 stays 0 */
        if (rest == 0) {      /* unreachable: pick < the free slots */
            damaged(r, "a tile that is not there");
            return false;
        }
        int slot = __builtin_ctz(rest);
        /* One game, one link: a tile is named by the first free slot that
         * holds it. */
        for (unsigned before = free_slots & ((1u << slot) - 1); before != 0;
             before &= before - 1)
            if (rack->tiles[__builtin_ctz(before)] == rack->tiles[slot]) {
                damaged(r, "a tile named out of order");
                return false;
            }
        free_slots &= ~(1u << slot);
        if (j > 0) {
            row += across ? 0 : 1;
            col += across ? 1 : 0;
        }
        if (!next_empty(g, &row, &col, across ? 0 : 1, across ? 1 : 0)) {
            damaged(r, "tiles running off the board");
            return false;
        }
        struct core_placement *t = &m->tiles[j];
        t->row = row;
        t->col = col;
        t->blank = rack->tiles[slot] == CORE_BLANK;
        t->letter = rack->tiles[slot];
    }
    for (int j = 0; j < k; j++) {
        int letter;
        if (m->tiles[j].blank) {
            if (!get_int(r, (uint64_t)core_game_tileset(g)->n, &letter))
                return false;
            m->tiles[j].letter = core_letter_tile(letter);
        }
    }
    return true;
}

/* Reads a helper: which, and a swap's slot of each rack (a swap with an
 * empty rack has radix 0 there: any value is damage). */
static bool get_helper(struct reader *r, const struct core_game *g,
                       struct core_move *m)
{
    int kind, mine = 0, theirs = 0;
    if (!get_int(r, RADIX_HELPER, &kind))
        return false;
    if (kind == CORE_HELPER_SWAP &&
        (!get_int(r, (uint64_t)g->hands[g->turn].count, &mine) ||
         !get_int(r, (uint64_t)g->hands[g->turn == CORE_P1].count, &theirs)))
        return false;
    m->type = CORE_MOVE_HELPER;
    m->helper.kind = (uint8_t)kind;
    m->helper.mine = (uint8_t)mine;
    m->helper.theirs = (uint8_t)theirs;
    return true;
}

/* Reads an exchange: the set of rack slots given back, as a bit mask. */
static bool get_exchange(struct reader *r, const struct core_game *g,
                         struct core_move *m)
{
    const struct core_rack *rack = &g->hands[g->turn];
    uint64_t v;
    if (!get(r, (UINT64_C(1) << rack->count) - 1, &v))
        return false;
    unsigned mask = (unsigned)v + 1;
    m->type = CORE_MOVE_EXCHANGE;
    m->ntiles = 0;
    for (int s = 0; s < rack->count; s++) {
        if (!(mask >> s & 1u))
            continue;
        for (int t = 0; t < s; t++)
            if (!(mask >> t & 1u) && rack->tiles[t] == rack->tiles[s]) {
                damaged(r, "a tile named out of order");
                return false;
            }
        m->exchange[m->ntiles++] = rack->tiles[s];
    }
    return true;
}

enum clb_err core_link2_read_moves(struct core_link2 *link,
                                   const struct core_lexicon *lexicon,
                                   struct core_history *h,
                                   struct core_game *game,
                                   struct clb_error *err)
{
    clb_error_clear(err);
    struct reader r;
    reader_init(&r, link->text + LINK2_HEAD_CHARS, link->len - LINK2_HEAD_CHARS,
                link->next_bit, err);
    *game = h->first;
    h->nmoves = 0;
    h->handover = -1;
    core_history_memo_reset(h);
    struct empties e;
    empties_count(game, &e);
    bool helped = false; /* a helper was read in this turn */
    /* A finished game has nothing after its last move, not even an end. */
    while (!game->game_over) {
        bool exchange;
        uint64_t kind;
        size_t at = r.pos;
        r.move = h->nmoves + 1;
        if (!get(&r, kind_radix(game, &exchange), &kind))
            return err->code;
        if (kind == KIND_END) {
            link->next_bit = at;
            break;
        }
        struct core_move m;
        memset(&m, 0, sizeof m);
        bool ok = true;
        if (has_handover(game) && kind == handover_kind(game, exchange)) {
            /* Written before the turn's helpers: one history, one link. */
            if (helped)
                return damaged(&r, "the seat handed over after a helper");
            if (core_history_handover(h, game, err) != CLB_ERR_OK)
                return core_history_move_error(err, r.move);
            link->next_bit = r.pos;
            continue;
        }
        if (kind == KIND_PASS)
            m.type = CORE_MOVE_PASS;
        else if (has_helper(game) && kind == helper_kind(game, exchange))
            ok = get_helper(&r, game, &m);
        else if (exchange && kind == KIND_EXCHANGE)
            ok = get_exchange(&r, game, &m);
        else
            ok = get_play(&r, game, &e, (int)kind - (exchange ? 3 : 2) + 1, &m);
        if (!ok)
            return err->code;
        if (core_history_play(h, game, &m, lexicon, NULL, err) != CLB_ERR_OK)
            return core_history_move_error(err, r.move);
        helped = m.type == CORE_MOVE_HELPER;
        if (helped) {
            link->next_bit = r.pos;
            continue;
        }
        if (m.type == CORE_MOVE_PLAY)
            empties_fill(&e, &h->moves[h->nmoves - 1].move);
        link->next_bit = r.pos;
    }
    r.move = 0;
    /* Exactly the characters the fields need: the last one's spare bits
     * are zero and nothing follows. */
    if (r.nbits - r.pos >= 6)
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "the link is damaged: characters after its end");
    for (; r.pos < r.nbits; r.pos++)
        if ((b64_value(r.p[r.pos / 6]) >> (5 - r.pos % 6)) & 1)
            return clb_error_set(err, CLB_ERR_BAD_STATE,
                                 "the link is damaged: bits set after its "
                                 "end");
    return CLB_ERR_OK;
}

/* ---- writing ------------------------------------------------------------ */

struct writer {
    unsigned char v[LINK2_PAYLOAD_CHARS]; /* 6-bit values */
    size_t pos;                           /* bits written */
    bool overflow;
};

static void put(struct writer *w, uint64_t value, uint64_t radix)
{
    int n = bits_for(radix);
    if (w->pos + (size_t)n > 6 * sizeof w->v) {
        w->overflow = true;
        return;
    }
    for (int i = n - 1; i >= 0; i--, w->pos++) {
        unsigned bit = (unsigned)(value >> i) & 1u;
        unsigned char *c = &w->v[w->pos / 6];
        if (w->pos % 6 == 0)
            *c = 0;
        *c = (unsigned char)(*c | bit << (5 - w->pos % 6));
    }
}

/* 1..32 characters of the base64url alphabet, else false. */
static bool put_name(struct writer *w, const char *name)
{
    size_t len = 0;
    while (len <= RADIX_NAME_LEN && name[len] != '\0')
        len++;
    if (len < 1 || len > RADIX_NAME_LEN)
        return false;
    for (size_t i = 0; i < len; i++)
        if (b64_value(name[i]) < 0)
            return false;
    put(w, len - 1, RADIX_NAME_LEN);
    for (size_t i = 0; i < len; i++)
        put(w, (uint64_t)b64_value(name[i]), RADIX_NAME_CHAR);
    return true;
}

static bool put_header(struct writer *w, const struct core_history *h)
{
    const struct core_game *g = &h->first;
    put(w, h->start == CORE_START_POSITION, 2);
    put(w, !core_lexicon_id_builtin(&h->lexicon), 2);
    if (!core_lexicon_id_builtin(&h->lexicon)) {
        if (!put_name(w, h->lexicon.name))
            return false;
        put(w, h->lexicon.fingerprint, UINT64_C(1) << 32);
    }
    const struct core_tileset *ts = core_game_tileset(g);
    if (h->start == CORE_START_SEED) {
        put(w, h->seed, UINT64_C(1) << CLB_SEED_BITS);
        if (g->partner != CORE_PARTNER_FRIEND) {
            if (g->partner < CORE_PARTNER_CASUAL ||
                g->partner > CORE_PARTNER_BEST)
                return false;
            put(w, MODE_PARTNER, RADIX_MODE);
            put(w, (uint64_t)(g->partner - CORE_PARTNER_CASUAL), RADIX_LEVEL);
        }
        if (!core_tileset_is_default(ts)) {
            put(w, MODE_TILESET, RADIX_MODE);
            if (!put_name(w, ts->name))
                return false;
        }
        /* A plain game has no mode field (its bits are the first kind's). */
        if (g->goals.level != CORE_GOALS_OFF)
            put(w, MODE_FIRST_GOALS + g->goals.level - CORE_GOALS_EASY,
                RADIX_MODE);
        return true;
    }
    if (g->goals.level != CORE_GOALS_OFF || !core_tileset_is_default(ts) ||
        g->partner != CORE_PARTNER_FRIEND)
        return false; /* goals, other sets and solo games: a seed only */
    int n = ts->n;
    if (!put_name(w, g->game_id) || g->consecutive_passes < 0 ||
        g->consecutive_passes > 1 || g->score < 0 || g->score > CLB_MAX_SCORE)
        return false;
    put(w, g->turn == CORE_P2, 2);
    put(w, (uint64_t)g->consecutive_passes, 2);
    put(w, (uint64_t)g->score, CLB_MAX_SCORE + 1);
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++) {
            char ch = g->board[r][c];
            put(w, ch != CORE_EMPTY, 2);
            int m = core_tile_letter(ch, n), b = core_tile_blank_letter(ch, n);
            if (m >= 0)
                put(w, (uint64_t)m, (uint64_t)(2 * n));
            else if (b >= 0)
                put(w, (uint64_t)(b + n), (uint64_t)(2 * n));
        }
    for (int p = 0; p < CLB_PLAYERS; p++) {
        const struct core_rack *rack = &g->hands[p];
        put(w, (uint64_t)rack->count, RADIX_RACK_COUNT);
        for (int i = 0; i < rack->count; i++)
            put(w, (uint64_t)core_tile_kind(ts, rack->tiles[i]),
                (uint64_t)(n + 1));
    }
    return true;
}

/* The index of (row, col) among the empty squares, row-major; -1 when the
 * square is off the board or taken. */
static int empty_index(const struct core_game *g, int row, int col)
{
    if (row < 0 || row >= CLB_BOARD_SIZE || col < 0 || col >= CLB_BOARD_SIZE ||
        g->board[row][col] != CORE_EMPTY)
        return -1;
    int i = 0;
    for (int r = 0; r < CLB_BOARD_SIZE; r++)
        for (int c = 0; c < CLB_BOARD_SIZE; c++) {
            if (r == row && c == col)
                return i;
            i += g->board[r][c] == CORE_EMPTY;
        }
    return -1;
}

static bool put_play(struct writer *w, const struct core_game *g,
                     const struct core_move *m, bool exchange, uint64_t kinds)
{
    const struct core_tileset *ts = core_game_tileset(g);
    const struct core_rack *rack = &g->hands[g->turn];
    int n = rack->count, k = m->ntiles;
    if (k < 1 || k > n)
        return false;
    int sq = empty_index(g, m->tiles[0].row, m->tiles[0].col);
    if (sq < 0)
        return false;
    bool across = k == 1 || m->tiles[0].row == m->tiles[1].row;
    int dr = across ? 0 : 1, dc = across ? 1 : 0;

    /* Each tile must be the next empty square along the line (what a
     * legal play is) and come from the first free slot holding it. */
    bool used[CLB_RACK_SIZE] = {false};
    int pick[CLB_RACK_SIZE];
    int row = m->tiles[0].row, col = m->tiles[0].col;
    for (int j = 0; j < k; j++) {
        const struct core_placement *t = &m->tiles[j];
        if (j > 0) {
            row += dr;
            col += dc;
            if (!next_empty(g, &row, &col, dr, dc) || t->row != row ||
                t->col != col)
                return false;
        }
        char want = t->blank ? CORE_BLANK : t->letter;
        int free_before = 0, slot = -1;
        for (int s = 0; s < n && slot < 0; s++) {
            if (used[s])
                continue;
            if (rack->tiles[s] == want)
                slot = s;
            else
                free_before++;
        }
        if (slot < 0 || (t->blank && !core_tile_is_letter(t->letter, ts->n)))
            return false;
        used[slot] = true;
        pick[j] = free_before;
    }
    uint64_t empties = (uint64_t)count_empty(g);
    uint64_t dirs = k >= 2 ? 2 : 1;
    uint64_t q = 0;
    for (int j = k - 1; j >= 0; j--)
        q = q * (uint64_t)(n - j) + (uint64_t)pick[j];
    q = (q * dirs + (across ? 0 : 1)) * empties + (uint64_t)sq;
    put(w, (uint64_t)(exchange ? 3 : 2) + (uint64_t)(k - 1), kinds);
    put(w, q, empties * dirs * permutations(n, k));
    for (int j = 0; j < k; j++)
        if (m->tiles[j].blank)
            put(w, (uint64_t)core_tile_letter(m->tiles[j].letter, ts->n),
                (uint64_t)ts->n);
    return true;
}

static bool put_exchange(struct writer *w, const struct core_game *g,
                         const struct core_move *m, uint64_t kinds)
{
    const struct core_rack *rack = &g->hands[g->turn];
    unsigned mask = 0;
    for (int i = 0; i < m->ntiles; i++) {
        int slot = -1;
        for (int s = 0; s < rack->count && slot < 0; s++)
            if (!(mask >> s & 1u) && rack->tiles[s] == m->exchange[i])
                slot = s;
        if (slot < 0)
            return false;
        mask |= 1u << slot;
    }
    if (mask == 0)
        return false;
    put(w, KIND_EXCHANGE, kinds);
    put(w, mask - 1, (UINT64_C(1) << rack->count) - 1);
    return true;
}

/* A helper the rules accepted on g (core_goals_helper). */
static bool put_helper(struct writer *w, const struct core_game *g,
                       const struct core_move *m, bool exchange, uint64_t kinds)
{
    const struct core_helper_use *u = &m->helper;
    if (g->goals.level == CORE_GOALS_OFF || g->goals.helpers_left <= 0 ||
        u->kind > CORE_HELPER_PEEK)
        return false;
    put(w, helper_kind(g, exchange), kinds);
    put(w, u->kind, RADIX_HELPER);
    if (u->kind == CORE_HELPER_SWAP) {
        int n = g->hands[g->turn].count, p = g->hands[g->turn == CORE_P1].count;
        if (u->mine >= n || u->theirs >= p)
            return false;
        put(w, u->mine, (uint64_t)n);
        put(w, u->theirs, (uint64_t)p);
    }
    return true;
}

/* A move, or with m NULL the hand-over of the computer's seat. */
static bool put_move(struct writer *w, const struct core_game *g,
                     const struct core_move *m)
{
    bool exchange;
    uint64_t kinds = kind_radix(g, &exchange);
    if (m == NULL) {
        if (!has_handover(g))
            return false;
        put(w, handover_kind(g, exchange), kinds);
        return true;
    }
    switch (m->type) {
    case CORE_MOVE_PASS: put(w, KIND_PASS, kinds); return true;
    case CORE_MOVE_EXCHANGE: return exchange && put_exchange(w, g, m, kinds);
    case CORE_MOVE_PLAY: return put_play(w, g, m, exchange, kinds);
    case CORE_MOVE_HELPER: return put_helper(w, g, m, exchange, kinds);
    }
    return false;
}

/* The end code, unless the game is over (then nothing follows). */
static void put_end(struct writer *w, const struct core_game *g)
{
    bool exchange;
    if (!g->game_over)
        put(w, KIND_END, kind_radix(g, &exchange));
}

/* Writes the writer's bits as a link: version, check characters, payload. */
static void finish(const struct writer *w, struct core_link2 *link,
                   size_t next_bit)
{
    size_t chars = (w->pos + 5) / 6;
    link->text[0] = CORE_LINK2_VERSION_CHAR;
    for (size_t i = 0; i < chars; i++)
        link->text[LINK2_HEAD_CHARS + i] = b64url[w->v[i]];
    link->len = LINK2_HEAD_CHARS + chars;
    link->text[link->len] = '\0';
    uint32_t crc = link_crc(link->text, link->len);
    for (int i = LINK2_CRC_CHARS; i >= 1; i--, crc >>= 6)
        link->text[i] = b64url[crc & 63u];
    link->next_bit = next_bit;
}

enum clb_err core_link2_begin(const struct core_history *h,
                              struct core_link2 *link, struct clb_error *err)
{
    struct writer w;
    w.pos = 0;
    w.overflow = false;
    clb_error_clear(err);
    if (!put_header(&w, h))
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the game's names cannot be written in a link");
    size_t next = w.pos;
    put_end(&w, &h->first);
    finish(&w, link, next);
    return CLB_ERR_OK;
}

/* core_link2_append, or with move NULL core_link2_append_handover. */
static enum clb_err link_append(struct core_link2 *link,
                                const struct core_game *before,
                                const struct core_move *move,
                                const struct core_game *after,
                                struct clb_error *err)
{
    struct writer w;
    clb_error_clear(err);
    size_t have = link->len - LINK2_HEAD_CHARS;
    if (link->next_bit > 6 * have || have > sizeof w.v)
        return clb_error_set(err, CLB_ERR_INTERNAL, "not a link to add to");
    /* Keep the bits before the append point; the rest is rewritten. */
    w.pos = link->next_bit;
    w.overflow = false;
    for (size_t i = 0; i < (w.pos + 5) / 6; i++)
        w.v[i] = (unsigned char)b64_value(link->text[LINK2_HEAD_CHARS + i]);
    if (w.pos % 6 != 0)
        w.v[w.pos / 6] &= (unsigned char)(0x3Fu << (6 - w.pos % 6));
    if (!put_move(&w, before, move))
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the move cannot be written in the link");
    size_t next = w.pos;
    put_end(&w, after);
    if (w.overflow)
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the link would pass %d characters",
                             CLB_MAX_LINK2_CHARS);
    finish(&w, link, next);
    return CLB_ERR_OK;
}

enum clb_err core_link2_append(struct core_link2 *link,
                               const struct core_game *before,
                               const struct core_move *move,
                               const struct core_game *after,
                               struct clb_error *err)
{
    return link_append(link, before, move, after, err);
}

enum clb_err core_link2_append_handover(struct core_link2 *link,
                                        const struct core_game *before,
                                        const struct core_game *after,
                                        struct clb_error *err)
{
    return link_append(link, before, NULL, after, err);
}

enum clb_err core_link2_encode(const struct core_history *h,
                               const struct core_lexicon *lexicon,
                               struct core_link2 *link, struct clb_error *err)
{
    if (core_link2_begin(h, link, err) != CLB_ERR_OK)
        return err->code;
    struct core_game g = h->first;
    struct core_move helper = {.type = CORE_MOVE_HELPER};
    for (int i = 0; i <= h->nmoves; i++) {
        /* The seat's hand-over before move i, if there; the helpers of
         * move i's turn (after the last move, those of the turn in
         * progress); then move i. */
        if (i == h->handover) {
            struct core_game before = g;
            g.partner = CORE_PARTNER_FRIEND;
            if (core_link2_append_handover(link, &before, &g, err) !=
                CLB_ERR_OK)
                return err->code;
        }
        int nuses = i < h->nmoves ? h->moves[i].nhelpers : h->npending;
        for (int k = 0; k < nuses && k < CLB_GOALS_MAX_HELPERS; k++) {
            struct core_game before = g;
            helper.helper =
                i < h->nmoves ? h->moves[i].helpers[k] : h->pending[k];
            if (core_goals_helper(&before, &helper.helper, &g, err) !=
                CLB_ERR_OK)
                return core_history_move_error(err, i + 1);
            if (core_link2_append(link, &before, &helper, &g, err) !=
                CLB_ERR_OK)
                return err->code;
        }
        if (i == h->nmoves)
            break;
        struct core_game before = g;
        struct core_move_result res;
        if (core_move_apply(&before, &h->moves[i].move, lexicon, &g, &res,
                            err) != CLB_ERR_OK)
            return core_history_move_error(err, i + 1);
        if (core_link2_append(link, &before, &h->moves[i].move, &g, err) !=
            CLB_ERR_OK)
            return err->code;
    }
    return CLB_ERR_OK;
}

/* ---- the format of a text ----------------------------------------------- */

int core_link_format(const char *s, size_t len)
{
    if (len > 0 && s[0] >= '2' && s[0] <= '9')
        return s[0] - '0';
    return 1;
}

enum clb_err core_link_newer(const char *s, size_t len, struct clb_error *err)
{
    clb_error_clear(err);
    /* Every format from 2 on keeps its check characters where v2 has
     * them, so damage and a newer format can be told apart. */
    bool intact = len > LINK2_HEAD_CHARS;
    for (size_t i = 0; intact && i < len; i++)
        intact = b64_value(s[i]) >= 0;
    if (intact && link_crc(s, len) == stored_crc(s))
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "the link is in format %d, made by a newer "
                             "version of Collabble than this server",
                             core_link_format(s, len));
    return clb_error_set(err, CLB_ERR_BAD_STATE,
                         "the link is damaged: its check characters do not "
                         "match");
}
