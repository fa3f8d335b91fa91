/* server/say.c - the server's own lines on standard error (say.h). */
/* SPDX-License-Identifier: MIT */
#include "say.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Set before a second thread exists, read after: no lock needed. */
static bool say_json = false;

void srv_say_json(bool json)
{
    say_json = json;
}

bool srv_say_is_json(void)
{
    return say_json;
}

unsigned long srv_say_time(char *out)
{
    struct timespec ts;
    struct tm tm;
    (void)clock_gettime(CLOCK_REALTIME, &ts);
    if (gmtime_r(&ts.tv_sec, &tm) == NULL)
        memset(&tm, 0, sizeof tm);
    size_t n = strftime(out, 21, "%Y-%m-%dT%H:%M:%S", &tm);
    int ms = (int)(ts.tv_nsec / 1000000);
    out[n++] = '.';
    out[n++] = (char)('0' + ms / 100);
    out[n++] = (char)('0' + ms / 10 % 10);
    out[n++] = (char)('0' + ms % 10);
    out[n++] = 'Z';
    return n;
}

/* Appends s to out as the inside of a JSON string: quotes, backslashes and
 * control bytes escaped, a trailing newline dropped. */
static size_t say_escape(char *out, size_t cap, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    size_t n = 0;
    for (; *s != '\0' && n + 7 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n' && s[1] == '\0')
            break;
        if (c == '"' || c == '\\') {
            out[n++] = '\\';
            out[n++] = (char)c;
        } else if (c < 0x20) {
            memcpy(out + n, "\\u00", 4);
            out[n + 4] = hex[c >> 4];
            out[n + 5] = hex[c & 15];
            n += 6;
        } else {
            out[n++] = (char)c;
        }
    }
    return n;
}

void srv_say(enum srv_level level, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    int m = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (m < 0)
        return;
    char line[2400];
    size_t n;
    if (say_json) {
        static const char *const names[] = {"info", "warn", "error"};
        n = (size_t)snprintf(line, sizeof line, "{\"time\":\"");
        n += srv_say_time(line + n);
        n += (size_t)snprintf(line + n, sizeof line - n,
                              "\",\"level\":\"%s\",\"msg\":\"", names[level]);
        n += say_escape(line + n, sizeof line - n - 4, msg);
        memcpy(line + n, "\"}\n", 3);
        n += 3;
    } else {
        size_t len = strnlen(msg, sizeof msg);
        while (len > 0 && msg[len - 1] == '\n')
            len--;
        n = (size_t)snprintf(line, sizeof line, "collabble: %.*s\n", (int)len,
                             msg);
        if (n >= sizeof line)
            n = sizeof line - 1;
    }
    if (write(STDERR_FILENO, line, n) < 0) {
        /* nowhere left to say it */
    }
}
