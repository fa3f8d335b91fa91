/* server/ui.c - the page endpoints: landing, a position's board, a new game
 * and a move made from the page (ui.h).
 *
 * The server keeps no state, so every page is a pure function of the
 * request. A turn link is /#S; browsers never send the fragment, so
 * static/app.js posts S to /game and swaps in the page it gets back, and
 * End Turn posts S with the move to /game/move. GET /?s=S and /game?s=S
 * show the same page without script, with plain forms that post a move to
 * /game/turn (answered with a redirect to the next position: docs/UI.md,
 * "Playing without JavaScript"). Parsing and decisions live here; the
 * markup lives in render_*.c (render.h).
 */
/* SPDX-License-Identifier: MIT */
#include "ui.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "../core/daily.h"
#include "../core/goals.h"
#include "../core/notation.h"
#include "../core/partner.h"
#include "gcg.h"
#include "i18n.h"
#include "move_json.h"
#include "cache.h"
#include "position.h"
#include "turn.h"
#include "render.h"
#include "render_judge.h"
#include "respond.h"
#include "seed.h"

/* Random seeds for "New game" without one: 12 characters of 32 symbols
 * (60 bits), short enough that /new?seed=...&lexicon=NAME fits the
 * response's Location field. */
#define UI_RANDOM_SEED_LEN 12

static_assert(sizeof "/new?seed=&lexicon=&goals=normal&partner=casual" - 1 +
                      UI_RANDOM_SEED_LEN + CLB_LEXICON_NAME_MAX <
                  sizeof((struct srv_response *)0)->location,
              "a redirect to a random seed must fit the Location field");

enum ui_found { UI_ABSENT, UI_FOUND, UI_BAD };

static bool is_get(const struct srv_request *req)
{
    return strcmp(req->method, "GET") == 0 || strcmp(req->method, "HEAD") == 0;
}

static bool is_post(const struct srv_request *req)
{
    return strcmp(req->method, "POST") == 0;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Where the characters from p on that stand for themselves end: at the
 * next '%', or '+' when it means a space, or at end. */
static const char *plain_end(const char *p, const char *end, bool plus_space)
{
    if (!plus_space) {
        const char *pct = memchr(p, '%', (size_t)(end - p));
        return pct != NULL ? pct : end;
    }
    while (p < end && *p != '%' && *p != '+')
        p++;
    return p;
}

/* Finds `key` in application/x-www-form-urlencoded text (a query or a
 * body) and percent-decodes the first value into out (cap bytes, always
 * NUL-terminated). plus_space decides whether '+' means a space: true for
 * ordinary fields; false for a state, which never holds a space but may
 * hold a raw '+' when a link /?s=S was typed or pasted unencoded.
 * UI_BAD for a broken escape, an encoded NUL, or a value over cap - 1. */
static enum ui_found form_value(struct clb_str form, const char *key,
                                bool plus_space, char *out, size_t cap,
                                size_t *out_len)
{
    size_t klen = strlen(key);
    const char *p = form.p, *end = form.p + form.len;
    *out_len = 0;
    out[0] = '\0';
    while (p < end) {
        const char *amp = memchr(p, '&', (size_t)(end - p));
        const char *field_end = amp != NULL ? amp : end;
        const char *eq = memchr(p, '=', (size_t)(field_end - p));
        const char *name_end = eq != NULL ? eq : field_end;
        if ((size_t)(name_end - p) == klen && memcmp(p, key, klen) == 0) {
            size_t n = 0;
            const char *v = eq != NULL ? eq + 1 : field_end;
            while (v < field_end) {
                /* The characters up to the next escape in one copy: a
                 * state's 700-odd are usually all of them. */
                const char *stop = plain_end(v, field_end, plus_space);
                size_t run = (size_t)(stop - v);
                if (run > 0) {
                    if (n + run >= cap)
                        return UI_BAD;
                    memcpy(out + n, v, run);
                    n += run;
                    v = stop;
                    continue;
                }
                char c = ' '; /* a '+' with plus_space */
                if (*v == '%') {
                    int hi = v + 2 < field_end ? hex_value(v[1]) : -1;
                    int lo = hi >= 0 ? hex_value(v[2]) : -1;
                    if (lo < 0 || (hi == 0 && lo == 0))
                        return UI_BAD;
                    c = (char)(hi * 16 + lo);
                    v += 2;
                }
                v++;
                if (n + 1 >= cap)
                    return UI_BAD;
                out[n++] = c;
            }
            out[n] = '\0';
            *out_len = n;
            return UI_FOUND;
        }
        p = field_end + 1;
    }
    return UI_ABSENT;
}

/* A POST from the page is a form; anything else is refused rather than
 * guessed at. A missing type is allowed: some clients send none. */
static bool is_form(const struct srv_request *req)
{
    static const char form[] = "application/x-www-form-urlencoded";
    return req->content_type == NULL ||
           strncasecmp(req->content_type, form, sizeof form - 1) == 0;
}

static void page_status(struct srv_response *resp, int status)
{
    resp->status = status;
    resp->content_type = SRV_TYPE_HTML;
}

static void error_page(struct srv_response *resp, const struct clb_error *err)
{
    out_reset(resp->body);
    page_status(resp, clb_err_status(err->code));
    render_error_page(resp->body, err);
}

static void method_not_allowed(struct srv_response *resp)
{
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_METHOD, NULL);
    error_page(resp, &err);
}

static void redirect(struct srv_response *resp, const char *location)
{
    resp->status = 303;
    resp->content_type = SRV_TYPE_HTML;
    resp->cache_control = "no-store";
    (void)snprintf(resp->location, sizeof resp->location, "%s", location);
    out_lit(resp->body, "<!doctype html>\n<title>Collabble</title>"
                        "<p><a href=\"");
    html_attr(resp->body, location);
    out_lit(resp->body, "\">");
    html_text(resp->body, i18n_text(resp->body->lang, N_("Continue")));
    out_lit(resp->body, "</a></p>\n");
}

/* What the script says about the device looking at a page (`me`, `origin`
 * fields of the form or query); nothing without script. */
struct ui_viewer {
    enum render_viewer viewer;
    char origin[CLB_MAX_ORIGIN + 1]; /* "" when none was sent or it was bad */
};

/* The fields of a request: the body of a POST, else the query. */
static struct clb_str request_form(const struct srv_request *req)
{
    return is_post(req) ? req->body : req->query;
}

/* A host with an optional port: letters, digits and . - : [ ] (an IPv6
 * address) only, so it cannot carry a path, a query or markup into the
 * page. */
static bool host_ok(const char *h, size_t len)
{
    for (size_t k = 0; k < len; k++) {
        char c = h[k];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '.' || c == '-' || c == ':' ||
              c == '[' || c == ']'))
            return false;
    }
    return len > 0;
}

/* The length of the scheme part of an origin, "http://" or "https://"
 * followed by a host (host_ok); 0 for anything else. */
static size_t origin_scheme(const char *o, size_t len)
{
    static const char *const schemes[] = {"http://", "https://"};
    for (size_t i = 0; i < sizeof schemes / sizeof schemes[0]; i++) {
        size_t n = strlen(schemes[i]);
        if (len > n && strncmp(o, schemes[i], n) == 0 &&
            host_ok(o + n, len - n))
            return n;
    }
    return 0;
}

