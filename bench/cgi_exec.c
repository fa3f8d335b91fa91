/* bench/cgi_exec.c - what one CGI request costs, exec to exit: runs CGI
 * programs as a web server's mod_cgi does (a fresh process a request, the
 * request in its environment and standard input, the answer read from its
 * standard output to the end), and reads each child's CPU time (user +
 * system) and peak resident memory from wait4()'s rusage. For
 * bench/cgi_bench.sh.
 *
 * Usage: bench_cgi_exec RUNS WARMUP LINKS_FILE CASE...
 *   each CASE is four words: NAME MODE PROGRAM ARG
 *     MODE get:  GET, PATH_INFO=/, QUERY_STRING=s=LINK (the page a browser
 *                navigates to)
 *     MODE post: POST, PATH_INFO=/game, body s=LINK (the page as the
 *                script fetches it)
 *     MODE exec: no CGI environment at all: PROGRAM ARG (--version)
 *     ARG "-" for none.
 *   Run r (0..RUNS-1) gives every case, in turn, link r of the file (one a
 *   line; cycled if there are fewer): the cases are interleaved, so a burst
 *   of other load on the machine falls on all of them alike. WARMUP runs
 *   of each case come first and are not counted (the binaries in the page
 *   cache, as on a web server that has answered before).
 *
 * Prints, per case, the medians and maxima, and one machine-readable line
 * "RESULT NAME key=value..." for the script. A CGI answer must start with
 * "Status: 200"; an exec case must exit 0; anything else is counted as a
 * failure and printed.
 *
 * The peak resident memory of a child (ru_maxrss) includes what the fork
 * copied of this launcher before the exec (Linux keeps the larger of the
 * two address spaces' peaks, and a fork copies the anonymous pages'
 * mappings), so this program keeps its own small (a web server's mod_cgi
 * forks the same way): its anonymous resident memory at the end is
 * printed as the floor of every figure.
 */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_CASES 8
#define MAX_LINKS 4096
#define LINK_MAX_CHARS 1024
#define OUT_CAP (1 << 20)

struct sample {
    double cpu_us, wall_us;
    long rss_kib, minflt, bytes;
};

struct bench_case {
    const char *name, *mode, *program, *arg;
    struct sample *s;
    int n, failures;
    char first_line[128];
};

static char *links[MAX_LINKS];
static int nlinks;
static char out[OUT_CAP];

/* A "Name:   N kB" line of /proc/self/status, or -1. */
static long self_status_kib(const char *name)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (f == NULL)
        return -1;
    char line[256];
    long v = -1;
    size_t n = strlen(name);
    while (fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, name, n) == 0 && line[n] == ':')
            v = strtol(line + n + 1, NULL, 10);
    fclose(f);
    return v;
}

static double now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static double tv_us(struct timeval tv)
{
    return (double)tv.tv_sec * 1e6 + (double)tv.tv_usec;
}

static void die(const char *what)
{
    fprintf(stderr, "bench_cgi_exec: %s: %s\n", what, strerror(errno));
    exit(1);
}

static void read_links(const char *path)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        die(path);
    static char line[LINK_MAX_CHARS + 2];
    while (nlinks < MAX_LINKS && fgets(line, sizeof line, f) != NULL) {
        size_t n = strcspn(line, "\r\n");
        if (n == 0)
            continue;
        line[n] = '\0';
        links[nlinks] = strdup(line);
        if (links[nlinks] == NULL)
            die("strdup");
        nlinks++;
    }
    fclose(f);
    if (nlinks == 0) {
        fprintf(stderr, "bench_cgi_exec: %s holds no link\n", path);
        exit(1);
    }
}

