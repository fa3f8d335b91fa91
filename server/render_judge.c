/* server/render_judge.c - the "Check a word" box (render_judge.h). */
/* SPDX-License-Identifier: MIT */
#include "render_judge.h"

#include "../core/tiles.h"
#include "../core/tileset.h"
#include "render.h"
#include "render_internal.h"
#include "static_assets.h"

/* The answer's sentence: the word as typed, its tiles, and whether the
 * game's list has it; or why it could not be judged. */
static void render_judged(struct out_buf *b, const struct render_judged *j)
{
    if (j->result == NULL) {
        html_text(b, j->why);
        return;
    }
    out_lit(b, "<strong>");
    html_textn(b, j->word, j->len);
    out_lit(b, "</strong> (");
    const struct core_tileset *ts = dict_tileset(j->dict);
    for (size_t i = 0; i < j->result->ntiles; i++) {
        if (i > 0)
            out_char(b, ' ');
        html_text(b, core_tile_text(ts, j->result->tiles[i]));
    }
    out_lit(b, "): ");
    put_tr(b, j->result->valid ? "in the dictionary" : "not in the dictionary");
}

void render_judge_box(struct out_buf *b, const struct render_view *v)
{
    /* A panel of its own below the racks: the turn's panel keeps its
     * height (a hint shown in its flow stays in view on a phone). The
     * script's answers use the page's words (data-yes, data-no), so the
     * box says one thing in one language either way. */
    out_lit(b, "<section class=panel><form id=judge class=bar method=get "
               "action=\"");
    html_url(b, "/game/word");
    /* Its answer in the page is a script of its own, loaded the first
     * time a word is checked (static/judge.js, at its versioned address). */
    out_lit(b, "\" data-js=\"");
    put_static_url(b, "judge.js");
    out_lit(b, "\" data-lexicon=\"");
    html_attr(b, v->lexicon != NULL ? v->lexicon : "");
    out_lit(b, "\" data-yes=\"");
    html_attr(b, tr(b, "in the dictionary"));
    out_lit(b, "\" data-no=\"");
    html_attr(b, tr(b, "not in the dictionary"));
    out_lit(b, "\"><input type=hidden name=s value=\"");
    html_attr(b, v->state);
    out_lit(b, "\"><label for=jw>");
    put_tr(b, "Check a word");
    out_rawf(b,
             "</label> <input id=jw name=word maxlength=%d required "
             "autocomplete=off spellcheck=false",
             CLB_JUDGE_WORD_BYTES);
    if (v->judged != NULL) { /* the word stays, to be corrected */
        out_lit(b, " value=\"");
        html_textn(b, v->judged->word, v->judged->len);
        out_char(b, '"');
    }
    out_lit(b, "> <button>");
    put_tr(b, "Check");
    out_lit(b, "</button><p id=judged role=status>");
    if (v->judged != NULL)
        render_judged(b, v->judged);
    out_lit(b, "</p></form></section>");
}
