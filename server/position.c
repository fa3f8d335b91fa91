/* server/position.c - opening, playing on and writing a turn link of
 * either format (position.h).
 *
 * The choice between the formats is made here and nowhere else: v2 links go
 * to core's codec, classic links to link_v1.c. Both end as the same struct
 * position, a history and the position it leads to, so the pages and the
 * API never ask which format a game came in except to answer in it.
 */
/* SPDX-License-Identifier: MIT */
#include "position.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "../core/partner.h"
#include "../core/rng.h"
#include "cache.h"
#include "link.h"

/* The counts position_counts() reads (the only writable state here). */
static _Atomic uint64_t position_links[2];
static _Atomic uint64_t position_moves[CORE_MOVE_HELPER];

static void count_link(enum link_format format)
{
    if (format == LINK_V1 || format == LINK_V2)
        atomic_fetch_add_explicit(&position_links[format == LINK_V2], 1,
                                  memory_order_relaxed);
}

static void count_move(enum core_move_type type)
{
    if ((unsigned)type < CORE_MOVE_HELPER) /* a helper is not a move */
        atomic_fetch_add_explicit(&position_moves[type], 1,
                                  memory_order_relaxed);
}

void position_counts(struct position_counts *out)
{
    for (int i = 0; i < 2; i++)
        out->links[i] =
            atomic_load_explicit(&position_links[i], memory_order_relaxed);
    for (int i = 0; i < CORE_MOVE_HELPER; i++)
        out->moves[i] =
            atomic_load_explicit(&position_moves[i], memory_order_relaxed);
}

void position_lexicon_id(const struct srv_context *ctx, int lexicon,
                         struct core_lexicon_id *id)
{
    memset(id, 0, sizeof *id);
    id->fingerprint = dict_fingerprint(ctx->lexicons[lexicon]);
    const char *name = core_lexicon_id_builtin(id)
                           ? CORE_LEXICON_BUILTIN_NAME
                           : ctx->lexicon_names[lexicon];
    (void)snprintf(id->name, sizeof id->name, "%s", name);
    id->tileset = dict_tileset(ctx->lexicons[lexicon]);
}

const char *position_lexicon_label(const struct srv_context *ctx, int lexicon)
{
    return lexicon == 0 ? "" : ctx->lexicon_names[lexicon];
}

/* Only [A-Za-z0-9_-] of a name reaches a detail: details reach pages. */
static void safe_name(const char *in, char *out, size_t cap)
{
    size_t n = 0;
    for (; *in != '\0' && n + 1 < cap; in++)
        if ((*in >= 'a' && *in <= 'z') || (*in >= 'A' && *in <= 'Z') ||
            (*in >= '0' && *in <= '9') || *in == '_' || *in == '-')
            out[n++] = *in;
    out[n] = '\0';
}

int position_lexicon_by_name(const struct srv_context *ctx, const char *name,
                             struct clb_error *err)
{
    if (ctx == NULL || ctx->nlexicons < 1) {
        clb_error_set(err, CLB_ERR_INTERNAL, "no lexicon loaded");
        return -1;
    }
    /* No name is the default: a game records the default as "" (a v1
     * state leaves the key out), and a form sends "" when nothing was
     * chosen, so "" must mean what the position would record anyway. */
    if (name == NULL || name[0] == '\0')
        return 0;
    for (int i = 0; i < ctx->nlexicons && i < CLB_MAX_LEXICONS; i++)
        if (strcmp(ctx->lexicon_names[i], name) == 0)
            return i;
    /* Quoted as an unknown key is: cut at 40 bytes; a page escapes it and
     * the API's JSON writer too. */
    clb_error_set(err, CLB_ERR_UNKNOWN_LEXICON,
                  "lexicon: \"%.40s\" is not loaded on this server", name);
    return -1;
}

void position_language_codes(char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; core_tileset_at(i) != NULL; i++) {
        const char *code = core_tileset_at(i)->language;
        if (code == NULL)
            continue;
        int w = snprintf(out + n, cap - n, "%s%s", n > 0 ? ", " : "", code);
        if (w < 0 || (size_t)w >= cap - n)
            return;
        n += (size_t)w;
    }
}