/* The share area's origin into out: the scheme of the origin the page's
 * script sent (`sent`, n bytes), then the request's own Host header. The
 * host the field names is never used: a form posted from another site can
 * say anything there, while the Host of a request a browser sends is the
 * address the page came from (docs/UI.md, "The share origin"). "" when the
 * field is missing or malformed, or the request has no usable Host. */
static void share_origin(const char *sent, size_t n, const char *host,
                         char out[CLB_MAX_ORIGIN + 1])
{
    size_t scheme = origin_scheme(sent, n);
    size_t hlen = host != NULL ? strlen(host) : 0;
    out[0] = '\0';
    if (scheme == 0 || !host_ok(host, hlen) || scheme + hlen > CLB_MAX_ORIGIN)
        return;
    memcpy(out, sent, scheme);
    memcpy(out + scheme, host, hlen);
    out[scheme + hlen] = '\0';
}

/* Reads `me` ("1" or "2": which player this device is in the game) and
 * `origin`, whose scheme goes with the request's Host (share_origin).
 * Anything else is ignored, as if not sent: they only choose how a
 * position is shown, never what it is. Cannot fail. */
static struct ui_viewer read_viewer(const struct srv_request *req)
{
    struct clb_str form = request_form(req);
    struct ui_viewer v = {.viewer = RENDER_VIEWER_UNKNOWN, .origin = ""};
    char me[2], sent[CLB_MAX_ORIGIN + 1];
    size_t n;
    if (form_value(form, "me", true, me, sizeof me, &n) == UI_FOUND && n == 1)
        v.viewer = me[0] == '1'   ? RENDER_VIEWER_P1
                   : me[0] == '2' ? RENDER_VIEWER_P2
                                  : RENDER_VIEWER_UNKNOWN;
    if (form_value(form, "origin", true, sent, sizeof sent, &n) == UI_FOUND)
        share_origin(sent, n, req->host, v.origin);
    return v;
}

/* The dictionary's name for the footer: the game's own, else the
 * server's default. */
static const char *lexicon_label(const struct srv_context *ctx,
                                 const struct core_game *g)
{
    if (g->lexicon[0] != '\0')
        return g->lexicon;
    if (ctx != NULL && ctx->nlexicons > 0)
        return ctx->lexicon_names[0];
    return "";
}

/* The review of pos's moves into *out, or NULL when it cannot be made (a
 * bug, never the player's input: the page is then shown without it rather
 * than with a play the rules would refuse). */
static const struct core_review *review_of(const struct position *pos,
                                           struct core_review *out,
                                           struct clb_error *err)
{
    static_assert(sizeof(struct core_review) < CLB_THREAD_STACK_BYTES / 8,
                  "a review fits a handler's stack beside its position");
    return srv_cache_review(pos, out, err) == CLB_ERR_OK ? out : NULL;
}

/* Today's day number, UTC, from the server's clock: the daily deal's
 * date (core/daily.h). */
static int32_t ui_today(void)
{
    return core_daily_day_of((int64_t)time(NULL));
}

/* out = the date whose daily deal pos is ("2026-12-01"), or "". */
static void daily_of(const struct position *pos,
                     char out[CORE_DAILY_DATE_LEN + 1])
{
    int32_t day;
    out[0] = '\0';
    if (core_daily_of(&pos->history, ui_today(), &day))
        core_daily_format(day, out);
}

/* The view of pos's page, whose link state is `s`, for `who`. `start`
 * must hold the start id (position_start_id) and *who must live while the
 * view is used, and `review` (may be NULL) the review: made here only with
 * `reviewed`, for the review page (GET /game/review). Every other page,
 * the game-over page too, leaves it to the script (POST /game/review), so
 * that only a request that asks for the review pays for it: not a HEAD,
 * not a refused move, not a page opened by a client without script. */
static struct render_view view_of(const struct srv_request *req,
                                  const struct position *pos, const char *s,
                                  const struct ui_viewer *who, char start[32],
                                  struct core_review *review, bool reviewed)
{
    position_start_id(pos, start, 32);
    struct render_view view = {.game = &pos->game,
                               .state = s,
                               .lexicon = lexicon_label(req->ctx, &pos->game),
                               .history = &pos->history,
                               .start = start,
                               .viewer = who->viewer,
                               .origin = who->origin};
    daily_of(pos, view.daily);
    const struct core_game *g = &pos->game;
    if (g->goals.level != CORE_GOALS_OFF && g->goals.peeked && !g->game_over)
        view.peeked =
            core_goals_peek(g, dict_lexicon(pos->dict).graph, &view.peek);
    struct clb_error err;
    if (review != NULL && reviewed)
        view.review = review_of(pos, review, &err);
    return view;
}

/* Answers 200 with the board page of `pos`, whose link state is `s`, for
 * the device the request's fields describe, its review filled in when
 * `reviewed`, and with `judged` (NULL: none) the "Check a word" box's
 * answer in it. */
static void show_game_judged(const struct srv_request *req,
                             struct srv_response *resp,
                             const struct position *pos, const char *s,
                             bool reviewed, const struct render_judged *judged)
{
    char start[32];
    struct core_review review;
    struct ui_viewer who = read_viewer(req);
    struct render_view view =
        view_of(req, pos, s, &who, start, &review, reviewed);
    view.judged = judged;
    /* A page navigated to may be read without script: it carries the
     * forms that play without it. The script's own requests are POSTs. */
    view.plain = is_get(req);
    page_status(resp, 200);
    render_game(resp->body, &view);
}

static void show_game(const struct srv_request *req, struct srv_response *resp,
                      const struct position *pos, const char *s, bool reviewed)
{
    show_game_judged(req, resp, pos, s, reviewed, NULL);
}

/* Opens the link S (len bytes, either format) into *pos. Returns false
 * after answering with the error page and its status (400, or 413 when
 * over the size limit) when it does not open. */
static bool open_link(const struct srv_request *req, struct srv_response *resp,
                      const char *s, size_t len, struct position *pos)
{
    static_assert(sizeof(struct position) < CLB_THREAD_STACK_BYTES / 8,
                  "a position fits a handler's stack many times over");
    struct clb_error err;
    clb_error_clear(&err);
    if (position_open(req->ctx, s, len, pos, &err) == CLB_ERR_OK)
        return true;
    error_page(resp, &err);
    return false;
}

/* ---- a link as players pass it on: pasted from a chat, with the
 * sentence around it, a full stop after it, an escaped space ---- */

/* How many marks ('#', "s=") of a text are tried, and how many characters
 * at most are dropped from the end of the v2 link that follows one (a
 * markdown underscore, a word glued on). They bound what a text costs:
 * at most UI_PASTE_MARKS classic links decoded that fail, and
 * UI_PASTE_MARKS * (UI_PASTE_TRIM + 1) v2 ones, each refused by its check
 * characters. */
#define UI_PASTE_MARKS 4
#define UI_PASTE_TRIM 8

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* A character some link holds: base64url (v2), base64 and LZ-String's
 * URI-safe alphabet (v1). */
static bool link_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '+' ||
           c == '/' || c == '=' || c == '$';
}

