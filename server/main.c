/* server/main.c - the collabble command: flags, lexicons, signals, and
 * which front end answers.
 *
 * Started as a CGI program (GATEWAY_INTERFACE in the environment), it
 * answers that one request from the environment alone and exits. Else it
 * reads the command line (or COLLABBLE_LEXICON, COLLABBLE_BASE_PATH),
 * loads every lexicon once, and serves FastCGI (--fastcgi, or standard
 * input a listening socket) or HTTP: for HTTP it makes sure enough file
 * descriptors are allowed for the connection cap, starts the server and
 * waits for SIGINT or SIGTERM, then stops the server and frees what it
 * loaded. The only file that calls exit().
 */
/* SPDX-License-Identifier: MIT */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <netdb.h>
#include <time.h>

#include "say.h"
#include "../core/limits.h"
#include "../dict/dict.h"
#include "app.h"
#include "builtin_lexicon.h"
#include "cgi.h"
#include "fastcgi.h"
#include "http.h"
#include "metrics.h"
#include "notify.h"
#include "server.h"
#include "signals.h"
#include "startup.h"
#include "static_export.h"
#include "strict_check.h"

#ifndef CLB_VERSION
#define CLB_VERSION "0.1.0"
#endif
#ifndef CLB_COMMIT
#define CLB_COMMIT "unknown"
#endif
#ifndef CLB_BUILD_DATE
#define CLB_BUILD_DATE "unknown"
#endif
/* What --version and the start line say. */
#define MAIN_IDENTITY                                                          \
    "collabble " CLB_VERSION " (commit " CLB_COMMIT ", built " CLB_BUILD_DATE  \
    ")"

#define MAIN_DEFAULT_PORT 8080
#define MAIN_DEFAULT_BIND "127.0.0.1"
#define MAIN_DEFAULT_LEXICON_NAME SRV_BUILTIN_LEXICON_NAME

/* Exit statuses, as documented in --help. */
enum main_exit {
    MAIN_EXIT_OK = 0,      /* stopped by a signal, or --help / --version */
    MAIN_EXIT_FAILURE = 1, /* could not listen, or out of memory */
    MAIN_EXIT_USAGE = 2,   /* a bad flag or value */
    MAIN_EXIT_LEXICON = 3, /* a lexicon could not be loaded */
    MAIN_EXIT_HTTP = 4, /* libmicrohttpd unchecked, or its self-test failed */
};

struct main_options {
    unsigned port;
    int nbinds;
    const char *binds[CLB_MAX_LISTENERS]; /* --bind, in order */
    unsigned threads;                     /* --threads, 0: one a CPU */
    unsigned max_connections;             /* 0 for CLB_MAX_CONNECTIONS */
    unsigned max_per_ip;                  /* 0 for no per-address cap */
    unsigned drain_s; /* seconds /readyz says 503 before stopping */
    enum srv_log_format log_format;
    bool log_requests_off;
    bool metrics;          /* --metrics given: a metrics listener */
    unsigned metrics_port; /* its port, 0 for any free one */
    const char *metrics_bind;
    const char *allow_mhd; /* --allow-libmicrohttpd, or NULL */
    bool has_base;         /* --base-path or COLLABBLE_BASE_PATH given */
    char base[CLB_MAX_BASE_PATH + 1]; /* srv_base_check's form */
    const char *fastcgi;              /* --fastcgi ADDR, or NULL */
    const char *export_dir;           /* --export-static DIR, or NULL */
    struct srv_lexicon_args lexicons;
    size_t ntrusted;
    struct srv_cidr trusted[CLB_MAX_TRUSTED_PROXIES];
    size_t nenv;
    char *env[24]; /* the copies of the variables options came from */
};

