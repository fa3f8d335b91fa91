/* server/render_judge.h - the game page's "Check a word" box: a word
 * typed there is judged by the game's own list (judge.h). Without script
 * the box is a GET form to /game/word, whose page is the game's page again
 * with the answer in the box; with script, static/js/judge.js asks
 * /api/v1/words and writes the answer into the same place.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_RENDER_JUDGE_H
#define SRV_RENDER_JUDGE_H

#include <stddef.h>

#include "judge.h"
#include "outbuf.h"

struct render_view;

/* A word the box judged, for the page that answers it: the word as typed
 * (len bytes), and either the judge's answer or, for a word that could not
 * be judged (empty, too long, no letter of the set), why (a detail). */
struct render_judged {
    const char *word;
    size_t len;
    const struct srv_judged *result; /* NULL when `why` says why not */
    const struct dict *dict;         /* the list that judged */
    const char *why;
};

/* The box, for the player to move: a form carrying the position's S, the
 * word field, and the answer's live region (filled when view->judged is
 * set). Cannot fail (overflow is sticky in *b). */
void render_judge_box(struct out_buf *b, const struct render_view *view);

#endif
