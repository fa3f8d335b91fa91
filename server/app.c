/* server/app.c - the application behind every front end (app.h).
 *
 * One request becomes one answer here, whichever front end read it: the
 * router picks a static file or a handler, a search takes its place among
 * the searches allowed at once or is answered 503, the handler's page or
 * JSON is checked (a body that overflowed or a status never set is a bug
 * of ours, answered as a clean 500) and compressed for a client that
 * takes brotli or gzip, and every answer gets the same security headers.
 * Locations and the page's URLs are written under the mount point.
 */
/* SPDX-License-Identifier: MIT */
#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "encoding.h"
#include "i18n.h"
#include "json_load.h"
#include "respond.h"
#include "router.h"
#include "static_assets.h"

/* A year: the longest cache lifetime caches honour, for versioned
 * static links whose content can never change under that address. */
#define APP_CACHE_IMMUTABLE "public, max-age=31536000, immutable"
#define APP_CACHE_REVALIDATE "no-cache"
#define APP_CACHE_DEFAULT "no-store"

/* The fixed answers of the last resort: what srv_error_json and
 * render_error_page say for CLB_ERR_INTERNAL, in a few bytes and with no
 * memory needed. The page links to nothing: it cannot know the mount. */
static const char app_oom_json[] =
    "{\"error\":{\"code\":\"internal\",\"message\":\"Internal error\","
    "\"words\":[],\"cells\":[],\"detail\":\"out of memory\"}}\n";
static const char app_oom_page[] =
    "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
    "<meta name=\"viewport\" content=\"width=device-width, "
    "initial-scale=1\"><title>Collabble \xc2\xb7 error</title></head>"
    "<body><main><h1>Something is not right</h1><p data-testid=\"message\">"
    "Internal error: out of memory.</p></main></body></html>\n";

void srv_app_init(struct srv_app *app, const struct srv_context *ctx,
                  unsigned max_searching)
{
    app->ctx = ctx;
    atomic_init(&app->searching, 0u);
    app->max_searching = max_searching;
    app->one_request = false;
    /* jansson seeds its hash function on first use, and takes its
     * allocator once; both here, before a second thread exists. */
    json_object_seed(0);
    srv_json_init();
}

void srv_answer_add(struct srv_answer *a, const char *name, const char *value)
{
    if (a->nheaders < SRV_ANSWER_MAX_HEADERS)
        a->headers[a->nheaders++] = (struct srv_header){name, value};
}

const char *srv_answer_header(const struct srv_answer *a, const char *name)
{
    for (size_t i = 0; i < a->nheaders; i++)
        if (strcmp(a->headers[i].name, name) == 0)
            return a->headers[i].value;
    return NULL;
}

/* The page's language as the request asks (server/i18n.h): the device's
 * choice (its cookie), else the browser's (Accept-Language), else
 * English. A game's page may still speak the game's language when the
 * device chose none (render_game). */
static void app_language(struct out_buf *b, const struct srv_head *head)
{
    const struct i18n_catalogue *c = i18n_from_cookie(head->cookie);
    b->lang_chosen = c != NULL;
    if (c == NULL)
        c = i18n_from_accept(head->accept_language);
    b->lang = c != NULL ? c : &i18n_english;
}

/* An answer with nothing in it yet; its page buffer writes URLs under
 * `base`, in the language `head` asks for. Field by field: an initializer
 * would zero the 80 KB of buffers on every request. */
static void app_answer_start(struct srv_answer *a, struct clb_str base,
                             const struct srv_head *head)
{
    a->status = 500;
    a->nheaders = 0;
    a->body = "";
    a->len = 0;
    a->body_kept = false;
    a->zheap = NULL;
    a->retry[0] = '\0';
    a->location[0] = '\0';
    out_init(&a->page, a->mem, sizeof a->mem, CLB_MAX_RESPONSE_BYTES);
    a->page.base = base.p != NULL ? base.p : "";
    a->page.base_len = base.p != NULL ? base.len : 0;
    app_language(&a->page, head);
}

void srv_answer_free(struct srv_answer *a)
{
    out_free(&a->page);
    free(a->zheap);
    a->zheap = NULL;
}