static void main_usage(FILE *out)
{
    fprintf(out,
            "Usage: collabble [--port N] [--bind ADDR]... [--threads N]\n"
            "                 [--trusted-proxy ADDR[/BITS]]...\n"
            "                 [--lexicon FILE[:NAME]]... "
            "[--languages DIR]\n"
            "                 [--max-connections N]\n"
            "                 "
            "[--max-connections-per-ip N]\n"
            "                 [--drain-seconds N] [--log-format text|json]\n"
            "                 [--log-requests on|off] [--metrics PORT] "
            "[--metrics-bind ADDR]\n"
            "                 [--allow-libmicrohttpd VERSION] "
            "[--base-path PATH]\n"
            "                 [--fastcgi ADDR] [--export-static DIR] "
            "[--help] [--version]\n"
            "\n"
            "Serves Collabble, a cooperative two-player Scrabble, over HTTP,\n"
            "as a CGI program or as a FastCGI program. It keeps no games:\n"
            "every turn link carries its game.\n"
            "\n"
            "  --port N               TCP port, 0 for any free one "
            "(default %d)\n"
            "  --bind ADDR            where to listen (default %s): an "
            "IPv4 or IPv6\n"
            "                         address (0.0.0.0, or :: for both "
            "families, to be\n"
            "                         reached from other machines), a name "
            "(each of its\n"
            "                         addresses: localhost is 127.0.0.1 and "
            "::1), or a\n"
            "                         Unix socket, unix:PATH, for a proxy "
            "on this\n"
            "                         machine. Repeatable (at most 8)\n"
            "  --threads N            worker threads (default: one a CPU; "
            "also\n"
            "                         COLLABBLE_THREADS): requests answered "
            "at once, and\n"
            "                         less one, searches (reviews, lists of "
            "plays) at once\n"
            "",
            MAIN_DEFAULT_PORT, MAIN_DEFAULT_BIND);
    fprintf(out,
            "  --lexicon FILE[:NAME]  a word list: a compiled lexicon or a "
            "text file\n"
            "                         with one word a line. Repeatable (at "
            "most %d);\n"
            "                         the first is the default. NAME "
            "defaults to the\n"
            "                         file name without its extension.\n"
            "  --languages DIR        the languages' compiled word lists: "
            "every NAME.clx\n"
            "                         in DIR is mapped at start as the "
            "lexicon NAME\n"
            "                         (a game in a language plays on the "
            "first one in\n"
            "                         its tile set). Default: %s;\n"
            "                         '' for none\n"
            "  --max-connections N    connections served at once (default "
            "%d); more\n"
            "                         wait in the kernel's queue\n"
            "  --max-connections-per-ip N\n"
            "                         connections from one address (default "
            "0: no cap);\n"
            "                         behind a --trusted-proxy, requests in "
            "progress\n"
            "                         from one client address\n"
            "  --trusted-proxy ADDR[/BITS]\n"
            "                         a proxy whose X-Real-IP or "
            "X-Forwarded-For is\n"
            "                         believed, for the log and the cap "
            "above; from no\n"
            "                         other peer (repeatable, at most 16)\n"
            "  --drain-seconds N      after SIGTERM or SIGINT, keep serving "
            "N seconds\n"
            "                         (at most %d) with /readyz answering "
            "503, so a\n"
            "                         proxy stops sending players first "
            "(default 0;\n"
            "                         a second signal stops at once)\n"
            "  --log-format text|json a line per request on stderr: time, "
            "client address,\n"
            "                         method, path, status, bytes and "
            "duration, as text\n"
            "                         (default) or one JSON object a line. "
            "Never the\n"
            "                         link's state or query.\n"
            "  --log-requests on|off  off: no line per request (default on)\n"
            "  --metrics PORT         serve Prometheus metrics at "
            "http://ADDR:PORT/metrics\n"
            "                         on a listener of their own (off by "
            "default;\n"
            "                         0 for any free port)\n"
            "  --metrics-bind ADDR    its address (default 127.0.0.1)\n"
            "  --allow-libmicrohttpd VERSION\n"
            "                         start on this libmicrohttpd version "
            "although the\n"
            "                         request-head checks were tested with "
            "%s only;\n"
            "                         their self-test runs at every start "
            "all the same\n"
            "  --base-path PATH       serve under PATH (/collabble): every "
            "address the\n"
            "                         pages write starts with it, and a "
            "request under it\n"
            "                         is answered with PATH taken off (so a "
            "proxy may\n"
            "                         pass it on or strip it). Default: the "
            "root; as a\n"
            "                         CGI program, SCRIPT_NAME.\n"
            "  --fastcgi ADDR         serve FastCGI on ADDR: a Unix socket "
            "path, or\n"
            "                         HOST:PORT or :PORT (TCP; keep it "
            "reachable by\n"
            "                         the web server only)\n"
            "  --export-static DIR    write the static files (with their .gz "
            "and .br\n"
            "                         copies) into DIR for the web server to "
            "serve\n"
            "                         at PATH/static/, and exit\n"
            "  --help                 show this help and exit\n"
            "  --version              show the version and exit\n"
            "\n"
            "Without --lexicon, the environment variable %s\n"
            "(one or more FILE[:NAME], separated by spaces) is used, and "
            "without\n"
            "that the SOWPODS list built into this binary, as \"%s\".\n"
            "%s sets the base path when --base-path is not given\n"
            "(as a CGI program, it takes the place of SCRIPT_NAME).\n"
            "FILE %s names that built-in list beside others\n"
            "(--lexicon my.txt:mine --lexicon %s:%s).\n"
            "\n"
            "Exit status: 0 after SIGINT or SIGTERM, 1 if it cannot listen, "
            "2 for\na bad command line, 3 if a lexicon cannot be loaded, 4 "
            "if libmicrohttpd\nis not the version checked (see "
            "--allow-libmicrohttpd) or the request-head\nself-test fails "
            "on it.\n\n",
            CLB_MAX_GIVEN_LEXICONS, CLB_LANGUAGES_DEFAULT, CLB_MAX_CONNECTIONS,
            CLB_MAX_DRAIN_S,
            SRV_STRICT_MHD_VERSION, SRV_ENV_LEXICON, MAIN_DEFAULT_LEXICON_NAME,
            SRV_ENV_BASE_PATH, SRV_BUILTIN_LEXICON_FILE,
            SRV_BUILTIN_LEXICON_FILE, MAIN_DEFAULT_LEXICON_NAME);
    fprintf(out,
            "Signals: SIGTERM or SIGINT stops it: no new connection, every "
            "request\nalready begun answered (within %d s), then exit. "
            "SIGHUP is logged and\nignored: the log is standard error and "
            "there is nothing to reload.\n"
            "\n",
            CLB_STOP_GRACE_S);
    fputs("How it is started chooses how it answers:\n"
          "  - with GATEWAY_INTERFACE=CGI/1.x in the environment (a web "
          "server\n"
          "    running it as a CGI program): it answers that one request "
          "and exits.\n"
          "    Flags are not read then (a web server may pass the query "
          "as\n"
          "    arguments): COLLABBLE_LEXICON, COLLABBLE_LANGUAGES and\n"
          "    COLLABBLE_BASE_PATH are.\n"
          "  - with --fastcgi ADDR, or with standard input a listening "
          "socket (a\n"
          "    web server or spawn-fcgi starting it as a FastCGI "
          "program): FastCGI.\n"
          "  - otherwise: an HTTP server.\n"
          "\n",
          out);
}

