/* server/static_assets.c - lookups in the embedded static files.
 *
 * The table itself is generated (static_assets_data.c in the build tree);
 * this file only finds a file by name and names its type, so the lookup
 * rules are ordinary code that the compiler checks.
 */
/* SPDX-License-Identifier: MIT */
#include "static_assets.h"

#include <string.h>

const struct srv_static_asset *srv_static_find(const char *name, size_t len)
{
    /* A handful of files: a linear scan beats any index here. */
    for (size_t i = 0; i < srv_static_asset_count; i++) {
        const struct srv_static_asset *a = &srv_static_assets[i];
        if (strlen(a->name) == len && memcmp(a->name, name, len) == 0)
            return a;
    }
    return NULL;
}

static const struct {
    const char *ext;
    const char *type;
} static_types[] = {
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".html", "text/html; charset=utf-8"},
    {".txt", "text/plain; charset=utf-8"},
    {".json", "application/json"},
    {".webmanifest", "application/manifest+json"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".ico", "image/vnd.microsoft.icon"},
    {".woff2", "font/woff2"},
};

const char *srv_static_content_type(const struct srv_static_asset *a)
{
    size_t n = strlen(a->name);
    for (size_t i = 0; i < sizeof static_types / sizeof static_types[0]; i++) {
        size_t e = strlen(static_types[i].ext);
        if (n > e && strcmp(a->name + n - e, static_types[i].ext) == 0)
            return static_types[i].type;
    }
    /* Unknown kinds are offered as bytes; with nosniff a browser will not
     * guess a script or page out of them. */
    return "application/octet-stream";
}

const char *srv_static_version(const char *name)
{
    const struct srv_static_asset *a = srv_static_find(name, strlen(name));
    return a != NULL ? a->version : "";
}
