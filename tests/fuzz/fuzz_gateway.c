/* tests/fuzz/fuzz_gateway.c - libFuzzer target for what a web server hands
 * the CGI and FastCGI front ends (server/gateway.c): the variables and the
 * body, through the real application.
 *
 * Input: lines of NAME=VALUE up to a 0xFF byte become the environment (a
 * NUL ends a value early, as it would in a real environment); the bytes
 * after it are standard input. The first byte's low bit picks CGI or
 * FastCGI, the next bit a base path of the operator's or none.
 *
 * Besides "no crash, no leak, no UB", it checks the front end's contract:
 * every request is answered, with a Status line of 200 to 499 (bad input
 * is the client's error, never a 500), a Content-Length equal to the body
 * written (but for HEAD), and the body is never read past CONTENT_LENGTH.
 * Build and run: bash tests/fuzz/run.sh [SECONDS].
 */
/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../dict/dict.h"
#include "../../server/app.h"
#include "../../server/gateway.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char words[] = "AT\nTA\nCAT\nACT\nTAX\nAX\nXI\nQI\nZA\nEAT\nTEA\n"
                            "ATE\nRAT\nTAR\nART\nSAT\nSEAT\nEATS\nCATS\n";

static struct srv_app *app(void)
{
    static struct srv_context ctx;
    static struct srv_app a;
    static int ready;
    if (!ready) {
        struct clb_error err;
        if (dict_from_text(words, sizeof words - 1, "fuzz", &ctx.lexicons[0],
                           &err) != CLB_ERR_OK)
            abort();
        strcpy(ctx.lexicon_names[0], "fuzz");
        ctx.nlexicons = 1;
        srv_app_init(&a, &ctx, 0);
        ready = 1;
    }
    return &a;
}

struct fuzz_io {
    const char *in;
    size_t in_len, in_pos;
    char *out;
    size_t out_len, out_cap;
};

static long fuzz_read(void *cls, char *buf, size_t n)
{
    struct fuzz_io *f = cls;
    size_t k = f->in_len - f->in_pos < n ? f->in_len - f->in_pos : n;
    memcpy(buf, f->in + f->in_pos, k);
    f->in_pos += k;
    return (long)k;
}

static bool fuzz_write(void *cls, const char *buf, size_t n)
{
    struct fuzz_io *f = cls;
    if (f->out_len + n + 1 > f->out_cap) {
        f->out_cap = (f->out_len + n + 1) * 2;
        f->out = realloc(f->out, f->out_cap);
        if (f->out == NULL)
            abort();
    }
    memcpy(f->out + f->out_len, buf, n);
    f->out_len += n;
    f->out[f->out_len] = '\0';
    return true;
}

#define FUZZ_MAX_VARS 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    enum srv_gateway_kind kind =
        (data[0] & 1) ? SRV_GATEWAY_FASTCGI : SRV_GATEWAY_CGI;
    const char *base = (data[0] & 2) ? "/collabble" : NULL;
    const char *rest = (const char *)data + 1;
    size_t n = size - 1;
    const char *split = memchr(rest, 0xFF, n);
    size_t elen = split != NULL ? (size_t)(split - rest) : n;
    char *env_text = malloc(elen + 1);
    if (env_text == NULL)
        abort();
    memcpy(env_text, rest, elen);
    env_text[elen] = '\0';
    char *envp[FUZZ_MAX_VARS + 1];
    size_t nvars = 0;
    for (char *line = env_text; nvars < FUZZ_MAX_VARS && line != NULL;) {
        char *nl = memchr(line, '\n', elen - (size_t)(line - env_text));
        if (nl != NULL)
            *nl = '\0';
        if (strchr(line, '=') != NULL)
            envp[nvars++] = line;
        line = nl != NULL ? nl + 1 : NULL;
    }
    envp[nvars] = NULL;

    struct fuzz_io f = {.in = split != NULL ? split + 1 : "",
                        .in_len = split != NULL ? n - elen - 1 : 0};
    struct srv_gateway_io io = {
        .cls = &f, .read = fuzz_read, .write = fuzz_write};
    unsigned status = srv_gateway_serve(app(), envp, kind, base, &io);

    const char *cl = NULL;
    for (size_t i = 0; i < nvars; i++)
        if (strncmp(envp[i], "CONTENT_LENGTH=", 15) == 0 && cl == NULL)
            cl = envp[i] + 15;
    /* Empty is absent, as the gateway reads it (RFC 3875 lets it be
     * empty): then a chunked body is read to its end, and no bound is
     * checked here. */
    if (cl != NULL && cl[0] == '\0')
        cl = NULL;
    unsigned long want = cl != NULL ? strtoul(cl, NULL, 10) : 0;
    const char *end = f.out != NULL ? strstr(f.out, "\r\n\r\n") : NULL;
    const char *len = f.out != NULL ? strstr(f.out, "\r\nContent-Length: ")
                                    : NULL;
    bool head = false;
    for (size_t i = 0; i < nvars; i++)
        if (strcmp(envp[i], "REQUEST_METHOD=HEAD") == 0)
            head = true;
    if (status < 200 || status > 499 || f.out == NULL ||
        strncmp(f.out, "Status: ", 8) != 0 || end == NULL || len == NULL ||
        len > end ||
        (!head && strtoul(len + 18, NULL, 10) !=
                      f.out_len - (size_t)(end + 4 - f.out)) ||
        (cl != NULL && f.in_pos > want)) {
        fprintf(stderr, "fuzz_gateway: answered %u, read %zu of %s:\n%.*s\n",
                status, f.in_pos, cl != NULL ? cl : "(no CONTENT_LENGTH)",
                (int)(f.out_len < 600 ? f.out_len : 600),
                f.out != NULL ? f.out : "");
        abort();
    }
    free(f.out);
    free(env_text);
    return 0;
}