/* Reports misuse the way every Unix tool does, and exits 2. */
static void main_die_usage(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));
static void main_die_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("collabble: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\nTry 'collabble --help'.\n", stderr);
    exit(MAIN_EXIT_USAGE);
}

/* Adds --lexicon's FILE[:NAME], or exits 2 saying why. */
static void main_add_lexicon(struct main_options *o, char *arg,
                             const char *from)
{
    char why[SRV_STARTUP_WHY_MAX];
    if (!srv_lexicon_arg_add(&o->lexicons, arg, from, why))
        main_die_usage("%s", why);
}

/* The value of --flag V or --flag=V; advances *i past a separate value. */
static char *main_value(int argc, char **argv, int *i, const char *flag)
{
    size_t n = strlen(flag);
    if (argv[*i][n] == '=')
        return argv[*i] + n + 1;
    if (*i + 1 >= argc)
        main_die_usage("%s needs a value", flag);
    return argv[++*i];
}

static bool main_is_flag(const char *arg, const char *flag)
{
    size_t n = strlen(flag);
    return strncmp(arg, flag, n) == 0 && (arg[n] == '\0' || arg[n] == '=');
}

/* A whole number from `lo` to `hi` for `flag`, or exit 2. */
static unsigned main_count(const char *s, const char *flag, unsigned lo,
                           unsigned hi)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (s[0] < '0' || s[0] > '9' || *end != '\0' || errno != 0 || v < lo ||
        v > hi)
        main_die_usage("invalid %s '%s' (%u-%u)", flag, s, lo, hi);
    return (unsigned)v;
}

/* A port for `from`: "--port" says "invalid port", a variable names
 * itself. */
static unsigned main_port(const char *s, const char *from)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (s[0] < '0' || s[0] > '9' || *end != '\0' || errno != 0 || v > 65535)
        main_die_usage("invalid %s '%s' (0-65535)",
                       strcmp(from, "--port") == 0 ? "port" : from, s);
    return (unsigned)v;
}

/* The listeners of one --bind ADDR with the port, appended to ls[*n]:
 * an IPv4 or IPv6 address ("127.0.0.1", "::1", "[::1]", "0.0.0.0", "::"),
 * a Unix socket ("unix:PATH" or an absolute path), or a host name, which
 * is resolved and listened on at each of its addresses ("localhost":
 * 127.0.0.1 and ::1). Exits 2 saying why when it is none of them. */
