/* tests/fuzz/fuzz_link2.c - libFuzzer target for the v2 link decoder
 * (core/link2.c): its header, then the replay of every move, judged by a
 * lexicon that takes every word so that shapes the rules allow replay.
 *
 * Two modes, by the first byte. Raw input is read as a link, check
 * characters and all. Input starting with '#' stands for "2" followed by
 * the rest, with the check characters (characters 2-5) rewritten to match:
 * without that the fuzzer would hardly ever get past the CRC, and the
 * structure behind it (every field's radix, the canonical forms, the move
 * limit, the end of the link) is what needs exploring.
 *
 * Besides "no crash, no leak, no UB", it checks the decoder's contract: a
 * refusal is CLB_ERR_BAD_STATE with a printable detail; a link that reads
 * is the only link of its game (written again from its history, it is the
 * same text) and its replay is the position the decoder gave. A goals game
 * (a mode field after the seed) must add up: the goals its records
 * completed are the goals counted, the helpers used and left are its
 * difficulty's pool, three different goals lie face up; a plain game has
 * no goals and no helper. The corpus holds goals games with every helper.
 * Build and run: bash tests/fuzz/run.sh [SECONDS].
 */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/goals.h"
#include "../../core/link2.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char b64url[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static bool any_word(const void *ctx, const char *word, size_t len)
{
    (void)ctx;
    (void)word;
    (void)len;
    return true;
}

static void fail(const char *what, const struct clb_error *err)
{
    fprintf(stderr, "fuzz_link2: %s (%s: %s)\n", what, clb_err_code(err->code),
            err->detail);
    abort();
}

/* The check characters of RFC 4880's CRC-24 over the version character
 * and the payload (docs/LINK.md, "The v2 link"). */
static void fix_crc(char *s, size_t len)
{
    uint32_t crc = 0xB704CEu;
    for (size_t i = 0; i < len; i++) {
        if (i >= 1 && i <= 4)
            continue;
        crc ^= (uint32_t)(unsigned char)s[i] << 16;
        for (int b = 0; b < 8; b++) {
            crc <<= 1;
            if (crc & 0x1000000u)
                crc ^= 0x1864CFBu;
        }
    }
    for (int i = 4; i >= 1; i--, crc >>= 6)
        s[i] = b64url[crc & 63u];
}

static void check_refusal(enum clb_err rc, const struct clb_error *err)
{
    if (rc != CLB_ERR_BAD_STATE || err->code != rc)
        fail("refused with an unexpected code", err);
    size_t n = strnlen(err->detail, sizeof err->detail);
    if (n == 0 || n == sizeof err->detail)
        fail("detail empty or not terminated", err);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)err->detail[i] < 0x20 ||
            (unsigned char)err->detail[i] > 0x7e)
            fail("detail is not printable ASCII", err);
}

/* A goals game's books balance; a plain game has none. */
static void check_goals(const struct core_history *h,
                        const struct core_game *game,
                        const struct clb_error *err)
{
    const struct core_goals *g = &game->goals;
    int helpers = h->npending, completed = 0;
    for (int i = 0; i < h->nmoves; i++) {
        helpers += h->moves[i].nhelpers;
        completed += h->moves[i].result.ngoals;
    }
    if (g->level == CORE_GOALS_OFF) {
        if (helpers != 0 || completed != 0)
            fail("a plain game with helpers or goals", err);
        return;
    }
    if (h->start != CORE_START_SEED)
        fail("goals in a game that did not start from a seed", err);
    if (completed != g->completed)
        fail("the goals counted are not the goals the moves completed", err);
    if (helpers + g->helpers_left !=
        core_goals_helpers((enum core_goals_level)g->level))
        fail("the helpers used and left are not the pool", err);
    for (int i = 0; i < CLB_GOALS_FACE_UP; i++) {
        if (core_goal_info(g->faceup[i]) == NULL)
            fail("a face-up place without a goal", err);
        for (int j = 0; j < i; j++)
            if (g->faceup[i] == g->faceup[j])
                fail("one goal face up twice", err);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[CLB_MAX_LINK2_CHARS + 64];
    static struct core_history h, again_h;
    static struct core_link2 link, again;
    struct core_game game, replayed;
    struct clb_error err;
    struct core_lexicon lex = {any_word, NULL, NULL};
    if (size + 1 > sizeof text)
        return 0;
    size_t len = size;
    memcpy(text, data, size);
    if (size > 0 && data[0] == '#') {
        text[0] = CORE_LINK2_VERSION_CHAR;
        if (len > 5)
            fix_crc(text, len);
    }
    text[len] = '\0';

    enum clb_err rc = core_link2_read_header(text, len, &h, &link, &err);
    if (rc == CLB_ERR_OK)
        rc = core_link2_read_moves(&link, &lex, &h, &game, &err);
    if (rc != CLB_ERR_OK) {
        check_refusal(rc, &err);
        return 0;
    }
    if (h.nmoves > CLB_MAX_GAME_MOVES || game.moves != h.nmoves)
        fail("more moves than the limit, or a miscount", &err);
    if (core_link2_encode(&h, &lex, &again, &err) != CLB_ERR_OK)
        fail("cannot write the history of a link that read", &err);
    if (again.len != len || memcmp(again.text, text, len) != 0)
        fail("the link written again differs: two links for one game", &err);
    again_h = h;
    if (core_history_replay(&again_h, &replayed, &lex, &err) != CLB_ERR_OK)
        fail("the history does not replay", &err);
    if (memcmp(&replayed, &game, sizeof game) != 0)
        fail("the replay differs from the decoded position", &err);
    check_goals(&h, &game, &err);
    return 0;
}