/* The characters of a link from p on (end: the text's end), each escape
 * decoded (as the script decodes a fragment), into out (cap bytes, NUL
 * ended): up to the first character no link holds (a space, '.', '&', a
 * quote). Returns how many. */
static size_t link_run(const char *p, const char *end, char *out, size_t cap)
{
    size_t n = 0;
    while (p < end && n + 1 < cap) {
        char c = *p++;
        if (c == '%' && end - p >= 2 && hex_value(p[0]) >= 0 &&
            hex_value(p[1]) >= 0) {
            c = (char)(hex_value(p[0]) * 16 + hex_value(p[1]));
            p += 2;
        }
        if (!link_char(c))
            break;
        out[n++] = c;
    }
    out[n] = '\0';
    return n;
}

/* Where a link starts in text: after each '#' and each "s=" that starts a
 * field (the text's start, or after '?', '&', ';' or a space), the first
 * UI_PASTE_MARKS of them; with none, and no '?' (an address with a query
 * but no s), the text from its first non-space character. Fills at[],
 * returns how many. */
static int link_starts(const char *text, size_t n,
                       const char *at[UI_PASTE_MARKS])
{
    int k = 0;
    for (size_t i = 0; i < n && k < UI_PASTE_MARKS; i++) {
        if (text[i] == '#')
            at[k++] = text + i + 1;
        else if (text[i] == 's' && i + 1 < n && text[i + 1] == '=' &&
                 (i == 0 || strchr("?&; ", text[i - 1]) != NULL))
            at[k++] = text + i + 2;
    }
    if (k == 0 && memchr(text, '?', n) == NULL) {
        size_t i = 0;
        while (i < n && is_space(text[i]))
            i++;
        at[k++] = text + i;
    }
    return k;
}

/* Finds the turn link in text (n bytes) as a player may paste it, or as a
 * chat app passes it on ("Hey, your turn! http://host/#S thanks", "/#S.",
 * "/#S%20"): from each start (link_starts) in turn, its run of link
 * characters (link_run), then (a v2 link) that run less its last character,
 * and so on: the first that opens wins, so the longest valid link after the
 * first start that has one. Returns CLB_ERR_OK with the link in s (cap
 * bytes, NUL ended, *len) and opened in *pos; else the error of the
 * longest run (a damaged link keeps its message), or CLB_ERR_BAD_REQUEST
 * when the text holds no run at all. */
static enum clb_err find_link(const struct srv_context *ctx, const char *text,
                              size_t n, char *s, size_t cap, size_t *len,
                              struct position *pos, struct clb_error *err)
{
    /* One more than a link may hold: a run over the limit is refused as
     * too long, not cut to fit. */
    char run[CLB_MAX_ENCODED_STATE + 2];
    const char *at[UI_PASTE_MARKS];
    int k = link_starts(text, n, at);
    size_t longest = 0;
    struct clb_error e;
    clb_error_set(err, CLB_ERR_BAD_REQUEST,
                  "no game link was pasted: paste the whole link, "
                  "http://.../#..., or the text after its #");
    for (int i = 0; i < k; i++) {
        size_t r = link_run(at[i], text + n, run, sizeof run);
        /* Only a v2 link is cut shorter: its check characters refuse a
         * wrong length at once, where a classic one would be decoded. */
        size_t trim = run[0] == '2' ? UI_PASTE_TRIM : 0;
        for (size_t m = r; m > 0 && r - m <= trim; m--) {
            clb_error_clear(&e);
            if (position_open(ctx, run, m, pos, &e) == CLB_ERR_OK && m < cap) {
                memcpy(s, run, m);
                s[m] = '\0';
                *len = m;
                return CLB_ERR_OK;
            }
            if (m == r && r > longest) {
                longest = r;
                *err = e;
            }
        }
    }
    return err->code;
}

/* Renders the position S (len bytes) as its board page, its review filled
 * in when `reviewed`. A link that does not open as it came is looked for
 * inside it (find_link: a link pasted with a full stop after it, or an
 * escaped space), and the page is that link's; a damaged one is shown as
 * it came. */
static void show_state(const struct srv_request *req, struct srv_response *resp,
                       char *s, size_t len, bool reviewed)
{
    struct position pos;
    const struct position *shown = &pos;
    struct clb_error err, found;
    clb_error_clear(&err);
    clb_error_clear(&found);
    /* The page only reads the position: the one the thread keeps, not a
     * copy of it (nothing below opens another link). */
    if (position_open_shared(req->ctx, s, len, &pos, &shown, &err) ==
            CLB_ERR_OK ||
        (err.code == CLB_ERR_BAD_STATE &&
         find_link(req->ctx, s, len, s, len + 1, &len, &pos, &found) ==
             CLB_ERR_OK)) {
        show_game(req, resp, shown, s, reviewed);
        return;
    }
    error_page(resp, &err);
}

/* Reads the state field `s` of a query or body. Returns false after
 * answering with an error page when it is missing or malformed. */
static bool read_state(struct clb_str form, struct srv_response *resp, char *s,
                       size_t cap, size_t *len)
{
    struct clb_error err;
    clb_error_clear(&err);
    switch (form_value(form, "s", false, s, cap, len)) {
    case UI_FOUND:
        if (*len > 0)
            return true;
        clb_error_set(&err, CLB_ERR_BAD_STATE, "the link holds no game");
        break;
    case UI_ABSENT:
        clb_error_set(&err, CLB_ERR_BAD_REQUEST, "no game was sent");
        break;
    case UI_BAD:
        /* Over the limit is the likelier cause; either way it is refused
         * before any decompression. */
        clb_error_set(&err, CLB_ERR_TOO_LARGE,
                      "the game link is too long "
                      "or malformed");
        break;
    }
    error_page(resp, &err);
    return false;
}

/* GET / : the landing page, or with ?s=S the board (for a reader without
 * script, or a link someone wrote with a query). */
void ui_root(const struct srv_request *req, struct srv_response *resp)
{
    if (!is_get(req)) {
        method_not_allowed(resp);
        return;
    }
    char probe[2];
    size_t n;
    if (form_value(req->query, "s", false, probe, sizeof probe, &n) !=
        UI_ABSENT) {
        char s[CLB_MAX_ENCODED_STATE + 1];
        if (read_state(req->query, resp, s, sizeof s, &n))
            show_state(req, resp, s, n, false);
        return;
    }
    page_status(resp, 200);
    render_landing(resp->body, req->ctx, NULL, 0, NULL);
    resp->same_for_all = true; /* no part of the request in it */
}

/* The link field of the box that opens a pasted link without script
 * (GET /game?link=TEXT): the whole address a player copied
 * (http://host/#S, or http://host/?s=S), S alone, or the chat message
 * that held it ("Hey, your turn! http://host/#S thanks"). The browser
 * never sends a fragment, but a pasted address is only text, so S is
 * looked for here (find_link: after the first '#' or "s=" that leads to
 * one, escapes decoded, trailing punctuation dropped). Returns false
 * after answering with an error page when there is none: nothing that
 * looks like a link (400, "no game link was pasted"), or the longest
 * run's own error (a damaged link says so). */