int position_lexicon_by_language(const struct srv_context *ctx,
                                 const char *code, size_t len,
                                 struct clb_error *err)
{
    const struct core_tileset *ts = core_tileset_by_language(code, len);
    if (ts == NULL) {
        char codes[CLB_LANGUAGE_CODES_TEXT];
        position_language_codes(codes, sizeof codes);
        char safe[CLB_LEXICON_NAME_MAX + 1];
        char quoted[CLB_LEXICON_NAME_MAX + 1];
        size_t q = len < sizeof quoted - 1 ? len : sizeof quoted - 1;
        memcpy(quoted, code != NULL ? code : "", code != NULL ? q : 0);
        quoted[code != NULL ? q : 0] = '\0';
        safe_name(quoted, safe, sizeof safe);
        clb_error_set(err, CLB_ERR_BAD_REQUEST,
                      "language: \"%s\" is not one of the languages (ISO "
                      "639-1): %s",
                      safe, codes);
        return -1;
    }
    for (int i = 0; ctx != NULL && i < ctx->nlexicons && i < CLB_MAX_LEXICONS;
         i++)
        if (dict_tileset(ctx->lexicons[i]) == ts)
            return i;
    clb_error_set(err, CLB_ERR_UNKNOWN_LEXICON,
                  "language: no word list in %s (%s) is loaded on this server",
                  ts->language_name, ts->language);
    return -1;
}

int position_lexicon_choose(const struct srv_context *ctx, const char *name,
                            const char *language, size_t len,
                            struct clb_error *err)
{
    bool by_language = language != NULL && len > 0;
    if (!by_language || (name != NULL && name[0] != '\0')) {
        int i = position_lexicon_by_name(ctx, name, err);
        if (i < 0 || !by_language)
            return i;
        /* Both: they must agree, or one of them is a mistake. */
        const struct core_tileset *ts = dict_tileset(ctx->lexicons[i]);
        if (ts->language != NULL && strlen(ts->language) == len &&
            memcmp(ts->language, language, len) == 0)
            return i;
        char safe[CLB_LEXICON_NAME_MAX + 1];
        safe_name(name, safe, sizeof safe);
        if (core_tileset_by_language(language, len) == NULL)
            return position_lexicon_by_language(ctx, language, len, err);
        clb_error_set(err, CLB_ERR_BAD_REQUEST,
                      "lexicon: \"%s\" is not in the language asked for "
                      "(%.*s): it is %s",
                      safe, (int)len, language,
                      ts->language_name != NULL ? ts->language_name : ts->name);
        return -1;
    }
    return position_lexicon_by_language(ctx, language, len, err);
}

/* The loaded lexicon with the fingerprint a v2 link names, or -1 with
 * CLB_ERR_UNKNOWN_LEXICON saying which list the game needs. */
static int lexicon_by_id(const struct srv_context *ctx,
                         const struct core_lexicon_id *id,
                         struct clb_error *err)
{
    for (int i = 0; i < ctx->nlexicons && i < CLB_MAX_LEXICONS; i++)
        if (dict_fingerprint(ctx->lexicons[i]) == id->fingerprint)
            return i;
    char safe[CLB_LEXICON_NAME_MAX + 1];
    safe_name(id->name, safe, sizeof safe);
    if (core_lexicon_id_builtin(id))
        clb_error_set(err, CLB_ERR_UNKNOWN_LEXICON,
                      "lexicon: \"%s\" (the built-in SOWPODS, %s; "
                      "fingerprint %08lx)",
                      safe, CORE_LEXICON_BUILTIN_SOURCE,
                      (unsigned long)id->fingerprint);
    else
        clb_error_set(err, CLB_ERR_UNKNOWN_LEXICON,
                      "lexicon: \"%s\" (fingerprint %08lx)", safe,
                      (unsigned long)id->fingerprint);
    return -1;
}

static void set_lexicon(const struct srv_context *ctx, struct position *pos,
                        int lexicon)
{
    pos->lexicon = lexicon;
    pos->dict = ctx->lexicons[lexicon];
}