static void main_listeners(const char *bind, unsigned port,
                           struct srv_listener *ls, size_t *n)
{
    const char *path = strncmp(bind, "unix:", 5) == 0 ? bind + 5
                       : bind[0] == '/'               ? bind
                                                      : NULL;
    if (path != NULL) {
        struct sockaddr_un *un = (struct sockaddr_un *)&ls[*n].addr;
        if (path[0] == '\0' || strlen(path) >= sizeof un->sun_path)
            main_die_usage("invalid Unix socket path '%s' (1 to %zu bytes)",
                           path, sizeof un->sun_path - 1);
        if (*n >= CLB_MAX_LISTENERS)
            main_die_usage("--bind: at most %d addresses", CLB_MAX_LISTENERS);
        memset(&ls[*n], 0, sizeof ls[*n]);
        un->sun_family = AF_UNIX;
        memcpy(un->sun_path, path, strlen(path) + 1);
        ls[*n].len = (socklen_t)sizeof *un;
        (*n)++;
        return;
    }
    char host[256];
    size_t len = strlen(bind);
    if (len >= 2 && bind[0] == '[' && bind[len - 1] == ']' &&
        len - 2 < sizeof host) {
        memcpy(host, bind + 1, len - 2);
        host[len - 2] = '\0';
    } else if (len > 0 && len < sizeof host) {
        memcpy(host, bind, len + 1);
    } else {
        main_die_usage("invalid address '%s'", bind);
    }
    char service[8];
    snprintf(service, sizeof service, "%u", port);
    /* Numeric addresses first, then names. */
    struct addrinfo hints = {.ai_family = AF_UNSPEC,
                             .ai_socktype = SOCK_STREAM,
                             .ai_flags = AI_NUMERICHOST | AI_NUMERICSERV};
    struct addrinfo *res = NULL;
    int rc = getaddrinfo(host, service, &hints, &res);
    if (rc != 0) {
        hints.ai_flags = AI_NUMERICSERV;
        rc = getaddrinfo(host, service, &hints, &res);
    }
    if (rc != 0)
        main_die_usage("invalid address '%s': not an IPv4 or IPv6 address, "
                       "a Unix socket path or a name this machine resolves "
                       "(%s)",
                       bind, gai_strerror(rc));
    for (struct addrinfo *ai = res; ai != NULL; ai = ai->ai_next) {
        if (ai->ai_family != AF_INET && ai->ai_family != AF_INET6)
            continue;
        bool dup = false;
        for (size_t i = 0; i < *n; i++)
            dup =
                dup || (ls[i].len == ai->ai_addrlen &&
                        memcmp(&ls[i].addr, ai->ai_addr, ai->ai_addrlen) == 0);
        if (dup)
            continue;
        if (*n >= CLB_MAX_LISTENERS) {
            freeaddrinfo(res);
            main_die_usage("--bind: at most %d addresses", CLB_MAX_LISTENERS);
        }
        memset(&ls[*n], 0, sizeof ls[*n]);
        memcpy(&ls[*n].addr, ai->ai_addr, ai->ai_addrlen);
        ls[*n].len = ai->ai_addrlen;
        (*n)++;
    }
    freeaddrinfo(res);
}

/* One address for the metrics listener (numeric, as before). */
static void main_address(const char *bind, unsigned port,
                         struct sockaddr_storage *ss)
{
    struct srv_listener ls[CLB_MAX_LISTENERS];
    size_t n = 0;
    main_listeners(bind, port, ls, &n);
    if (n == 0 || ls[0].addr.ss_family == AF_UNIX)
        main_die_usage("invalid --metrics-bind '%s' (an IPv4 or IPv6 "
                       "address)",
                       bind);
    *ss = ls[0].addr;
}

/* A listener as the start line writes it: http://127.0.0.1:8080,
 * http://[::1]:8080, or unix:/run/collabble.sock. */
static void main_listener_text(const struct srv_listener *l, uint16_t port,
                               char *out, size_t cap)
{
    char host[INET6_ADDRSTRLEN];
    if (l->addr.ss_family == AF_UNIX) {
        snprintf(out, cap, "unix:%s",
                 ((const struct sockaddr_un *)&l->addr)->sun_path);
    } else if (l->addr.ss_family == AF_INET6) {
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)&l->addr)->sin6_addr,
                  host, sizeof host);
        snprintf(out, cap, "http://[%s]:%u", host, (unsigned)port);
    } else {
        inet_ntop(AF_INET, &((const struct sockaddr_in *)&l->addr)->sin_addr,
                  host, sizeof host);
        snprintf(out, cap, "http://%s:%u", host, (unsigned)port);
    }
}

/* The base path from `from` (the flag or the environment variable). */
static void main_base(const char *v, const char *from, struct main_options *o)
{
    char why[SRV_STARTUP_WHY_MAX];
    if (!srv_base_arg(v, from, o->base, why))
        main_die_usage("%s", why);
    o->has_base = true;
}

/* ---- the options, each a flag and its environment variable ---------- */

/* Each option's setter: `v` is its value, `from` the flag or variable it
 * came from, which an error names. */
static void opt_port(struct main_options *o, char *v, const char *from)
{
    o->port = main_port(v, from);
}

static void opt_bind(struct main_options *o, char *v, const char *from)
{
    if (o->nbinds >= CLB_MAX_LISTENERS)
        main_die_usage("%s: at most %d addresses", from, CLB_MAX_LISTENERS);
    o->binds[o->nbinds++] = v;
}