static bool read_pasted(const struct srv_request *req,
                        struct srv_response *resp, char *s, size_t cap,
                        size_t *len)
{
    char text[CLB_MAX_ENCODED_STATE + CLB_MAX_PASTE_EXTRA + 1];
    size_t n;
    struct position pos;
    struct clb_error err;
    clb_error_clear(&err);
    if (form_value(req->query, "link", true, text, sizeof text, &n) == UI_BAD)
        clb_error_set(&err, CLB_ERR_TOO_LARGE, "the pasted link is too long");
    else if (find_link(req->ctx, text, n, s, cap, len, &pos, &err) ==
             CLB_ERR_OK)
        return true;
    error_page(resp, &err);
    return false;
}

/* The link S of a request to a path that takes it both ways: GET or HEAD
 * with ?s=S (without s, a redirect home), or POST with the form field s.
 * Returns false after answering (the redirect, a 405, an error page). */
static bool page_state(const struct srv_request *req, struct srv_response *resp,
                       char *s, size_t cap, size_t *n)
{
    if (is_get(req)) {
        char probe[2];
        if (form_value(req->query, "s", false, probe, sizeof probe, n) !=
            UI_ABSENT)
            return read_state(req->query, resp, s, cap, n);
        if (form_value(req->query, "link", true, probe, sizeof probe, n) !=
            UI_ABSENT)
            return read_pasted(req, resp, s, cap, n);
        redirect(resp, "/");
        return false;
    }
    if (!is_post(req)) {
        method_not_allowed(resp);
        return false;
    }
    resp->cache_control = "no-store";
    if (!is_form(req)) {
        struct clb_error err;
        clb_error_clear(&err);
        clb_error_set(&err, CLB_ERR_BAD_REQUEST, "send a form");
        error_page(resp, &err);
        return false;
    }
    return read_state(req->body, resp, s, cap, n);
}

/* GET /game?s=S (no script) or POST /game with s=S (the script opening a
 * /#S link): the position's page. */
void ui_game(const struct srv_request *req, struct srv_response *resp)
{
    char s[CLB_MAX_ENCODED_STATE + 1];
    size_t n;
    if (page_state(req, resp, s, sizeof s, &n))
        show_state(req, resp, s, n, false);
}

/* GET /game/word?s=S&word=W: the "Check a word" box without script: the
 * game's page again (its forms and all), with the word judged by the
 * game's own list in the box. A word that cannot be judged (none, too
 * long, a character the set has no tile for) is said so there too: the
 * game goes on either way. */
void ui_word(const struct srv_request *req, struct srv_response *resp)
{
    if (!is_get(req)) {
        method_not_allowed(resp);
        return;
    }
    char s[CLB_MAX_ENCODED_STATE + 1];
    size_t n;
    struct position pos;
    if (!page_state(req, resp, s, sizeof s, &n) ||
        !open_link(req, resp, s, n, &pos))
        return;
    char word[CLB_JUDGE_WORD_BYTES + 1];
    size_t len = 0;
    enum ui_found f =
        form_value(req->query, "word", true, word, sizeof word, &len);
    const char *w = word;
    while (len > 0 && *w == ' ') { /* spaces around a word typed */
        w++;
        len--;
    }
    while (len > 0 && w[len - 1] == ' ')
        len--;
    struct srv_judged result;
    struct clb_error why;
    clb_error_clear(&why);
    struct render_judged judged = {.word = w, .len = len, .dict = pos.dict};
    if (f == UI_BAD)
        clb_error_set(&why, CLB_ERR_BAD_REQUEST,
                      "a word to check is at most %d bytes",
                      CLB_JUDGE_WORD_BYTES);
    else if (len == 0)
        clb_error_set(&why, CLB_ERR_BAD_REQUEST, "type a word to check");
    else {
        srv_judge_word(pos.dict, w, len, &result);
        if (result.spelled)
            judged.result = &result;
        else
            srv_judge_why(pos.dict, NULL, w, len, &result, &why);
    }
    judged.why = why.detail;
    show_game_judged(req, resp, &pos, s, false, &judged);
}

/* Fills seed with UI_RANDOM_SEED_LEN characters from the kernel's random
 * source (seed.h, whose failure rule the API shares). */
static enum clb_err random_seed(char seed[UI_RANDOM_SEED_LEN + 1],
                                struct clb_error *err)
{
    static const char alphabet[] = "abcdefghijkmnpqrstuvwxyz23456789";
    unsigned char bytes[UI_RANDOM_SEED_LEN];
    if (srv_random_bytes(bytes, sizeof bytes, err) != CLB_ERR_OK)
        return err->code;
    for (size_t i = 0; i < UI_RANDOM_SEED_LEN; i++)
        seed[i] = alphabet[bytes[i] % 32];
    seed[UI_RANDOM_SEED_LEN] = '\0';
    return CLB_ERR_OK;
}

/* The new-game forms' "goals": absent or empty for a plain game, else
 * easy, normal or hard (*level). False for anything else. */
static bool goals_param(const struct srv_request *req,
                        enum core_goals_level *level)
{
    char v[8];
    size_t n = 0;
    *level = CORE_GOALS_OFF;
    switch (form_value(req->query, "goals", true, v, sizeof v, &n)) {
    case UI_ABSENT: return true;
    case UI_BAD: return false;
    case UI_FOUND: break;
    }
    if (n == 0)
        return true;
    *level = core_goals_level_of(v, n);
    return *level != CORE_GOALS_OFF;
}

/* The new-game forms' "partner": absent, empty or "friend" for a game for
 * two, else the computer's level ("casual", "good", "best"). False for
 * anything else. */
static bool partner_param(const struct srv_request *req, int *partner)
{
    char v[8];
    size_t n = 0;
    *partner = CORE_PARTNER_FRIEND;
    switch (form_value(req->query, "partner", true, v, sizeof v, &n)) {
    case UI_ABSENT: return true;
    case UI_BAD: return false;
    case UI_FOUND: break;
    }
    if (n == 0)
        return true;
    *partner = core_partner_from_name(v, n);
    return *partner >= CORE_PARTNER_FRIEND;
}

/* "&partner=best" for a redirect that keeps the computer's seat; "" for a
 * game for two. */
static const char *partner_suffix(int partner)
{
    switch (partner) {
    case CORE_PARTNER_CASUAL: return "&partner=casual";
    case CORE_PARTNER_GOOD: return "&partner=good";
    case CORE_PARTNER_BEST: return "&partner=best";
    default: return "";
    }
}

/* "&goals=easy" for a redirect that keeps the difficulty; "" for none. */
static const char *goals_suffix(enum core_goals_level level)
{
    switch (level) {
    case CORE_GOALS_EASY: return "&goals=easy";
    case CORE_GOALS_NORMAL: return "&goals=normal";
    case CORE_GOALS_HARD: return "&goals=hard";
    default: return "";
    }
}

/* Answers with the first position of the new game pos, a goals game of
 * `level` unless CORE_GOALS_OFF, a solo game whose Player 2 the computer
 * plays at `partner` unless CORE_PARTNER_FRIEND. */