static enum clb_err open_v2(const struct srv_context *ctx, const char *s,
                            size_t len, enum position_need need,
                            struct position *pos, struct clb_error *err)
{
    struct core_history *h = &pos->history;
    if (core_link2_read_header(s, len, h, &pos->link2, err) != CLB_ERR_OK)
        return err->code;
    int lexicon = lexicon_by_id(ctx, &h->lexicon, err);
    if (lexicon < 0)
        return err->code;
    /* A game's tile set is its lexicon's: a link naming another set than
     * its lexicon's was not made by this lexicon. */
    if (dict_tileset(ctx->lexicons[lexicon]) != core_game_tileset(&h->first))
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "the link is damaged: its tile set is not its "
                             "lexicon's");
    set_lexicon(ctx, pos, lexicon);
    (void)snprintf(h->first.lexicon, sizeof h->first.lexicon, "%s",
                   position_lexicon_label(ctx, lexicon));
    struct core_lexicon lex = dict_lexicon(pos->dict);
    /* The chain's hashes are a page's alone: the API skips them. */
    h->no_after = need == POSITION_PLAIN;
    enum clb_err rc =
        core_link2_read_moves(&pos->link2, &lex, h, &pos->game, err);
    h->no_after = false;
    if (rc != CLB_ERR_OK)
        return rc;
    pos->chained = need == POSITION_CHAIN;
    pos->format = LINK_V2;
    pos->linked = true;
    return CLB_ERR_OK;
}

static enum clb_err open_v1(const struct srv_context *ctx, const char *s,
                            size_t len, struct position *pos,
                            struct clb_error *err)
{
    if (link_v1_decode(s, len, &pos->game, err) != CLB_ERR_OK)
        return err->code;
    int lexicon = position_lexicon_by_name(ctx, pos->game.lexicon, err);
    if (lexicon < 0)
        return err->code;
    if (!core_tileset_is_default(dict_tileset(ctx->lexicons[lexicon])))
        return clb_error_set(err, CLB_ERR_BAD_STATE,
                             "a classic link is English: its lexicon is "
                             "of another tile set");
    set_lexicon(ctx, pos, lexicon);
    pos->format = LINK_V1;
    pos->linked = false;
    pos->chained = true; /* no moves yet: nothing to hash */
    struct core_lexicon_id id;
    position_lexicon_id(ctx, lexicon, &id);
    struct core_history *h = &pos->history;
    if (pos->game.game_over) {
        /* Nothing can follow a finished game, so it has no history to
         * continue; it is shown as it is. */
        h->start = CORE_START_POSITION;
        h->seed = 0;
        h->first = pos->game;
        h->lexicon = id;
        h->nmoves = 0;
        return CLB_ERR_OK;
    }
    return core_history_from_position(h, &pos->game, &id, err);
}

/* Opens the link s without the cache. */
static enum clb_err open_fresh(const struct srv_context *ctx, const char *s,
                               size_t len, enum position_need need,
                               struct position *pos, struct clb_error *err)
{
    enum clb_err rc;
    switch (core_link_format(s, len)) {
    case LINK_V1: rc = open_v1(ctx, s, len, pos, err); break;
    case LINK_V2: rc = open_v2(ctx, s, len, need, pos, err); break;
    default: return core_link_newer(s, len, err);
    }
    if (rc == CLB_ERR_OK)
        count_link(pos->format);
    return rc;
}

enum clb_err position_open(const struct srv_context *ctx, const char *s,
                           size_t len, struct position *pos,
                           struct clb_error *err)
{
    return position_open_for(ctx, s, len, POSITION_CHAIN, pos, err);
}

enum clb_err position_open_for(const struct srv_context *ctx, const char *s,
                               size_t len, enum position_need need,
                               struct position *pos, struct clb_error *err)
{
    clb_error_clear(err);
    /* The same link opened again on this thread (a page, then a preview
     * per tile, the review, the move): the position it gave then, if it
     * has what this reader needs. */
    if (srv_cache_get(ctx, s, len, need == POSITION_CHAIN, pos)) {
        count_link(pos->format);
        return CLB_ERR_OK;
    }
    enum clb_err rc = open_fresh(ctx, s, len, need, pos, err);
    if (rc == CLB_ERR_OK)
        srv_cache_put(ctx, s, len, pos);
    return rc;
}