static void opt_threads(struct main_options *o, char *v, const char *from)
{
    o->threads = main_count(v, from, 1, CLB_MAX_THREADS);
}

static void opt_lexicon(struct main_options *o, char *v, const char *from)
{
    main_add_lexicon(o, v, from);
}

static void opt_languages(struct main_options *o, char *v, const char *from)
{
    (void)from;
    o->lexicons.languages = v;
}

static void opt_max_connections(struct main_options *o, char *v,
                                const char *from)
{
    o->max_connections = main_count(v, from, 1, CLB_MAX_CONNECTIONS);
}

static void opt_max_per_ip(struct main_options *o, char *v, const char *from)
{
    o->max_per_ip = main_count(v, from, 0, CLB_MAX_CONNECTIONS);
}

static void opt_drain(struct main_options *o, char *v, const char *from)
{
    o->drain_s = main_count(v, from, 0, CLB_MAX_DRAIN_S);
}

static void opt_log_format(struct main_options *o, char *v, const char *from)
{
    if (strcmp(v, "text") == 0)
        o->log_format = SRV_LOG_TEXT;
    else if (strcmp(v, "json") == 0)
        o->log_format = SRV_LOG_JSON;
    else
        main_die_usage("%s takes text or json, not '%s'", from, v);
}

static void opt_log_requests(struct main_options *o, char *v, const char *from)
{
    if (strcmp(v, "on") == 0 || strcmp(v, "off") == 0)
        o->log_requests_off = v[1] == 'f';
    else
        main_die_usage("%s takes on or off, not '%s'", from, v);
}

static void opt_metrics(struct main_options *o, char *v, const char *from)
{
    o->metrics_port = main_port(v, from);
    o->metrics = true;
}

static void opt_metrics_bind(struct main_options *o, char *v, const char *from)
{
    (void)from;
    o->metrics_bind = v;
}

static void opt_allow_mhd(struct main_options *o, char *v, const char *from)
{
    if (v[0] == '\0')
        main_die_usage("%s needs a version", from);
    o->allow_mhd = v;
}

static void opt_base_path(struct main_options *o, char *v, const char *from)
{
    main_base(v, from, o);
}

static void opt_fastcgi(struct main_options *o, char *v, const char *from)
{
    if (v[0] == '\0')
        main_die_usage("%s needs an address", from);
    o->fastcgi = v;
}

static void opt_trusted(struct main_options *o, char *v, const char *from)
{
    if (o->ntrusted >= CLB_MAX_TRUSTED_PROXIES)
        main_die_usage("%s: at most %d", from, CLB_MAX_TRUSTED_PROXIES);
    const char *why = srv_cidr_parse(v, &o->trusted[o->ntrusted]);
    if (why != NULL)
        main_die_usage("invalid %s '%s': %s (ADDR or ADDR/BITS)", from, v, why);
    o->ntrusted++;
}

static void opt_export(struct main_options *o, char *v, const char *from)
{
    if (v[0] == '\0')
        main_die_usage("%s needs a directory", from);
    o->export_dir = v;
}

/* Every option: its flag, the environment variable that sets it when the
 * flag is not given (NULL: none; a flag always wins), whether it repeats
 * (its variable then holds several values, separated by spaces), and its
 * setter. The parser, the variables and the tests read this one table. */
static const struct main_option {
    const char *flag;
    const char *env;
    bool repeats;
    void (*set)(struct main_options *o, char *v, const char *from);
} main_table[] = {
    {"--port", "COLLABBLE_PORT", false, opt_port},
    {"--bind", "COLLABBLE_BIND", true, opt_bind},
    {"--threads", "COLLABBLE_THREADS", false, opt_threads},
    /* COLLABBLE_LEXICON: read by srv_lexicon_args_default (startup.c),
     * which CGI programs share. */
    {"--lexicon", NULL, true, opt_lexicon},
    /* COLLABBLE_LANGUAGES: read by srv_lexicons_load (startup.c) too. */
    {"--languages", NULL, false, opt_languages},
    {"--max-connections", "COLLABBLE_MAX_CONNECTIONS", false,
     opt_max_connections},
    {"--max-connections-per-ip", "COLLABBLE_MAX_CONNECTIONS_PER_IP", false,
     opt_max_per_ip},
    {"--drain-seconds", "COLLABBLE_DRAIN_SECONDS", false, opt_drain},
    {"--log-format", "COLLABBLE_LOG_FORMAT", false, opt_log_format},
    {"--log-requests", "COLLABBLE_LOG_REQUESTS", false, opt_log_requests},
    {"--metrics", "COLLABBLE_METRICS", false, opt_metrics},
    {"--metrics-bind", "COLLABBLE_METRICS_BIND", false, opt_metrics_bind},
    {"--allow-libmicrohttpd", "COLLABBLE_ALLOW_LIBMICROHTTPD", false,
     opt_allow_mhd},
    {"--base-path", SRV_ENV_BASE_PATH, false, opt_base_path},
    {"--fastcgi", "COLLABBLE_FASTCGI", false, opt_fastcgi},
    {"--trusted-proxy", "COLLABBLE_TRUSTED_PROXY", true, opt_trusted},
    {"--export-static", NULL, false, opt_export},
};
#define MAIN_NOPTIONS (sizeof main_table / sizeof main_table[0])