static void show_new(const struct srv_request *req, struct srv_response *resp,
                     struct position *pos, enum core_goals_level level,
                     int partner)
{
    struct clb_error err;
    clb_error_clear(&err);
    if ((level != CORE_GOALS_OFF &&
         position_set_goals(pos, level, &err) != CLB_ERR_OK) ||
        (partner != CORE_PARTNER_FRIEND &&
         position_set_partner(pos, partner, &err) != CLB_ERR_OK)) {
        error_page(resp, &err);
        return;
    }
    char s[CLB_MAX_ENCODED_STATE + 1];
    size_t n;
    if (position_write(pos, LINK_V2, s, sizeof s, &n, &err) != CLB_ERR_OK) {
        error_page(resp, &err);
        return;
    }
    show_game(req, resp, pos, s, false);
}

/* A seed is 1..CLB_SEED_MAX bytes of printable text: control characters
 * have no business in something a player types and would only make the
 * echoed form misbehave. */
static bool seed_ok(const char *seed, size_t len)
{
    if (len == 0 || len > CLB_SEED_MAX)
        return false;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)seed[i] < 0x20 || seed[i] == 0x7f)
            return false;
    return true;
}

/* The landing page again with the seed as typed and what was wrong. */
static void landing_error(const struct srv_request *req,
                          struct srv_response *resp, const char *seed,
                          size_t len, const struct clb_error *err)
{
    out_reset(resp->body);
    page_status(resp, clb_err_status(err->code));
    render_landing(resp->body, req->ctx, seed, len, err);
}

/* The lexicon a new game's query asks for: "lexicon" (a loaded list's
 * name; with `by_name`) and "language" (ISO 639-1: its default list),
 * either, both when they agree, or neither: the default, index 0,
 * recorded as "" so that a game started here equals the API's game for
 * the same seed. -1 with *err set for the landing page: an unknown name
 * without detail (the page's own choice lists the names), a language with
 * the detail that names the codes or says no list of it is loaded. */
static int chosen_lexicon(const struct srv_request *req, bool by_name,
                          struct clb_error *err)
{
    char lexicon[CLB_LEXICON_NAME_MAX + 1], language[8];
    size_t lex_len = 0, lang_len = 0;
    enum ui_found fl = by_name ? form_value(req->query, "lexicon", true,
                                            lexicon, sizeof lexicon, &lex_len)
                               : UI_ABSENT;
    enum ui_found fg = form_value(req->query, "language", true, language,
                                  sizeof language, &lang_len);
    if (fg == UI_BAD) {
        char codes[CLB_LANGUAGE_CODES_TEXT];
        position_language_codes(codes, sizeof codes);
        clb_error_set(err, CLB_ERR_BAD_REQUEST,
                      "language: expected an ISO 639-1 code: %s", codes);
        return -1;
    }
    if (fl == UI_BAD) {
        clb_error_set(err, CLB_ERR_UNKNOWN_LEXICON, NULL);
        return -1;
    }
    int chosen = position_lexicon_choose(
        req->ctx, fl == UI_FOUND ? lexicon : NULL,
        fg == UI_FOUND ? language : NULL, lang_len, err);
    if (chosen < 0 && err->code == CLB_ERR_UNKNOWN_LEXICON && fg != UI_FOUND)
        clb_error_set(err, CLB_ERR_UNKNOWN_LEXICON, NULL);
    return chosen;
}

/* GET /new?seed=X[&lexicon=NAME][&language=CODE]: the first position of a
 * new game. The same seed always deals the same game, so this is a plain,
 * reloadable GET; without a seed it redirects to a random one so a reload
 * does not deal again. The script rewrites the address to /#S. */
void ui_new(const struct srv_request *req, struct srv_response *resp)
{
    if (!is_get(req)) {
        method_not_allowed(resp);
        return;
    }
    struct clb_error err;
    clb_error_clear(&err);
    /* Read a little past the limit so an over-long seed can be echoed for
     * correction instead of silently cut. */
    char seed[CLB_SEED_MAX * 4 + 1];
    size_t seed_len = 0;
    enum ui_found fs =
        form_value(req->query, "seed", true, seed, sizeof seed, &seed_len);
    int chosen = chosen_lexicon(req, true, &err);
    if (chosen < 0) {
        landing_error(req, resp, fs == UI_FOUND ? seed : NULL, seed_len, &err);
        return;
    }
    const char *record = position_lexicon_label(req->ctx, chosen);

    if (fs == UI_BAD) {
        clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                      "the seed is 1 to %d characters", CLB_SEED_MAX);
        landing_error(req, resp, NULL, 0, &err);
        return;
    }
    enum core_goals_level level;
    if (!goals_param(req, &level)) {
        clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                      "goals: expected easy, normal or hard");
        landing_error(req, resp, fs == UI_FOUND ? seed : NULL, seed_len, &err);
        return;
    }
    int partner;
    if (!partner_param(req, &partner)) {
        clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                      "partner: expected friend, casual, good or best");
        landing_error(req, resp, fs == UI_FOUND ? seed : NULL, seed_len, &err);
        return;
    }
    if (fs == UI_ABSENT || seed_len == 0) {
        char random[UI_RANDOM_SEED_LEN + 1];
        char location[sizeof resp->location];
        if (random_seed(random, &err) != CLB_ERR_OK) {
            landing_error(req, resp, NULL, 0, &err);
            return;
        }
        (void)snprintf(location, sizeof location, "/new?seed=%s%s%s%s%s",
                       random, record[0] != '\0' ? "&lexicon=" : "", record,
                       goals_suffix(level), partner_suffix(partner));
        redirect(resp, location);
        return;
    }
    if (!seed_ok(seed, seed_len)) {
        clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                      "the seed is 1 to %d characters, without control "
                      "characters",
                      CLB_SEED_MAX);
        landing_error(req, resp, seed, seed_len, &err);
        return;
    }

    struct position pos;
    position_new(req->ctx, chosen, core_seed_from_text(seed, seed_len), &pos);
    show_new(req, resp, &pos, level, partner);
}

/* GET /daily?date=YYYY-MM-DD[&language=CODE]: the first position of that
 * UTC date's daily deal, the game dealt from its seed (core/daily.h) with
 * the default word list (or the language's), the same for every team; a
 * language whose list is the default one is left out of the redirect, so
 * English's daily links stay what they were; like /new?seed=X a plain,
 * reloadable GET. Without a date: a redirect to today's (UTC), so a reload
 * after midnight stays on the deal begun. A date that is not one, before
 * the first daily deal or after tomorrow: 400, the landing page and why. */