enum clb_err position_open_shared(const struct srv_context *ctx, const char *s,
                                  size_t len, struct position *scratch,
                                  const struct position **out,
                                  struct clb_error *err)
{
    clb_error_clear(err);
    const struct position *kept = srv_cache_find(ctx, s, len, true);
    if (kept != NULL) {
        count_link(kept->format);
        *out = kept;
        return CLB_ERR_OK;
    }
    /* Replayed where the cache keeps it, not replayed and then copied
     * there: the thread's entry is the position. */
    struct position *slot = srv_cache_claim(ctx, s, len);
    struct position *pos = slot != NULL ? slot : scratch;
    enum clb_err rc = open_fresh(ctx, s, len, POSITION_CHAIN, pos, err);
    if (rc == CLB_ERR_OK) {
        if (slot != NULL)
            srv_cache_keep(slot);
        *out = pos;
    }
    return rc;
}

void position_new(const struct srv_context *ctx, int lexicon, uint32_t seed,
                  struct position *pos)
{
    struct core_lexicon_id id;
    struct clb_error err;
    position_lexicon_id(ctx, lexicon, &id);
    set_lexicon(ctx, pos, lexicon);
    core_history_from_seed(&pos->history, seed, &id,
                           position_lexicon_label(ctx, lexicon));
    pos->game = pos->history.first;
    pos->format = LINK_V2;
    pos->chained = true;
    /* A seed start has no names that could fail to be written. */
    pos->linked =
        core_link2_begin(&pos->history, &pos->link2, &err) == CLB_ERR_OK;
}

enum clb_err position_set_goals(struct position *pos,
                                enum core_goals_level level,
                                struct clb_error *err)
{
    if (core_history_set_goals(&pos->history, level, err) != CLB_ERR_OK)
        return err->code;
    pos->game = pos->history.first;
    pos->linked =
        core_link2_begin(&pos->history, &pos->link2, err) == CLB_ERR_OK;
    return err->code;
}

enum clb_err position_set_partner(struct position *pos, int partner,
                                  struct clb_error *err)
{
    if (core_history_set_partner(&pos->history, partner, err) != CLB_ERR_OK)
        return err->code;
    pos->game = pos->history.first;
    pos->linked =
        core_link2_begin(&pos->history, &pos->link2, err) == CLB_ERR_OK;
    return err->code;
}

bool position_reply_due(const struct position *pos)
{
    const struct core_game *g = &pos->game;
    return g->partner != CORE_PARTNER_FRIEND && g->turn == CORE_P2 &&
           !g->game_over;
}

enum clb_err position_handover(struct position *pos, struct clb_error *err)
{
    struct core_game before = pos->game;
    if (core_history_handover(&pos->history, &pos->game, err) != CLB_ERR_OK)
        return err->code;
    if ((pos->linked ||
         core_link2_begin(&pos->history, &pos->link2, err) == CLB_ERR_OK) &&
        core_link2_append_handover(&pos->link2, &before, &pos->game, err) ==
            CLB_ERR_OK) {
        pos->linked = true;
        return CLB_ERR_OK;
    }
    pos->game = before;
    pos->history.handover = -1;
    return err->code;
}

enum clb_err position_partner_reply(struct position *pos,
                                    struct core_move *move,
                                    struct core_move_result *result,
                                    struct clb_error *err)
{
    struct core_lexicon lex = dict_lexicon(pos->dict);
    struct core_budget budget = {CLB_PARTNER_NODES, false};
    struct core_move chosen;
    if (core_partner_move(&pos->game, &lex,
                          (enum core_partner)pos->game.partner, &budget,
                          &chosen, err) != CLB_ERR_OK ||
        position_play(pos, &chosen, result, err) != CLB_ERR_OK)
        return err->code;
    *move = pos->history.moves[pos->history.nmoves - 1].move;
    return CLB_ERR_OK;
}