/* The headers every answer carries. */
static void app_common_headers(struct srv_answer *a, const char *cache)
{
    srv_answer_add(a, "Content-Security-Policy", SRV_CSP);
    srv_answer_add(a, "X-Content-Type-Options", "nosniff");
    srv_answer_add(a, "Referrer-Policy", "no-referrer");
    srv_answer_add(a, "X-Frame-Options", "DENY");
    srv_answer_add(a, "Cache-Control", cache);
}

/* The fixed 500 of app_oom_json / app_oom_page. */
void srv_app_last_resort(struct srv_answer *a, struct clb_str path)
{
    bool api = srv_is_api_path(path);
    a->status = 500;
    a->nheaders = 0;
    a->body = api ? app_oom_json : app_oom_page;
    a->len = api ? sizeof app_oom_json - 1 : sizeof app_oom_page - 1;
    a->body_kept = true;
    app_common_headers(a, APP_CACHE_DEFAULT);
    srv_answer_add(a, "Content-Type", api ? SRV_TYPE_JSON : SRV_TYPE_HTML);
}

/* A location is sent only if it is a path of the application: a handler
 * bug must not turn into an open redirect or a header injection. */
static bool app_location_ok(const char *loc)
{
    if (loc[0] != '/' || loc[1] == '/' || loc[1] == '\\')
        return false;
    for (const char *c = loc; *c != '\0'; c++)
        if ((unsigned char)*c < 0x21 || (unsigned char)*c > 0x7e)
            return false;
    return true;
}

/* The coding's Content-Encoding, and Vary: Accept-Encoding when the answer
 * exists in more than one coding; a page also varies with the language
 * the request asks for (Accept-Language, the cookie `lang`). */
static void app_coding_headers(struct srv_answer *a, enum srv_coding coding,
                               bool varies, bool page)
{
    const char *name = srv_coding_name(coding);
    if (name != NULL)
        srv_answer_add(a, "Content-Encoding", name);
    if (varies && page)
        srv_answer_add(a, "Vary", "Accept-Encoding, Accept-Language, Cookie");
    else if (page)
        srv_answer_add(a, "Vary", "Accept-Language, Cookie");
    else if (varies)
        srv_answer_add(a, "Vary", "Accept-Encoding");
}

/* The coding the answer in a->body (a->len bytes, CLB_COMPRESS_MIN_BYTES
 * or more) goes in, compressed into the answer's room (a->zmem, else the
 * heap) when it is not identity. A page goes in brotli to a client that
 * accepts it (and in gzip if brotli cannot make it smaller or cannot have
 * its memory), the API's JSON only ever in gzip; identity when no copy is
 * smaller than the answer. */
static enum srv_coding app_compress(struct srv_answer *a,
                                    const struct srv_request *req,
                                    const struct srv_head *head,
                                    const struct srv_response *resp, bool page)
{
    const unsigned gzip = SRV_CODING_BIT(SRV_CODING_GZIP);
    unsigned available = gzip;
    if (page && a->len <= CLB_BROTLI_MAX_ANSWER)
        available |= SRV_CODING_BIT(SRV_CODING_BROTLI);
    enum srv_coding coding =
        srv_coding_choose(head->accept_encoding, available);
    if (coding == SRV_CODING_IDENTITY)
        return coding;
    /* Only a copy smaller than the answer is worth sending. */
    size_t cap = a->len - 1;
    char *out = cap <= sizeof a->zmem ? a->zmem : (a->zheap = malloc(cap));
    if (out == NULL)
        return SRV_CODING_IDENTITY;
    /* The kept copy is English's: it is compared with the whole body, so
     * another language's page is never sent for it, but pages in two
     * languages would take turns remaking it at the best level. */
    bool kept = resp->same_for_all && a->page.lang == &i18n_english;
    size_t n = 0;
    if (coding == SRV_CODING_BROTLI) {
        /* Brotli's best quality takes about 3 ms on the landing page: a
         * process that answers one request (CGI) would make it for
         * nothing, and sends quality 5 (still smaller than gzip's kept
         * copy). */
        bool keep = kept && !(req->app != NULL && req->app->one_request);
        n = keep ? srv_brotli_kept(a->body, a->len, out, cap)
                 : srv_brotli(a->body, a->len, out, cap);
        if (n == 0)
            coding = srv_coding_choose(head->accept_encoding, gzip);
    }
    if (coding == SRV_CODING_GZIP)
        n = kept ? srv_gzip_kept(a->body, a->len, out, cap)
                 : srv_gzip(a->body, a->len, out, cap);
    if (n == 0)
        return SRV_CODING_IDENTITY;
    a->body = out;
    a->len = n;
    return coding;
}