/* The variables, from the table, for --help. */
static void main_usage_env(FILE *out)
{
    fputs("Every option but --export-static can also be set by an "
          "environment\nvariable (a flag wins over its variable; a "
          "repeatable one takes several\nvalues separated by spaces):\n",
          out);
    for (size_t i = 0; i < MAIN_NOPTIONS; i++)
        fprintf(out, "  %-26s %s\n", main_table[i].flag,
                main_table[i].env != NULL            ? main_table[i].env
                : main_table[i].set == opt_lexicon   ? SRV_ENV_LEXICON
                : main_table[i].set == opt_languages ? SRV_ENV_LANGUAGES
                                                     : "(none)");
}

/* The table's entry for a command-line argument, or NULL. --metrics is a
 * prefix of --metrics-bind, hence the whole-word match. */
static const struct main_option *main_option_of(const char *arg)
{
    for (size_t i = 0; i < MAIN_NOPTIONS; i++)
        if (main_is_flag(arg, main_table[i].flag))
            return &main_table[i];
    return NULL;
}

/* The options not given as flags, from their variables. The copy is
 * split in place and lives as long as the options (main_options' env). */
static void main_parse_env(struct main_options *o, const bool given[])
{
    for (size_t i = 0; i < MAIN_NOPTIONS; i++) {
        const struct main_option *opt = &main_table[i];
        const char *v = opt->env != NULL ? getenv(opt->env) : NULL;
        if (given[i] || v == NULL || v[strspn(v, " \t\n")] == '\0')
            continue;
        char *copy = strdup(v);
        if (copy == NULL || o->nenv >= MAIN_NOPTIONS) {
            fputs("collabble: out of memory\n", stderr);
            exit(MAIN_EXIT_FAILURE);
        }
        o->env[o->nenv++] = copy;
        if (!opt->repeats) {
            opt->set(o, copy, opt->env);
            continue;
        }
        char *save = NULL;
        for (char *t = strtok_r(copy, " \t\n", &save); t != NULL;
             t = strtok_r(NULL, " \t\n", &save))
            opt->set(o, t, opt->env);
    }
}

static void main_parse(int argc, char **argv, struct main_options *o)
{
    o->port = MAIN_DEFAULT_PORT;
    bool given[MAIN_NOPTIONS] = {false};
    for (int i = 1; i < argc; i++) {
        char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            main_usage(stdout);
            main_usage_env(stdout);
            exit(MAIN_EXIT_OK);
        } else if (strcmp(a, "--version") == 0) {
            puts(MAIN_IDENTITY);
            exit(MAIN_EXIT_OK);
        }
        const struct main_option *opt = main_option_of(a);
        if (opt == NULL && a[0] == '-')
            main_die_usage("unknown option '%s'", a);
        if (opt == NULL)
            main_die_usage("unexpected argument '%s'", a);
        given[opt - main_table] = true;
        opt->set(o, main_value(argc, argv, &i, opt->flag), opt->flag);
    }
    main_parse_env(o, given);
    if (o->nbinds == 0)
        o->binds[o->nbinds++] = MAIN_DEFAULT_BIND;
    if (o->metrics_bind != NULL && !o->metrics)
        main_die_usage("--metrics-bind needs --metrics PORT");
    if (o->metrics) {
        /* Checked now, with the other flags, not after the word lists
         * load and the main port binds. */
        struct sockaddr_storage ss;
        main_address(o->metrics_bind != NULL ? o->metrics_bind
                                             : MAIN_DEFAULT_BIND,
                     o->metrics_port, &ss);
    }
    char why[SRV_STARTUP_WHY_MAX];
    if (o->lexicons.n == 0 && !srv_lexicon_args_default(&o->lexicons, why))
        main_die_usage("%s", why);
}

/* Frees what parsing copied. */
static void main_options_free(struct main_options *o)
{
    for (size_t i = 0; i < o->nenv; i++)
        free(o->env[i]);
    o->nenv = 0;
    free(o->lexicons.env_copy);
    o->lexicons.env_copy = NULL;
}

/* Raises the soft limit on open files so `want` connections fit (the
 * usual default, 1024, would not), up to the hard limit. Returns the
 * connections that fit, which is less than `want` only when the hard limit
 * says so; a warning then names it. */
