/* server/static_assets.h - the files of static/, embedded in the binary.
 *
 * At build time server/static_assets.cmake turns every file of static/
 * into a C array in the generated static_assets_data.c, with a content
 * hash and its gzip and brotli copies. The server then needs no file system
 * access, no path handling and no compression at run time: /static/NAME can
 * only ever name one of these files, sent in the coding a client accepts.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_STATIC_ASSETS_H
#define SRV_STATIC_ASSETS_H

#include <stddef.h>

/* A compressed copy of a file, made at build time (tools/precompress.c):
 * data is NULL when the file has none (the copy would not be smaller). */
struct srv_static_copy {
    const unsigned char *data;
    size_t len;
    const char *etag; /* "<version>-gzip" or "<version>-br", quoted */
};

struct srv_static_asset {
    const char *name;          /* file name, e.g. "app.js" */
    const unsigned char *data; /* len bytes (plus a NUL not counted) */
    size_t len;
    const char *version;           /* 16 hex digits of the content's SHA-256 */
    const char *etag;              /* the version, quoted, as an HTTP ETag */
    struct srv_static_copy gzip;   /* libdeflate, level 12 */
    struct srv_static_copy brotli; /* quality 11 */
};

/* The embedded files, generated at build time. */
extern const struct srv_static_asset srv_static_assets[];
extern const size_t srv_static_asset_count;

/* The file called name (len bytes, no '/'), or NULL. Cannot fail. */
const struct srv_static_asset *srv_static_find(const char *name, size_t len);

/* The Content-Type for a file, from its extension. Cannot fail. */
const char *srv_static_content_type(const struct srv_static_asset *a);

/* The version string of static/NAME, for cache-busting links such as
 * "/static/app.css?v=<version>": a link carrying the current version is
 * served as immutable. "" when there is no such file. Cannot fail. */
const char *srv_static_version(const char *name);

#endif