/* Turns a handler's response (its body in a->page) into the answer: an
 * answer of CLB_COMPRESS_MIN_BYTES or more is compressed for a client
 * that accepts a coding, when that makes it smaller (app_compress), and
 * says it varies with Accept-Encoding. */
static void app_finish(struct srv_answer *a, const struct srv_request *req,
                       const struct srv_head *head,
                       const struct srv_response *resp)
{
    a->status = (unsigned)resp->status;
    a->body = a->page.p;
    a->len = a->page.len;
    bool varies = a->len >= CLB_COMPRESS_MIN_BYTES;
    bool page = strcmp(resp->content_type, SRV_TYPE_HTML) == 0;
    enum srv_coding coding =
        varies ? app_compress(a, req, head, resp, page) : SRV_CODING_IDENTITY;
    app_common_headers(a, resp->cache_control != NULL ? resp->cache_control
                                                      : APP_CACHE_DEFAULT);
    srv_answer_add(a, "Content-Type", resp->content_type);
    app_coding_headers(a, coding, varies, page);
    if (resp->status == 405)
        srv_answer_add(a, "Allow", srv_route_allow(req->path));
    if (resp->location[0] != '\0' && app_location_ok(resp->location)) {
        /* Handlers write the application's paths; the client needs them
         * under the mount point. */
        (void)snprintf(a->location, sizeof a->location, "%.*s%s",
                       (int)req->base.len,
                       req->base.p != NULL ? req->base.p : "", resp->location);
        srv_answer_add(a, "Location", a->location);
    }
    if (resp->set_lang != NULL) {
        /* For the application's paths only, a year; HttpOnly: the script
         * never reads it (the page says its language). */
        (void)snprintf(a->cookie, sizeof a->cookie,
                       I18N_COOKIE "=%s; Path=%.*s/; Max-Age=31536000; "
                                   "SameSite=Lax; HttpOnly",
                       i18n_code(resp->set_lang), (int)req->base.len,
                       req->base.p != NULL ? req->base.p : "");
        srv_answer_add(a, "Set-Cookie", a->cookie);
    }
    if (resp->retry_after > 0) {
        (void)snprintf(a->retry, sizeof a->retry, "%d", resp->retry_after);
        srv_answer_add(a, "Retry-After", a->retry);
    }
}

/* Fills *a from a handler-shaped response written into a->page, or the
 * clean 500 when the handler could not finish it. */
static void app_checked(struct srv_answer *a, const struct srv_request *req,
                        const struct srv_head *head,
                        const struct srv_response *resp);

void srv_app_refuse(const struct srv_request *req, const struct srv_head *head,
                    enum clb_err code, const char *detail, struct srv_answer *a)
{
    app_answer_start(a, req->base, head);
    struct srv_response resp = {.status = 500,
                                .content_type = SRV_TYPE_TEXT,
                                /* A busy server, or a client over its cap, is
                                 * told when to ask again. */
                                .retry_after = code == CLB_ERR_BUSY ||
                                                       code == CLB_ERR_TOO_MANY
                                                   ? CLB_BUSY_RETRY_AFTER_S
                                                   : 0,
                                .body = &a->page};
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, code, "%s", detail != NULL ? detail : "");
    srv_error_for_path(&resp, req->path, &err);
    if (a->page.overflow) /* a short page of fixed text: out of memory */
        srv_app_last_resort(a, req->path);
    else
        app_finish(a, req, head, &resp);
}

static void app_checked(struct srv_answer *a, const struct srv_request *req,
                        const struct srv_head *head,
                        const struct srv_response *resp)
{
    if (!a->page.overflow && resp->status >= 100 && resp->status <= 599 &&
        resp->content_type != NULL) {
        app_finish(a, req, head, resp);
        return;
    }
    const char *why = a->page.nomem      ? "out of memory"
                      : a->page.overflow ? "response too large"
                                         : "";
    out_reset(&a->page);
    struct srv_response err_resp = {
        .status = 500, .content_type = SRV_TYPE_TEXT, .body = &a->page};
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_INTERNAL, "%s", why);
    srv_error_for_path(&err_resp, req->path, &err);
    if (a->page.overflow)
        srv_app_last_resort(a, req->path);
    else
        app_finish(a, req, head, &err_resp);
}