enum clb_err position_play(struct position *pos, const struct core_move *move,
                           struct core_move_result *result,
                           struct clb_error *err)
{
    struct core_game before = pos->game;
    struct core_lexicon lex = dict_lexicon(pos->dict);
    struct core_history *h = &pos->history;
    bool helper = move->type == CORE_MOVE_HELPER;
    if (core_history_play(h, &pos->game, move, &lex, result, err) != CLB_ERR_OK)
        return err->code;
    /* What the link records: the move's canonical form, or the helper as
     * the rules took it. */
    struct core_move used = {.type = CORE_MOVE_HELPER};
    const struct core_move *made = &used;
    if (helper)
        used.helper = h->pending[h->npending - 1];
    else
        made = &h->moves[h->nmoves - 1].move;
    /* A classic position gets its v2 link on its first move: the position
     * is the history's start, and the move follows it. */
    if ((pos->linked || core_link2_begin(h, &pos->link2, err) == CLB_ERR_OK) &&
        core_link2_append(&pos->link2, &before, made, &pos->game, err) ==
            CLB_ERR_OK) {
        pos->linked = true;
        if (!helper)
            count_move(made->type);
        return CLB_ERR_OK;
    }
    /* Not reachable for a move the rules took; undone all the same, so
     * the caller's position is the one it had. */
    pos->game = before;
    if (helper)
        h->npending--;
    else {
        h->npending = h->moves[h->nmoves - 1].nhelpers;
        h->nmoves--;
    }
    return err->code;
}

enum clb_err position_write(const struct position *pos, enum link_format format,
                            char *out, size_t cap, size_t *len,
                            struct clb_error *err)
{
    clb_error_clear(err);
    /* A classic link holds a plain English game for two only; the
     * detail says which of those this game is not. */
    if (format == LINK_V1 && pos->game.goals.level != CORE_GOALS_OFF)
        return clb_error_set(err, CLB_ERR_NO_CLASSIC_LINK, "a goals game");
    if (format == LINK_V1 && pos->history.first.partner != CORE_PARTNER_FRIEND)
        return clb_error_set(err, CLB_ERR_NO_CLASSIC_LINK,
                             "a solo game: the computer holds Player 2's "
                             "seat");
    if (format == LINK_V1 &&
        !core_tileset_is_default(core_game_tileset(&pos->game)))
        return clb_error_set(err, CLB_ERR_NO_CLASSIC_LINK,
                             "a game of the %s tile set",
                             core_game_tileset(&pos->game)->name);
    if (format == LINK_V1)
        return link_v1_encode(&pos->game, out, cap, len, err);
    const struct core_link2 *l = &pos->link2;
    struct core_link2 fresh;
    if (!pos->linked) {
        if (pos->game.game_over)
            return clb_error_set(err, CLB_ERR_BAD_STATE,
                                 "a finished game from a classic link has "
                                 "only its classic link");
        if (core_link2_begin(&pos->history, &fresh, err) != CLB_ERR_OK)
            return err->code;
        l = &fresh;
    }
    if (l->len + 1 > cap)
        return clb_error_set(err, CLB_ERR_INTERNAL,
                             "the link does not fit in %zu bytes", cap);
    memcpy(out, l->text, l->len + 1);
    *len = l->len;
    return CLB_ERR_OK;
}

void position_start_id(const struct position *pos, char *out, size_t cap)
{
    const struct core_history *h = &pos->history;
    if (h->start == CORE_START_SEED) {
        (void)snprintf(out, cap, "s%lu", (unsigned long)h->seed);
        return;
    }
    const struct core_game *g = &h->first;
    uint64_t x =
        core_hash_bytes(CORE_HASH_INIT, g->game_id, strlen(g->game_id));
    x = core_hash_bytes(x, g->board, sizeof g->board);
    for (int p = 0; p < CLB_PLAYERS; p++)
        x = core_hash_bytes(x, g->hands[p].tiles, (size_t)g->hands[p].count);
    x = core_hash_int(x, g->score);
    x = core_hash_int(x, (int)g->turn);
    (void)snprintf(out, cap, "p%08lx", (unsigned long)(uint32_t)(x ^ x >> 32));
}