/* One request: fork, exec, read the answer to its end, wait4. */
static void run_one(struct bench_case *c, const char *link, bool counted)
{
    static char query[LINK_MAX_CHARS + 8], body[LINK_MAX_CHARS + 8];
    static char e_query[LINK_MAX_CHARS + 32], e_len[64];
    char *envp[24];
    int ne = 0;
    bool cgi = strcmp(c->mode, "exec") != 0;
    bool post = strcmp(c->mode, "post") == 0;
    size_t body_len = 0;
    if (cgi) {
        envp[ne++] = "GATEWAY_INTERFACE=CGI/1.1";
        envp[ne++] = "SERVER_PROTOCOL=HTTP/1.1";
        envp[ne++] = "SERVER_SOFTWARE=bench_cgi_exec";
        envp[ne++] = "SERVER_NAME=127.0.0.1";
        envp[ne++] = "SERVER_PORT=80";
        envp[ne++] = "SERVER_ADDR=127.0.0.1";
        envp[ne++] = "REMOTE_ADDR=127.0.0.1";
        envp[ne++] = "REMOTE_PORT=40000";
        envp[ne++] = "SCRIPT_NAME=/cg";
        envp[ne++] = "HTTP_HOST=127.0.0.1";
        envp[ne++] = "HTTP_ACCEPT=text/html";
        if (post) {
            envp[ne++] = "REQUEST_METHOD=POST";
            envp[ne++] = "PATH_INFO=/game";
            envp[ne++] = "QUERY_STRING=";
            envp[ne++] = "CONTENT_TYPE=application/x-www-form-urlencoded";
            body_len = (size_t)snprintf(body, sizeof body, "s=%s", link);
            snprintf(e_len, sizeof e_len, "CONTENT_LENGTH=%zu", body_len);
            envp[ne++] = e_len;
        } else {
            envp[ne++] = "REQUEST_METHOD=GET";
            envp[ne++] = "PATH_INFO=/";
            snprintf(query, sizeof query, "s=%s", link);
            snprintf(e_query, sizeof e_query, "QUERY_STRING=%s", query);
            envp[ne++] = e_query;
        }
    }
    envp[ne] = NULL;
    char *argv[3] = {(char *)c->program, NULL, NULL};
    if (strcmp(c->arg, "-") != 0)
        argv[1] = (char *)c->arg;

    int in[2], outp[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(outp, O_CLOEXEC) != 0)
        die("pipe");
    /* The body fits in the pipe: written whole before the child starts, as
     * a web server that has read it does. */
    if (body_len > 0 && write(in[1], body, body_len) != (ssize_t)body_len)
        die("write body");
    close(in[1]);
    double t0 = now_us();
    pid_t pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(outp[1], STDOUT_FILENO);
        execve(c->program, argv, envp);
        _exit(127);
    }
    close(in[0]);
    close(outp[1]);
    long got = 0;
    for (;;) {
        ssize_t r = read(outp[0], out + (got < OUT_CAP - 65536 ? got : 0),
                         65536);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += r;
    }
    close(outp[0]);
    int status = 0;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid)
        die("wait4");
    double wall = now_us() - t0;
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (cgi)
        ok = ok && got >= 11 && memcmp(out, "Status: 200", 11) == 0;
    if (c->first_line[0] == '\0' && got > 0) {
        size_t n = strcspn(out, "\r\n");
        if (n >= sizeof c->first_line)
            n = sizeof c->first_line - 1;
        memcpy(c->first_line, out, n);
        c->first_line[n] = '\0';
    }
    if (!ok) {
        c->failures++;
        if (c->failures <= 3)
            fprintf(stderr,
                    "bench_cgi_exec: %s: exit %d, %ld bytes, first line "
                    "'%.60s' (link %s)\n",
                    c->name, WIFEXITED(status) ? WEXITSTATUS(status) : -1, got,
                    got > 0 ? out : "", link);
    }
    if (!counted)
        return;
    struct sample *s = &c->s[c->n++];
    s->cpu_us = tv_us(ru.ru_utime) + tv_us(ru.ru_stime);
    s->wall_us = wall;
    s->rss_kib = ru.ru_maxrss;
    s->minflt = ru.ru_minflt;
    s->bytes = got;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median (v[n/2] once sorted) and maximum of one field of the samples. */
static void stats(const struct bench_case *c, size_t offset, bool is_long,
                  double *med, double *max)
{
    static double v[MAX_LINKS * 64];
    for (int i = 0; i < c->n; i++) {
        const char *p = (const char *)&c->s[i] + offset;
        v[i] = is_long ? (double)*(const long *)p : *(const double *)p;
    }
    qsort(v, (size_t)c->n, sizeof v[0], cmp_double);
    *med = v[c->n / 2];
    *max = v[c->n - 1];
}