void ui_daily(const struct srv_request *req, struct srv_response *resp)
{
    if (!is_get(req)) {
        method_not_allowed(resp);
        return;
    }
    char date[CORE_DAILY_DATE_LEN + 2];
    size_t n = 0;
    int32_t day, today = ui_today();
    enum ui_found f =
        form_value(req->query, "date", true, date, sizeof date, &n);
    enum core_goals_level level;
    struct clb_error err;
    clb_error_clear(&err);
    int partner = CORE_PARTNER_FRIEND;
    if (!goals_param(req, &level))
        clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                      "goals: expected easy, normal or hard");
    else if (!partner_param(req, &partner))
        clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                      "partner: expected friend, casual, good or best");
    int lexicon =
        err.code == CLB_ERR_OK ? chosen_lexicon(req, false, &err) : -1;
    if (err.code != CLB_ERR_OK) {
        landing_error(req, resp, NULL, 0, &err);
        return;
    }
    const char *language = dict_tileset(req->ctx->lexicons[lexicon])->language;
    if (lexicon == 0 || language == NULL)
        language = "";
    if (f == UI_ABSENT || (f == UI_FOUND && n == 0)) {
        char location[sizeof "/daily?date=&goals=normal&partner=casual"
                             "&language=" +
                      CORE_DAILY_DATE_LEN + 8];
        char d[CORE_DAILY_DATE_LEN + 1];
        core_daily_format(today, d);
        (void)snprintf(location, sizeof location, "/daily?date=%s%s%s%s%s", d,
                       goals_suffix(level), partner_suffix(partner),
                       language[0] != '\0' ? "&language=" : "", language);
        redirect(resp, location);
        return;
    }
    if (f != UI_FOUND || !core_daily_parse(date, n, &day) ||
        day < CLB_DAILY_FIRST_DAY || day > today + 1) {
        clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                      "a daily deal's date is written YYYY-MM-DD, from "
                      "2026-12-01 to today (UTC)");
        landing_error(req, resp, NULL, 0, &err);
        return;
    }
    struct position pos;
    position_new(req->ctx, lexicon, core_daily_seed(day), &pos);
    show_new(req, resp, &pos, level, partner);
}

/* Answers a refused move: the same position, the play's tiles kept where
 * they were put, the words and squares at fault highlighted. `typed` is
 * the move form of a page without script as it was filled in (NULL for
 * the script's move): its page has the forms, refilled; and for it a GET
 * may ask for a move that is fine (err says no error), shown with 200. */
static void refused(const struct srv_request *req, struct srv_response *resp,
                    const struct position *pos, const char *s,
                    const struct core_move *move, const struct clb_error *err,
                    const struct render_typed *typed)
{
    char start[32];
    struct core_review review;
    struct ui_viewer who = read_viewer(req);
    struct render_view view = view_of(req, pos, s, &who, start, &review, false);
    bool failed = err->code != CLB_ERR_OK;
    view.error = failed ? err : NULL;
    view.plain = typed != NULL;
    view.typed = typed;
    if (failed && move != NULL)
        render_pending_from_move(&view, move);
    out_reset(resp->body);
    page_status(resp, failed ? clb_err_status(err->code) : 200);
    render_game(resp->body, &view);
}

/* The position after a move, as the v2 link the page writes into s2 (cap
 * bytes). Returns false after answering with the error page when it
 * cannot be written (a bug: every position the rules make fits a link). */
static bool write_next(struct srv_response *resp, const struct position *pos,
                       char *s2, size_t cap)
{
    struct clb_error err;
    size_t len;
    clb_error_clear(&err);
    if (position_write(pos, LINK_V2, s2, cap, &len, &err) == CLB_ERR_OK)
        return true;
    error_page(resp, &err);
    return false;
}

/* Whether the form ticks "My friend plays Player 2 from now on": a
 * handover field that is not empty or "0". */
static bool form_handover(struct clb_str form)
{
    char v[4];
    size_t n = 0;
    return form_value(form, "handover", true, v, sizeof v, &n) == UI_FOUND &&
           n > 0 && !(n == 1 && v[0] == '0');
}

/* A turn refused because every search place was taken: the page says so
 * and when to try again; the move is kept (nothing was applied). */
static void busy_detail(struct srv_response *resp, struct clb_error *err)
{
    clb_error_set(err, CLB_ERR_BUSY,
                  "your move was not made, and is still here: the "
                  "computer's reply waits for a free search; try again in "
                  "%d s",
                  CLB_BUSY_RETRY_AFTER_S);
    resp->retry_after = CLB_BUSY_RETRY_AFTER_S;
}

/* Parses the move field (JSON, as the API takes it), its tiles named in
 * the game's tile set. */
static enum clb_err read_move(const struct core_game *game, const char *text,
                              size_t len, struct core_move *move,
                              struct clb_error *err)
{
    return move_json_text_in(text, len, core_game_tileset(game), move, err);
}

/* POST /game/move with s=S and move=M (JSON): the next position with the
 * copy prompt, or the same position with the error (422 for a refused
 * move). */
void ui_move(const struct srv_request *req, struct srv_response *resp)
{
    if (!is_post(req)) {
        method_not_allowed(resp);
        return;
    }
    resp->cache_control = "no-store";
    struct clb_error err;
    clb_error_clear(&err);
    if (!is_form(req)) {
        clb_error_set(&err, CLB_ERR_BAD_REQUEST, "send a form");
        error_page(resp, &err);
        return;
    }
    char s[CLB_MAX_ENCODED_STATE + 1];
    size_t slen;
    struct position pos;
    if (!read_state(req->body, resp, s, sizeof s, &slen) ||
        !open_link(req, resp, s, slen, &pos))
        return;

    char mtext[CLB_MAX_MOVE_JSON + 1];
    size_t mlen;
    struct core_move move;
    memset(&move, 0, sizeof move);
    switch (form_value(req->body, "move", true, mtext, sizeof mtext, &mlen)) {
    case UI_FOUND: break;
    case UI_ABSENT:
        clb_error_set(&err, CLB_ERR_BAD_REQUEST, "no move was sent");
        refused(req, resp, &pos, s, NULL, &err, NULL);
        return;
    case UI_BAD:
        clb_error_set(&err, CLB_ERR_BAD_REQUEST, "the move is malformed");
        refused(req, resp, &pos, s, NULL, &err, NULL);
        return;
    }
    if (read_move(&pos.game, mtext, mlen, &move, &err) != CLB_ERR_OK) {
        refused(req, resp, &pos, s, NULL, &err, NULL);
        return;
    }

    /* The page's format is v2: a classic link's game continues as a v2
     * link whose history starts at the classic position. The device that
     * moved is the mover, whatever it said: it now waits for the other. */
    struct ui_viewer who = read_viewer(req);
    who.viewer = pos.game.turn == CORE_P1 ? RENDER_VIEWER_P1 : RENDER_VIEWER_P2;
    struct core_move_result result, reply_result;
    struct core_move reply;
    bool replied;
    if (turn_move_and_reply(req, &pos, &move, form_handover(req->body), &result,
                            &reply, &reply_result, &replied,
                            &err) != CLB_ERR_OK) {
        if (err.code == CLB_ERR_BUSY)
            busy_detail(resp, &err);
        refused(req, resp, &pos, s, &move, &err, NULL);
        return;
    }
    char s2[CLB_MAX_ENCODED_STATE + 1];
    if (!write_next(resp, &pos, s2, sizeof s2))
        return;
    char start[32];
    struct core_review review;
    struct render_view view =
        view_of(req, &pos, s2, &who, start, &review, false);
    view.moved = &result;
    view.reply = replied ? &reply_result : NULL;
    page_status(resp, 200);
    render_game(resp->body, &view);
}

/* ---- a move made without script (POST /game/turn) ---------------------- */

/* The act field: which of the page's forms was sent. "exchange" is the
 * longest; a few bytes more tell a crafted one from it. */
#define UI_MAX_ACT 16

/* Reads one field of the move form into out (cap bytes), trimmed of the
 * spaces around it. Returns false (err set) when it is longer than cap - 1:
 * the form's fields are short, and a longer one was not typed into it. */
