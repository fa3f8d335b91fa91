/* server/qr.h - a turn link as a QR code, drawn as inline SVG.
 *
 * For handing a game to someone in the same room: the share area shows the
 * link, Copy, Share and this code of the very same text. libqrencode
 * (Debian's libqrencode) makes the module matrix; this module only draws
 * it: one <path> of horizontal runs, with the standard quiet zone around.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_QR_H
#define SRV_QR_H

#include <stdbool.h>

#include "../core/limits.h"
#include "html.h"

/* How the code is made, named so the tests make the same one. Level L
 * (7% of the code may be lost): a code shown on a screen is not torn or
 * smudged as a printed one is, and the lowest level gives the fewest and
 * so the largest modules for a camera to resolve, and the least markup.
 * An automatic version (0) takes the smallest that holds the text: a
 * late-game link of about 130 characters is version 7, 45 modules wide. */
#define QR_ECLEVEL QR_ECLEVEL_L
#define QR_VERSION_AUTO 0
/* The quiet zone the QR standard asks for around the code, in modules. */
#define QR_QUIET_ZONE 4

/* Appends the QR code of text as an <svg> (class "qr", a labelled image,
 * black modules on white). Returns true; false when text is empty, over
 * CLB_MAX_QR_TEXT bytes or libqrencode cannot encode it, and then writes
 * nothing. When libqrencode runs out of memory, *b is marked as failed
 * (overflow, nomem) so the page is answered 500 rather than sent without
 * its code. Overflow of *b is sticky as always. */
bool qr_svg(struct out_buf *b, const char *text);

#endif
