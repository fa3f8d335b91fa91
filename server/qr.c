/* server/qr.c - a text's QR code as inline SVG (qr.h).
 *
 * The SVG is one path: each horizontal run of dark modules is a line one
 * module thick, drawn along the middle of its row ("M x y.5 h n", then
 * "m gap 0 h n" for the next run of the row), so a code of ~50 modules
 * costs 2-3 KB of markup rather than the ~20 KB of one rectangle per
 * module. crispEdges keeps the runs from blurring into each other when the
 * picture is scaled. The quiet zone is part of the picture (a white
 * background), so a scanner finds the code even on a dark page.
 */
/* SPDX-License-Identifier: MIT */
#include "qr.h"

#include <errno.h>
#include <qrencode.h>
#include <string.h>

#include "i18n.h"

/* libqrencode's modules: the low bit of each byte is 1 for a dark one. */
static bool qr_dark(const QRcode *code, int x, int y)
{
    return (code->data[(size_t)y * (size_t)code->width + (size_t)x] & 1) != 0;
}

/* One row's runs, as path commands. */
static void qr_row(struct out_buf *b, const QRcode *code, int y)
{
    int pen = -1; /* where the last run of this row ended, -1 for none */
    for (int x = 0; x < code->width;) {
        if (!qr_dark(code, x, y)) {
            x++;
            continue;
        }
        int start = x;
        while (x < code->width && qr_dark(code, x, y))
            x++;
        /* "M<x> <y>.5h<n>" starts the row, "m<dx> 0h<n>" goes on. */
        if (pen < 0) {
            out_char(b, 'M');
            out_int(b, start + QR_QUIET_ZONE);
            out_char(b, ' ');
            out_int(b, y + QR_QUIET_ZONE);
            out_lit(b, ".5h");
        } else {
            out_char(b, 'm');
            out_int(b, start - pen);
            out_lit(b, " 0h");
        }
        out_int(b, x - start);
        pen = x;
    }
}

bool qr_svg(struct out_buf *b, const char *text)
{
    size_t len = strlen(text);
    if (len == 0 || len > CLB_MAX_QR_TEXT)
        return false;
    errno = 0;
    QRcode *code =
        QRcode_encodeString(text, QR_VERSION_AUTO, QR_ECLEVEL, QR_MODE_8, 1);
    if (code == NULL && errno == ENOMEM) {
        /* Not the link's fault: the page cannot be made whole, and the
         * dispatcher answers 500 for it. */
        b->overflow = b->nomem = true;
        return true;
    }
    if (code == NULL)
        return false;
    int size = code->width + 2 * QR_QUIET_ZONE;
    out_rawf(b,
             "<svg class=\"qr\" viewBox=\"0 0 %d %d\" role=\"img\" "
             "aria-label=\"",
             size, size);
    /* The page's language (server/i18n.h), as the page writers' tr(). */
    html_attr(b, i18n_text(b->lang, N_("QR code of the link")));
    out_rawf(b,
             "\" data-testid=\"qr\" "
             "shape-rendering=\"crispEdges\"><rect width=\"%d\" "
             "height=\"%d\" fill=\"#fff\"/><path stroke=\"#000\" d=\"",
             size, size);
    for (int y = 0; y < code->width; y++)
        qr_row(b, code, y);
    out_lit(b, "\"/></svg>");
    QRcode_free(code);
    return true;
}