static bool form_field(struct clb_str form, const char *key, char *out,
                       size_t cap, const char *what, struct clb_error *err)
{
    size_t n;
    if (form_value(form, key, true, out, cap, &n) == UI_BAD) {
        out[0] = '\0';
        clb_error_set(err, CLB_ERR_BAD_NOTATION, "%s is too long", what);
        return false;
    }
    size_t from = 0;
    while (from < n && is_space(out[from]))
        from++;
    while (n > from && is_space(out[n - 1]))
        n--;
    memmove(out, out + from, n - from);
    out[n - from] = '\0';
    return true;
}

/* A word typed all in lowercase is meant as plain letters: a player types
 * "quit", not "QUIT". Only a word with capitals marks its blanks in
 * lowercase (QuIT), as the notation does. */
static void word_case(char *word)
{
    for (const char *c = word; *c != '\0'; c++)
        if (*c >= 'A' && *c <= 'Z')
            return;
    for (char *c = word; *c != '\0'; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
}

/* The most bytes a typed word takes once its tiles are written in upper
 * case (a tile's display strings differ in length by at most this). */
#define UI_WORD_CASED (RENDER_TYPED_WORD * CLB_MAX_TILE_BYTES + 1)

/* The same rule in another tile set, by its display strings: a word whose
 * every tile is typed as its lower display string ("chat") is plain
 * letters, each written as its upper one ("CHAT"); a byte that starts no
 * tile is kept as it is, for the notation to name. English keeps
 * word_case's bytes exactly. Writes into out (UI_WORD_CASED bytes). */
static void word_case_in(const struct core_tileset *ts, const char *word,
                         char *out)
{
    size_t len = strlen(word), n = 0;
    bool all_lower = true;
    if (core_tileset_is_default(ts)) {
        memcpy(out, word, len + 1);
        word_case(out);
        return;
    }
    for (size_t i = 0; i < len && all_lower;) {
        int m;
        size_t used = core_tileset_cut(ts, word + i, len - i, &m);
        all_lower = used == 0 || (strlen(ts->lower[m]) == used &&
                                  memcmp(ts->lower[m], word + i, used) == 0);
        i += used > 0 ? used : 1;
    }
    for (size_t i = 0; i < len;) {
        int m;
        size_t used = core_tileset_cut(ts, word + i, len - i, &m);
        const char *put = word + i;
        size_t k = used > 0 ? used : 1;
        if (all_lower && used > 0) {
            put = ts->upper[m];
            k = strlen(put);
        }
        memcpy(out + n, put, k);
        n += k;
        i += used > 0 ? used : 1;
    }
    out[n] = '\0';
}

/* The play form: square, direction and word, into *move; the fields as
 * typed into *typed. */
static enum clb_err read_form_play(struct clb_str form,
                                   const struct core_game *g,
                                   struct render_typed *typed,
                                   struct core_move *move,
                                   struct clb_error *err)
{
    char dir[16];
    if (!form_field(form, "at", typed->square, sizeof typed->square,
                    "the square", err) ||
        !form_field(form, "word", typed->word, sizeof typed->word, "the word",
                    err) ||
        !form_field(form, "dir", dir, sizeof dir, "the direction", err))
        return err->code;
    typed->down = strcmp(dir, "down") == 0;
    if (dir[0] != '\0' && !typed->down && strcmp(dir, "across") != 0)
        return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                             "the direction is across or down");
    /* 8H and H8 name the same square; the direction is the one chosen in
     * the form, whichever way round the square is written. */
    int row, col;
    bool written_down;
    if (typed->square[0] == '\0')
        return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                             "write the square the word starts on, as 8H");
    if (!core_square_read(typed->square, strlen(typed->square), &row, &col,
                          &written_down))
        return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                             "a square is a row from 1 to 15 and a column "
                             "from A to O, as 8H");
    if (typed->word[0] == '\0')
        return clb_error_set(err, CLB_ERR_BAD_NOTATION, "write the word");
    char word[UI_WORD_CASED];
    word_case_in(core_game_tileset(g), typed->word, word);
    return core_notation_play(g, row, col, typed->down, word, strlen(word),
                              move, err);
}

/* The exchange form: a field x0..x6 for each rack slot chosen, its value
 * the tile's display string ('?' a blank), into *move; the slots into
 * typed->exchange. The values are read in the game's set, a space
 * between them (so a C and an H stay two tiles, not one CH). */
static enum clb_err read_form_exchange(struct clb_str form,
                                       const struct core_game *g,
                                       struct render_typed *typed,
                                       struct core_move *move,
                                       struct clb_error *err)
{
    const struct core_tileset *ts = core_game_tileset(g);
    /* English's value is one byte, as it always was. */
    size_t cap = core_tileset_is_default(ts) ? 2 : CLB_MAX_TILE_BYTES + 1;
    char tiles[CLB_RACK_SIZE * (CLB_MAX_TILE_BYTES + 1)];
    size_t ntiles = 0;
    for (int i = 0; i < CLB_RACK_SIZE; i++) {
        char key[4] = {'x', (char)('0' + i), '\0'},
             tile[CLB_MAX_TILE_BYTES + 1];
        size_t n;
        switch (form_value(form, key, true, tile, cap, &n)) {
        case UI_ABSENT: continue;
        case UI_BAD:
            return clb_error_set(err, CLB_ERR_BAD_NOTATION,
                                 "a tile to exchange is one letter, or ? "
                                 "for a blank");
        case UI_FOUND: break;
        }
        if (n >= 1) {
            typed->exchange |= 1u << i;
            if (ntiles > 0 && !core_tileset_is_default(ts))
                tiles[ntiles++] = ' ';
            memcpy(tiles + ntiles, tile, n);
            ntiles += n;
        }
    }
    return core_notation_exchange_in(ts, tiles, ntiles, move, err);
}

/* The move the form sent (its act field: play, exchange or pass). */
static enum clb_err read_form_move(struct clb_str form,
                                   const struct core_game *g,
                                   struct render_typed *typed,
                                   struct core_move *move,
                                   struct clb_error *err)
{
    char act[UI_MAX_ACT];
    size_t n;
    memset(move, 0, sizeof *move);
    if (form_value(form, "act", true, act, sizeof act, &n) != UI_FOUND)
        act[0] = '\0';
    if (strcmp(act, "play") == 0)
        return read_form_play(form, g, typed, move, err);
    if (strcmp(act, "exchange") == 0)
        return read_form_exchange(form, g, typed, move, err);
    if (strcmp(act, "pass") == 0) {
        move->type = CORE_MOVE_PASS;
        return CLB_ERR_OK;
    }
    return clb_error_set(err, CLB_ERR_BAD_REQUEST,
                         "choose Play word, Exchange or Pass");
}

/* Where the page after a move made without script is: the next position
 * for the device that moved (its waiting view, or the game over). Without
 * an origin: the form's post carries none the page could trust (a browser
 * sends "Origin: null" under the pages' Referrer-Policy: no-referrer), so
 * the waiting page offers the link as a plain link (render_forms.c). */
static void next_page(const char *s2, enum core_player mover, char *out,
                      size_t cap)
{
    (void)snprintf(out, cap, "/game?s=%s&me=%d", s2, (int)mover + 1);
}