static unsigned main_fit_fd_limit(unsigned want)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        return want;
    rlim_t need = (rlim_t)want + CLB_FD_RESERVE;
    if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need) {
        rlim_t to = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= need
                        ? need
                        : rl.rlim_max;
        struct rlimit up = {.rlim_cur = to, .rlim_max = rl.rlim_max};
        if (setrlimit(RLIMIT_NOFILE, &up) == 0)
            rl.rlim_cur = to;
    }
    if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= need)
        return want;
    unsigned fit = rl.rlim_cur > CLB_FD_RESERVE + 1
                       ? (unsigned)(rl.rlim_cur - CLB_FD_RESERVE)
                       : 1;
    srv_say(SRV_WARN,
            "warning: at most %llu open files allowed (ulimit -n), so at most "
            "%u connections at once instead of %u",
            (unsigned long long)rl.rlim_cur, fit, want);
    return fit;
}

/* The guard of the request-head checks (server/strict_check.h): the
 * library must be the version they were tested with (or the one the
 * operator allowed), and pass their self-test, or the server does not
 * start - it would otherwise let smuggling heads through without a word.
 * One line either way. */
static bool main_check_http_library(const struct main_options *o)
{
    char why[320];
    const char *have = MHD_get_version();
    if (!srv_strict_version_ok(have, o->allow_mhd, why, sizeof why) ||
        !srv_strict_self_test(why, sizeof why)) {
        srv_say(SRV_ERROR, "%s", why);
        return false;
    }
    srv_say(
        SRV_INFO,
        "libmicrohttpd %s%s, request-head self-test passed "
        "(%zu refused, %zu served)",
        have,
        strcmp(have, SRV_STRICT_MHD_VERSION) == 0 ? "" : " (allowed by flag)",
        srv_strict_self_test_bad_heads(), srv_strict_self_test_good_heads());
    return true;
}

/* The drain: /readyz answers 503 while every request is still served, for
 * `seconds` or until a second stop signal, whichever comes first. */
static void main_drain(struct srv_context *ctx, const sigset_t *stop, int sig,
                       unsigned seconds)
{
    atomic_store(&ctx->draining, true);
    srv_say(SRV_INFO,
            "%s, draining for %u s (/readyz answers 503; a second signal "
            "stops at once)",
            srv_signal_name(sig), seconds);
    struct timespec deadline;
    (void)clock_gettime(CLOCK_MONOTONIC, &deadline);
    deadline.tv_sec += (time_t)seconds;
    for (;;) {
        struct timespec now;
        (void)clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec > deadline.tv_sec ||
            (now.tv_sec == deadline.tv_sec && now.tv_nsec >= deadline.tv_nsec))
            return;
        struct timespec left = {deadline.tv_sec - now.tv_sec,
                                deadline.tv_nsec - now.tv_nsec};
        if (left.tv_nsec < 0) {
            left.tv_sec--;
            left.tv_nsec += 1000000000L;
        }
        int got = sigtimedwait(stop, NULL, &left);
        if (got == SIGHUP)
            srv_say(SRV_INFO, "SIGHUP ignored while draining");
        else if (got >= 0)
            return; /* a second stop signal */
        /* EAGAIN: the time is up; EINTR: look again */
    }
}

/* The one request of a CGI process (startup.h): the command line is not
 * read, since a web server passes a query without '=' as arguments
 * (RFC 3875, 4.4). */
static int main_cgi(void)
{
    signal(SIGPIPE, SIG_IGN);
    return srv_cgi_program("collabble");
}

/* --export-static DIR: the files, and a line saying where they went. */
static int main_export(const struct main_options *o)
{
    char why[4200];
    int n = srv_static_export(o->export_dir, why, sizeof why);
    if (n < 0) {
        srv_say(SRV_ERROR, "cannot export the static files: %s", why);
        return MAIN_EXIT_FAILURE;
    }
    srv_say(SRV_INFO, "wrote %d files to %s (serve them at %s/static/)", n,
            o->export_dir, o->base);
    return MAIN_EXIT_OK;
}

/* FastCGI until SIGINT or SIGTERM. */
static int main_fastcgi(struct main_options *o, const sigset_t *stop)
{
    static struct srv_context ctx;
    if (!srv_lexicons_load(&o->lexicons, &ctx, false)) {
        main_options_free(o);
        return MAIN_EXIT_LEXICON;
    }
    struct srv_fastcgi_options fo = {
        .address = o->fastcgi,
        .threads = o->threads,
        .base = o->has_base ? o->base : NULL,
    };
    srv_notify("READY=1");
    int rc = srv_fastcgi_run(&ctx, &fo, stop);
    srv_lexicons_free(&ctx);
    main_options_free(o);
    return rc == 0 ? MAIN_EXIT_OK : MAIN_EXIT_FAILURE;
}