int main(int argc, char **argv)
{
    if (argc < 8 || (argc - 4) % 4 != 0) {
        fprintf(stderr, "usage: bench_cgi_exec RUNS WARMUP LINKS_FILE "
                        "NAME MODE PROGRAM ARG [NAME MODE PROGRAM ARG]...\n");
        return 2;
    }
    int runs = atoi(argv[1]), warmup = atoi(argv[2]);
    if (runs < 1 || runs > MAX_LINKS * 64 || warmup < 0) {
        fprintf(stderr, "bench_cgi_exec: RUNS 1..%d, WARMUP >= 0\n",
                MAX_LINKS * 64);
        return 2;
    }
    read_links(argv[3]);
    static struct bench_case cases[MAX_CASES];
    int ncases = 0;
    for (int i = 4; i + 3 < argc; i += 4) {
        if (ncases == MAX_CASES) {
            fprintf(stderr, "bench_cgi_exec: at most %d cases\n", MAX_CASES);
            return 2;
        }
        struct bench_case *c = &cases[ncases++];
        c->name = argv[i];
        c->mode = argv[i + 1];
        c->program = argv[i + 2];
        c->arg = argv[i + 3];
        if (strcmp(c->mode, "get") != 0 && strcmp(c->mode, "post") != 0 &&
            strcmp(c->mode, "exec") != 0) {
            fprintf(stderr, "bench_cgi_exec: mode '%s': get, post or exec\n",
                    c->mode);
            return 2;
        }
        c->s = calloc((size_t)runs, sizeof *c->s);
        if (c->s == NULL)
            die("calloc");
    }
    signal(SIGPIPE, SIG_IGN);
    for (int w = 0; w < warmup; w++)
        for (int k = 0; k < ncases; k++)
            run_one(&cases[k], links[(nlinks - 1 - w % nlinks)], false);
    for (int r = 0; r < runs; r++)
        for (int k = 0; k < ncases; k++)
            run_one(&cases[k], links[r % nlinks], true);

    long anon = self_status_kib("RssAnon");
    printf("  %-17s %8s %8s  %9s %9s  %8s %8s  %7s %8s\n", "", "CPU med",
           "max", "RSS med", "max", "wall med", "max", "faults", "bytes");
    int failed = 0;
    for (int k = 0; k < ncases; k++) {
        struct bench_case *c = &cases[k];
        double cpu, cpu_max, wall, wall_max, rss, rss_max, flt, flt_max,
            bytes, bytes_max;
        stats(c, offsetof(struct sample, cpu_us), false, &cpu, &cpu_max);
        stats(c, offsetof(struct sample, wall_us), false, &wall, &wall_max);
        stats(c, offsetof(struct sample, rss_kib), true, &rss, &rss_max);
        stats(c, offsetof(struct sample, minflt), true, &flt, &flt_max);
        stats(c, offsetof(struct sample, bytes), true, &bytes, &bytes_max);
        printf("  %-17s %5.2f ms %5.2f ms  %6.0f KiB %6.0f KiB  %5.2f ms "
               "%5.2f ms  %7.0f %8.0f%s\n",
               c->name, cpu / 1e3, cpu_max / 1e3, rss, rss_max, wall / 1e3,
               wall_max / 1e3, flt, bytes,
               c->failures ? "  FAILED" : "");
        failed += c->failures;
    }
    printf("  (%d runs a case, interleaved, after %d warm-up runs; CPU: user + "
           "system, exec to exit, from wait4; faults: minor page faults; the "
           "launcher's own anonymous RSS, %ld KiB, is part of every child's "
           "RSS: the fork copies it)\n",
           runs, warmup, anon);
    for (int k = 0; k < ncases; k++) {
        struct bench_case *c = &cases[k];
        double cpu, cpu_max, wall, wall_max, rss, rss_max, flt, flt_max,
            bytes, bytes_max;
        stats(c, offsetof(struct sample, cpu_us), false, &cpu, &cpu_max);
        stats(c, offsetof(struct sample, wall_us), false, &wall, &wall_max);
        stats(c, offsetof(struct sample, rss_kib), true, &rss, &rss_max);
        stats(c, offsetof(struct sample, minflt), true, &flt, &flt_max);
        stats(c, offsetof(struct sample, bytes), true, &bytes, &bytes_max);
        printf("RESULT %s cpu_us=%.0f cpu_max_us=%.0f rss_kib=%.0f rss_max_kib=%.0f wall_us=%.0f "
               "wall_max_us=%.0f minflt=%.0f bytes=%.0f failures=%d "
               "first_line=%s\n",
               c->name, cpu, cpu_max, rss, rss_max, wall, wall_max,
               flt, bytes, c->failures,
               c->first_line[0] ? c->first_line : "-");
    }
    printf("RESULT launcher rss_anon_kib=%ld\n", anon);
    return failed ? 1 : 0;
}