/* The GET that shows a refused post again: /game/turn?<the form as
 * posted>. A browser's form is printable ASCII, every other byte escaped,
 * so it is a target as it is; false for a body that is not (only a crafted
 * one), which is then answered where it was posted. */
static bool refusal_page(const struct srv_request *req, char *out, size_t cap)
{
    static const char path[] = "/game/turn?";
    if (sizeof path - 1 + req->body.len >= cap)
        return false;
    for (size_t i = 0; i < req->body.len; i++)
        if ((unsigned char)req->body.p[i] < 0x21 ||
            (unsigned char)req->body.p[i] > 0x7e)
            return false;
    memcpy(out, path, sizeof path - 1);
    memcpy(out + sizeof path - 1, req->body.p, req->body.len);
    out[sizeof path - 1 + req->body.len] = '\0';
    return true;
}

/* /game/turn, the forms of a page without script: s=S with act=play and
 * at, dir and word; act=exchange with x0..x6; or act=pass.
 *
 * POST makes the move. Made: 303 to the next position's page. Refused:
 * 303 to the GET of the same fields. Either way the page shown is a GET,
 * so a reload or Back never posts again (Post/Redirect/Get).
 *
 * GET (and HEAD) only judges the move, never makes it: the same board,
 * the rules' or the notation's message with its status (400 or 422), the
 * forms as typed. */
void ui_turn(const struct srv_request *req, struct srv_response *resp)
{
    bool get = is_get(req);
    if (!get && !is_post(req)) {
        method_not_allowed(resp);
        return;
    }
    resp->cache_control = "no-store";
    struct clb_error err;
    clb_error_clear(&err);
    if (!get && !is_form(req)) {
        clb_error_set(&err, CLB_ERR_BAD_REQUEST, "send a form");
        error_page(resp, &err);
        return;
    }
    struct clb_str form = request_form(req);
    char s[CLB_MAX_ENCODED_STATE + 1];
    size_t slen;
    struct position pos;
    if (!read_state(form, resp, s, sizeof s, &slen) ||
        !open_link(req, resp, s, slen, &pos))
        return;
    struct render_typed typed;
    memset(&typed, 0, sizeof typed);
    struct core_move move;
    bool read =
        read_form_move(form, &pos.game, &typed, &move, &err) == CLB_ERR_OK;
    enum core_player mover = pos.game.turn;
    struct core_move_result result, reply_result;
    struct core_move reply;
    bool replied;
    typed.handover = form_handover(form);
    if (read && get) {
        struct core_lexicon lex = dict_lexicon(pos.dict);
        (void)core_move_check(&pos.game, &move, &lex, &result, &err);
    } else if (read) {
        read = turn_move_and_reply(req, &pos, &move, typed.handover, &result,
                                   &reply, &reply_result, &replied,
                                   &err) == CLB_ERR_OK;
    }
    if (!get && err.code == CLB_ERR_BUSY) {
        /* Answered here, not by the GET of a refusal (which only judges
         * the move, and would find it fine): the forms as typed. */
        busy_detail(resp, &err);
        refused(req, resp, &pos, s, &move, &err, &typed);
        return;
    }
    char location[sizeof resp->location];
    if (!get && !read && refusal_page(req, location, sizeof location)) {
        redirect(resp, location);
        return;
    }
    if (get || !read) {
        refused(req, resp, &pos, s, read ? &move : NULL, &err, &typed);
        return;
    }
    char s2[CLB_MAX_ENCODED_STATE + 1];
    if (!write_next(resp, &pos, s2, sizeof s2))
        return;
    next_page(s2, mover, location, sizeof location);
    redirect(resp, location);
}

/* GET /game/review?s=S: the board page with the move list's review filled
 * in (the plain link for a reader without script). POST /game/review with
 * s=S: only the review's cells (render_review_cells), which the script
 * swaps into the board page it shows. */
void ui_review(const struct srv_request *req, struct srv_response *resp)
{
    char s[CLB_MAX_ENCODED_STATE + 1];
    size_t n;
    if (!page_state(req, resp, s, sizeof s, &n))
        return;
    if (is_get(req)) {
        /* A HEAD is answered as the page without the review: nothing of
         * it would be sent. */
        show_state(req, resp, s, n, !req->head);
        return;
    }
    struct position pos;
    struct core_review review;
    struct clb_error err;
    if (!open_link(req, resp, s, n, &pos))
        return;
    if (review_of(&pos, &review, &err) == NULL) {
        error_page(resp, &err);
        return;
    }
    struct render_result result = {
        .score = pos.game.score,
        .turns = pos.history.nmoves,
        .goals =
            pos.game.goals.level != CORE_GOALS_OFF ? &pos.game.goals : NULL};
    daily_of(&pos, result.daily);
    page_status(resp, 200);
    render_speak(resp->body, core_game_tileset(&pos.game));
    render_review_cells(resp->body, core_game_tileset(&pos.game), &review,
                        pos.game.game_over ? &result : NULL);
}

/* GET /game.gcg?s=S: the game's history as a GCG file (the page's
 * "Download game" link names the file). */
void ui_gcg(const struct srv_request *req, struct srv_response *resp)
{
    if (!is_get(req)) {
        method_not_allowed(resp);
        return;
    }
    char s[CLB_MAX_ENCODED_STATE + 1];
    size_t n;
    struct position pos;
    if (!read_state(req->query, resp, s, sizeof s, &n) ||
        !open_link(req, resp, s, n, &pos))
        return;
    resp->status = 200;
    resp->content_type = SRV_TYPE_TEXT;
    gcg_write(resp->body, &pos);
}

/* POST (or GET) /lang with lang=CODE&back=PATH: the language switch
 * (render_pages.c). Keeps the choice in the cookie `lang` of this device
 * for a year, for the application's paths only, and goes back to PATH,
 * an address of the application ("/" when it is missing or is not one:
 * never another site). An unknown code is refused with 400. */
void ui_lang(const struct srv_request *req, struct srv_response *resp)
{
    if (!is_get(req) && !(is_post(req) && is_form(req))) {
        method_not_allowed(resp);
        return;
    }
    struct clb_str form = is_post(req) ? req->body : req->query;
    char code[8], back[CLB_MAX_LOCATION - 8];
    size_t n, backn;
    const struct i18n_catalogue *c =
        form_value(form, "lang", true, code, sizeof code, &n) == UI_FOUND
            ? i18n_by_code(code, n)
            : NULL;
    if (c == NULL) {
        struct clb_error err;
        clb_error_clear(&err);
        clb_error_set(&err, CLB_ERR_BAD_REQUEST,
                      "lang: no catalogue has that language");
        error_page(resp, &err);
        return;
    }
    bool back_ok = form_value(form, "back", false, back, sizeof back, &backn) ==
                       UI_FOUND &&
                   back[0] == '/' && back[1] != '/' && back[1] != '\\';
    for (size_t i = 0; back_ok && i < backn; i++)
        back_ok = back[i] > ' ' && back[i] <= '~'; /* a Location's bytes */
    if (!back_ok)
        (void)snprintf(back, sizeof back, "/");
    resp->set_lang = c;
    /* The page that answers this request is in the new language too. */
    resp->body->lang = c;
    redirect(resp, back);
}