/* True if If-None-Match is "*" or lists `etag` (weak comparison, RFC 9110
 * 8.8.3.2: a W/ prefix does not count). */
static bool app_etag_matches(const char *inm, const char *etag)
{
    if (inm == NULL)
        return false;
    size_t elen = strlen(etag);
    for (const char *t = inm; *t != '\0';) {
        while (*t == ' ' || *t == '\t' || *t == ',')
            t++;
        if (*t == '*' && (t[1] == '\0' || t[1] == ',' || t[1] == ' '))
            return true;
        if (t[0] == 'W' && t[1] == '/')
            t += 2;
        if (*t != '"') { /* not an entity tag: skip to the next element */
            while (*t != '\0' && *t != ',')
                t++;
            continue;
        }
        const char *end = strchr(t + 1, '"');
        if (end == NULL)
            return false;
        if ((size_t)(end + 1 - t) == elen && memcmp(t, etag, elen) == 0)
            return true;
        t = end + 1;
    }
    return false;
}

/* An embedded file straight from the binary's read-only data, in the
 * coding the client accepts of those the file has (build-time copies),
 * with the ETag of that coding. A link carrying the file's current version
 * ("?v=<version>", which the pages write) may be cached for good; any
 * other must be revalidated, and a matching ETag gets 304 without the
 * body. */
static void app_static(struct srv_answer *a, const struct srv_request *req,
                       const struct srv_head *head,
                       const struct srv_static_asset *s)
{
    struct clb_str q = req->query;
    bool versioned = q.len == 2 + strlen(s->version) &&
                     memcmp(q.p, "v=", 2) == 0 &&
                     memcmp(q.p + 2, s->version, q.len - 2) == 0;
    unsigned available =
        (s->gzip.data != NULL ? SRV_CODING_BIT(SRV_CODING_GZIP) : 0) |
        (s->brotli.data != NULL ? SRV_CODING_BIT(SRV_CODING_BROTLI) : 0);
    enum srv_coding coding =
        srv_coding_choose(head->accept_encoding, available);
    const struct srv_static_copy *copy = coding == SRV_CODING_GZIP ? &s->gzip
                                         : coding == SRV_CODING_BROTLI
                                             ? &s->brotli
                                             : NULL;
    const char *etag = copy != NULL ? copy->etag : s->etag;
    bool fresh = app_etag_matches(head->if_none_match, etag);
    a->status = fresh ? 304 : 200;
    a->body = fresh ? "" : (const char *)(copy != NULL ? copy->data : s->data);
    a->len = fresh ? 0 : copy != NULL ? copy->len : s->len;
    a->body_kept = true;
    /* A 304 has no body to describe: its ETag and Vary say which copy is
     * fresh. */
    app_common_headers(a,
                       versioned ? APP_CACHE_IMMUTABLE : APP_CACHE_REVALIDATE);
    srv_answer_add(a, "ETag", etag);
    srv_answer_add(a, "Content-Type", srv_static_content_type(s));
    app_coding_headers(a, fresh ? SRV_CODING_IDENTITY : coding, available != 0,
                       false);
}

/* Takes a place among the requests that search; false when every place is
 * taken (the request is then answered 503 at once, without waiting: a
 * thread that waited would be a thread the cheap routes lose). */
static bool app_search_begin(struct srv_app *app)
{
    if (app->max_searching == 0)
        return true;
    unsigned n = atomic_load(&app->searching);
    do {
        if (n >= app->max_searching)
            return false;
    } while (!atomic_compare_exchange_weak(&app->searching, &n, n + 1));
    return true;
}

static void app_search_end(struct srv_app *app)
{
    if (app->max_searching != 0)
        atomic_fetch_sub(&app->searching, 1u);
}

/* The 503 of a search past the limit, into resp (its body set). */
static void app_busy_response(const struct srv_app *app,
                              const struct srv_request *req,
                              struct srv_response *resp)
{
    resp->status = 503;
    resp->content_type = SRV_TYPE_TEXT;
    resp->retry_after = CLB_BUSY_RETRY_AFTER_S;
    struct clb_error err;
    clb_error_clear(&err);
    clb_error_set(&err, CLB_ERR_BUSY, "%u %s being answered; ask again in %d s",
                  app->max_searching,
                  app->max_searching == 1 ? "search is" : "searches are",
                  CLB_BUSY_RETRY_AFTER_S);
    srv_error_for_path(resp, req->path, &err);
}