int main(int argc, char **argv)
{
    if (srv_cgi_requested())
        return main_cgi();
    struct main_options opts = {0};
    main_parse(argc, argv, &opts);
    srv_say_json(opts.log_format == SRV_LOG_JSON);
    srv_metrics_set_build(CLB_VERSION, CLB_COMMIT, CLB_BUILD_DATE);
    if (opts.export_dir != NULL) {
        main_options_free(&opts);
        return main_export(&opts);
    }
    struct srv_listener listeners[CLB_MAX_LISTENERS];
    size_t nlisteners = 0;
    for (int i = 0; i < opts.nbinds; i++)
        main_listeners(opts.binds[i], opts.port, listeners, &nlisteners);

    /* Before any thread exists: the front end's threads inherit the
     * mask (signals.h). */
    sigset_t stop;
    srv_signals_block(&stop);

    /* "collabble: 0.1.0 (commit ..., built ...) starting" */
    srv_say(SRV_INFO, "%s starting", MAIN_IDENTITY + sizeof "collabble");
    if (opts.fastcgi != NULL || srv_fastcgi_started_on_socket())
        return main_fastcgi(&opts, &stop);
    if (!main_check_http_library(&opts)) {
        main_options_free(&opts);
        return MAIN_EXIT_HTTP;
    }
    static struct srv_context ctx;
    if (!srv_lexicons_load(&opts.lexicons, &ctx, false)) {
        main_options_free(&opts);
        return MAIN_EXIT_LEXICON;
    }
    struct srv_options srv_opts = {
        .max_connections =
            main_fit_fd_limit(opts.max_connections != 0 ? opts.max_connections
                                                        : CLB_MAX_CONNECTIONS),
        .max_per_ip = opts.max_per_ip,
        .log_format = opts.log_format,
        .log_requests_off = opts.log_requests_off,
        .base = opts.base,
        .threads = opts.threads,
        .trusted = opts.trusted,
        .ntrusted = opts.ntrusted,
    };
    struct srv_server *srv = srv_start(&ctx, listeners, nlisteners, &srv_opts);
    if (srv == NULL) {
        srv_say(SRV_ERROR, "cannot listen on %s%s port %u: %s", opts.binds[0],
                opts.nbinds > 1 ? " (and the other --bind)" : "", opts.port,
                strerror(errno));
        srv_lexicons_free(&ctx);
        main_options_free(&opts);
        return MAIN_EXIT_FAILURE;
    }
    /* The metrics listener before the "listening on" line, which says that
     * everything is up. */
    struct srv_metrics_server *metrics = NULL;
    if (opts.metrics) {
        const char *mbind =
            opts.metrics_bind != NULL ? opts.metrics_bind : MAIN_DEFAULT_BIND;
        struct sockaddr_storage maddr;
        main_address(mbind, opts.metrics_port, &maddr);
        metrics = srv_metrics_start((struct sockaddr *)&maddr);
        if (metrics == NULL) {
            srv_say(SRV_ERROR, "cannot listen for metrics on %s port %u: %s",
                    mbind, opts.metrics_port, strerror(errno));
            srv_stop(srv);
            srv_lexicons_free(&ctx);
            main_options_free(&opts);
            return MAIN_EXIT_FAILURE;
        }
        bool mv6 = maddr.ss_family == AF_INET6 && mbind[0] != '[';
        srv_say(SRV_INFO, "metrics on http://%s%s%s:%u/metrics", mv6 ? "[" : "",
                mbind, mv6 ? "]" : "", (unsigned)srv_metrics_port(metrics));
    }
    for (size_t i = 0; i < nlisteners; i++) {
        char where[160];
        main_listener_text(&listeners[i], srv_port(srv, i), where,
                           sizeof where);
        srv_say(SRV_INFO, "listening on %s%s", where, opts.base);
    }
    srv_metrics_set_lexicons(ctx.nlexicons);
    srv_notify("READY=1");

    int sig = srv_signals_wait(&stop);
    srv_notify("STOPPING=1");
    if (opts.drain_s > 0)
        main_drain(&ctx, &stop, sig, opts.drain_s);
    srv_say(SRV_INFO, "%s, stopping", srv_signal_name(sig));
    srv_metrics_stop(metrics);
    unsigned unfinished = srv_stop(srv);
    if (unfinished > 0)
        srv_say(SRV_WARN,
                "%u requests were still unfinished after %d s; their "
                "connections were closed",
                unfinished, CLB_STOP_GRACE_S);
    srv_say(SRV_INFO, "stopped");
    srv_lexicons_free(&ctx);
    main_options_free(&opts);
    return MAIN_EXIT_OK;
}
