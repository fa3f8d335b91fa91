/* server/static_export.h - the embedded static files written out, for a
 * web server to serve them itself (`collabble --export-static DIR`).
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_STATIC_EXPORT_H
#define SRV_STATIC_EXPORT_H

#include <stddef.h>

/* Writes every embedded file into `dir` (made if missing, one level), and
 * beside each its build-time compressed copies as NAME.gz and NAME.br
 * where they exist, which a web server can send in place of the file
 * (lighttpd's mod_deflate cache, nginx's gzip_static, Apache's MultiViews
 * or rewrite rules). Returns the files written, or -1 with the reason in
 * why (`cap` bytes). */
int srv_static_export(const char *dir, char *why, size_t cap);

#endif
