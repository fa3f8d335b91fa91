/* server/static_export.c - the embedded static files written out
 * (static_export.h). */
/* SPDX-License-Identifier: MIT */
#include "static_export.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "static_assets.h"

/* Writes `len` bytes to dir/name then suffix, replacing any old file
 * whole (written beside it and renamed over it, so a web server never
 * sends half a file). */
static bool export_one(const char *dir, const char *name, const char *suffix,
                       const unsigned char *data, size_t len, char *why,
                       size_t cap)
{
    char path[4096], tmp[4100];
    if (snprintf(path, sizeof path, "%s/%s%s", dir, name, suffix) >=
        (int)sizeof path) {
        (void)snprintf(why, cap, "%s: the path is too long", dir);
        return false;
    }
    (void)snprintf(tmp, sizeof tmp, "%s.new", path);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
        (void)snprintf(why, cap, "%s: %s", tmp, strerror(errno));
        return false;
    }
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(fd, data + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            (void)snprintf(why, cap, "%s: %s", tmp, strerror(errno));
            (void)close(fd);
            (void)unlink(tmp);
            return false;
        }
        done += (size_t)n;
    }
    if (close(fd) != 0 || rename(tmp, path) != 0) {
        (void)snprintf(why, cap, "%s: %s", path, strerror(errno));
        (void)unlink(tmp);
        return false;
    }
    return true;
}

int srv_static_export(const char *dir, char *why, size_t cap)
{
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        (void)snprintf(why, cap, "%s: %s", dir, strerror(errno));
        return -1;
    }
    int written = 0;
    for (size_t i = 0; i < srv_static_asset_count; i++) {
        const struct srv_static_asset *a = &srv_static_assets[i];
        if (!export_one(dir, a->name, "", a->data, a->len, why, cap))
            return -1;
        written++;
        if (a->gzip.data != NULL) {
            if (!export_one(dir, a->name, ".gz", a->gzip.data, a->gzip.len, why,
                            cap))
                return -1;
            written++;
        }
        if (a->brotli.data != NULL) {
            if (!export_one(dir, a->name, ".br", a->brotli.data, a->brotli.len,
                            why, cap))
                return -1;
            written++;
        }
    }
    return written;
}