/* The answer to a search past the limit: 503 with Retry-After. */
static void app_busy(struct srv_app *app, const struct srv_request *req,
                     const struct srv_head *head, struct srv_answer *a)
{
    struct srv_response resp = {.body = &a->page};
    app_busy_response(app, req, &resp);
    app_checked(a, req, head, &resp);
}

bool srv_search_take(const struct srv_request *req)
{
    return req->app == NULL || app_search_begin(req->app);
}

void srv_search_give(const struct srv_request *req)
{
    if (req->app != NULL)
        app_search_end(req->app);
}

void srv_search_busy(const struct srv_request *req, struct srv_response *resp)
{
    out_reset(resp->body);
    resp->cache_control = NULL;
    if (req->app != NULL)
        app_busy_response(req->app, req, resp);
}

void srv_app_answer(struct srv_app *app, const struct srv_request *in,
                    const struct srv_head *head, struct srv_answer *a)
{
    /* The handler's copy carries the search places. */
    struct srv_request with_app = *in;
    with_app.app = app;
    const struct srv_request *req = &with_app;
    app_answer_start(a, req->base, head);
    struct srv_route route;
    srv_route(req, &route);
    if (route.asset != NULL) {
        app_static(a, req, head, route.asset);
        return;
    }
    if (route.searches && !app_search_begin(app)) {
        app_busy(app, req, head, a);
        return;
    }
    /* Field by field: an initializer would zero all of location (16 KiB,
     * for the rare redirect) on every request. */
    struct srv_response resp;
    resp.status = 0;
    resp.content_type = SRV_TYPE_TEXT;
    resp.cache_control = NULL;
    resp.location[0] = '\0';
    resp.retry_after = 0;
    resp.same_for_all = false;
    resp.set_lang = NULL;
    resp.body = &a->page;
    route.handler(req, &resp);
    if (route.searches)
        app_search_end(app);
    app_checked(a, req, head, &resp);
}

const char *srv_status_text(unsigned status)
{
    static const struct {
        unsigned status;
        const char *text;
    } texts[] = {
        {200, "OK"},
        {201, "Created"},
        {204, "No Content"},
        {301, "Moved Permanently"},
        {302, "Found"},
        {303, "See Other"},
        {304, "Not Modified"},
        {307, "Temporary Redirect"},
        {400, "Bad Request"},
        {403, "Forbidden"},
        {404, "Not Found"},
        {405, "Method Not Allowed"},
        {408, "Request Timeout"},
        {413, "Content Too Large"},
        {422, "Unprocessable Content"},
        {429, "Too Many Requests"},
        {500, "Internal Server Error"},
        {503, "Service Unavailable"},
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (texts[i].status == status)
            return texts[i].text;
    return "Unknown";
}

static bool app_base_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
           c == '~' || c == '/';
}

const char *srv_base_check(const char *s, size_t len, char *out)
{
    while (len > 0 && s[len - 1] == '/')
        len--;
    out[0] = '\0';
    if (len == 0)
        return NULL;
    if (s[0] != '/')
        return "it must start with '/'";
    if (len > CLB_MAX_BASE_PATH)
        return "it is longer than 256 bytes";
    for (size_t i = 0; i < len; i++) {
        if (!app_base_char(s[i]))
            return "it may only hold letters, digits, '/' and - . _ ~";
        if (s[i] != '/')
            continue;
        /* the segment after this '/' */
        size_t j = i + 1;
        while (j < len && s[j] != '/')
            j++;
        size_t seg = j - i - 1;
        if (seg == 0)
            return "it holds an empty segment ('//')";
        if ((seg == 1 && s[i + 1] == '.') ||
            (seg == 2 && s[i + 1] == '.' && s[i + 2] == '.'))
            return "it holds a '.' or '..' segment";
    }
    memcpy(out, s, len);
    out[len] = '\0';
    return NULL;
}

struct clb_str srv_app_path(struct clb_str base, struct clb_str path)
{
    if (base.len == 0 || path.len < base.len ||
        memcmp(path.p, base.p, base.len) != 0)
        return path;
    if (path.len == base.len)
        return (struct clb_str){"/", 1};
    if (path.p[base.len] != '/')
        return path; /* "/collabblex" is not under "/collabble" */
    return (struct clb_str){path.p + base.len, path.len - base.len};
}
