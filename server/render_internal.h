/* server/render_internal.h - what the rooms of the page writer share.
 *
 * render.h is the writer's face to the rest of the server; behind it the
 * markup is written in six files, each one room of the page:
 *   render_board.c  the board, the racks and the bag (squares and tiles)
 *   render_moves.c  the move list and the review's cells and total
 *   render_story.c  the game's story: the score against the best plays,
 *                   as a picture (inline SVG)
 *   render_goals.c  goals mode: the goals, the helpers, the verdict
 *   render_forms.c  the forms that play a turn without script
 *   render_pages.c  the pages themselves: frame, header, share area,
 *                   messages, the board page, the landing and error pages
 * This header holds the few words every room uses (which player, "1 point"
 * or "3 points") and each room's entry points the others call. Nothing
 * here is for a file outside server/render_*.c.
 */
/* SPDX-License-Identifier: MIT */
#ifndef SRV_RENDER_INTERNAL_H
#define SRV_RENDER_INTERNAL_H

#include <stdbool.h>

#include "html.h"
#include "i18n.h"
#include "render.h"
#include "static_assets.h"

/* The versioned address of static/NAME (a string literal), under the
 * mount point: "/static/app.js?v=<its version>", which may be cached for
 * good (a new build changes it). Markup, for an attribute. */
#define put_static_url(b, name)                                                \
    (html_url((b), "/static/" name "?v="),                                     \
     html_attr((b), srv_static_version(name)))

/* ---- the page's language (server/i18n.h) -------------------------------- */

/* msgid in the page's language. Every word a player reads goes through
 * tr(), trn(), put_tr() or put_count() (put_fill() for a sentence with
 * data in it, its message from tr() or trn()), so the extractor
 * (po/pot.cmake's keywords) finds it; a string kept for later is marked
 * N_("...") where it is stored. */
static inline const char *tr(const struct out_buf *b, const char *msgid)
{
    return i18n_text(b->lang, msgid);
}

static inline const char *trn(const struct out_buf *b, const char *one,
                              const char *many, long n)
{
    return i18n_plural(b->lang, one, many, n);
}

/* Writes msgid's translation as text, escaped: a catalogue is data. */
static inline void put_tr(struct out_buf *b, const char *msgid)
{
    html_text(b, tr(b, msgid));
}

/* ---- sentences with data in them (render_fill.c) ------------------------
 * A sentence that holds data ("QUIXOTE at 8D for 102") is one message, its
 * data named by placeholders in braces: "{word} at {square} for {points}".
 * A translation may move them, as its language orders the sentence ("{word}
 * en {square} pour {points}"), or leave one out; a placeholder is a brace,
 * one or more of a-z and '_', and a brace; any other brace is text. The
 * text between the placeholders is escaped (a catalogue is data); what is
 * written for a placeholder is the caller's, markup when it says so. The
 * message is translated by the caller, tr() or trn(), so the extractor's
 * keywords stay those above. Two ways to write one:
 *
 *   put_fill(b, tr(b, "{word} at {square} for {points}"),
 *            FILL_TEXT("word", text), FILL_TEXT("square", at),
 *            FILL_INT("points", points));
 *
 * or, where a placeholder's markup is more than a string (a list, a number
 * in <strong>), piece by piece:
 *
 *   struct fill f;
 *   fill_begin(&f, b, tr(b, "Goals met on moves {moves}."));
 *   while (fill_next(&f))
 *       if (fill_is(&f, "moves"))
 *           ...write the list...
 *
 * A placeholder nobody writes is dropped: a translation's typo loses a
 * datum, never shows "{wrod}" (tests/po/placeholders.test.mjs finds the
 * typo). */

struct fill {
    struct out_buf *b;
    const char *at;   /* the text not yet written */
    const char *name; /* the placeholder fill_next stopped at */
    size_t name_len;
    bool content; /* an element's content: the apostrophe left as it is */
};

/* Starts writing text (already translated) into b. */
void fill_begin(struct fill *f, struct out_buf *b, const char *text);

/* The same for an element's content, where the apostrophe is safe as it
 * is: a few sentences wrote it so before they were translated, and their
 * English stays byte for byte what it was (put_content). */
void fill_begin_content(struct fill *f, struct out_buf *b, const char *text);

/* Writes text as an element's content: escaped as html_text() does, but
 * for the apostrophe. Cannot fail. */
void put_content(struct out_buf *b, const char *text);

/* Writes the text up to the next placeholder, escaped, and returns true
 * with f at that placeholder (the caller writes its datum); at the end of
 * the text, writes the rest and returns false. Cannot fail. */
bool fill_next(struct fill *f);

/* Is f at the placeholder {name}? */
bool fill_is(const struct fill *f, const char *name);

enum fill_kind {
    FILL_KIND_INT,  /* n, in decimal */
    FILL_KIND_TEXT, /* s, escaped */
    FILL_KIND_HTML  /* s, markup written by server code */
};

struct fill_arg {
    const char *name;
    enum fill_kind kind;
    int n;
    const char *s;
};

#define FILL_INT(nm, v)                                                        \
    {                                                                          \
        .name = (nm), .kind = FILL_KIND_INT, .n = (v)                          \
    }
#define FILL_TEXT(nm, v)                                                       \
    {                                                                          \
        .name = (nm), .kind = FILL_KIND_TEXT, .s = (v)                         \
    }
#define FILL_HTML(nm, v)                                                       \
    {                                                                          \
        .name = (nm), .kind = FILL_KIND_HTML, .s = (v)                         \
    }

/* Writes text with each placeholder replaced by its argument's datum,
 * as an element's content (fill_begin_content) when `content`. Cannot
 * fail (overflow is sticky in *b). */
void put_fill_args(struct out_buf *b, const char *text, bool content,
                   const struct fill_arg *args, size_t nargs);

#define FILL_ARGS(...)                                                         \
    (const struct fill_arg[]){__VA_ARGS__},                                    \
        sizeof((const struct fill_arg[]){__VA_ARGS__}) /                       \
            sizeof(struct fill_arg)
#define put_fill(b, text, ...)                                                 \
    put_fill_args((b), (text), false, FILL_ARGS(__VA_ARGS__))
#define put_fill_content(b, text, ...)                                         \
    put_fill_args((b), (text), true, FILL_ARGS(__VA_ARGS__))

/* Room for the words of a move as markup (<strong>, each tile's display
 * string escaped, ", " between): a FILL_HTML datum. */
#define RENDER_WORDS_CHARS (CLB_MAX_WORDS * (CLB_WORD_MAX * 24 + 2) + 32)

/* ---- words every room uses ---------------------------------------------- */

/* "Player 1" or "Player 2", the message (English): the one place a player
 * is named. put_player writes it in the page's language. */
static inline const char *player_name(enum core_player p)
{
    return p == CORE_P1 ? N_("Player 1") : N_("Player 2");
}

static inline void put_player(struct out_buf *b, enum core_player p)
{
    put_tr(b, player_name(p));
}

/* A game's page speaks the game's language (its tile set's, when a
 * catalogue has it), unless the device chose one (its cookie): called by
 * every writer of a game's page before its first word. */
static inline void speak_game_language(struct out_buf *b,
                                       const struct core_game *g)
{
    render_speak(b, core_game_tileset(g));
}

static inline enum core_player other_player(enum core_player p)
{
    return p == CORE_P1 ? CORE_P2 : CORE_P1;
}

static inline const char *plural(int n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* "1 point", "3 points": n and the word for it, in the page's language
 * (its plural rule picks the form). */
static inline void put_count(struct out_buf *b, int n, const char *one,
                             const char *many)
{
    out_int(b, n);
    out_char(b, ' ');
    html_text(b, trn(b, one, many, n));
}

/* The player on this device: the viewer the script named, else the
 * player to move. */
static inline enum core_player device_player(const struct render_view *v)
{
    switch (v->viewer) {
    case RENDER_VIEWER_P1: return CORE_P1;
    case RENDER_VIEWER_P2: return CORE_P2;
    case RENDER_VIEWER_UNKNOWN: break;
    }
    return v->game->turn;
}

/* It is the partner's turn, and this device knows it is not theirs: the
 * page shows the position read-only and the link to send. */
static inline bool is_waiting(const struct render_view *v)
{
    return !v->game->game_over && device_player(v) != v->game->turn;
}

static inline bool goals_on(const struct core_game *g)
{
    return g->goals.level != CORE_GOALS_OFF;
}

/* ---- render_board.c ------------------------------------------------------ */

/* The board's 225 squares, with the marks of the last move, the tiles
 * placed this turn and a refused move's squares and words. */
void render_board(struct out_buf *b, const struct render_view *v);

/* The rack of the player to move, each tile a toggle button. */
void render_active_rack(struct out_buf *b, const struct render_view *v);

/* Which plain rack: the partner's (with the blind-mode eye), this
 * device's own while it waits, or one of both at the end. */
enum rack_kind { RACK_PARTNER, RACK_MINE, RACK_FINAL };

/* A word (tile bytes) as its tiles' display strings, escaped. */
void render_word(struct out_buf *b, const struct core_tileset *ts,
                 const char *word);

/* A rack shown, not played, headed by whose it is ("Partner's rack",
 * "Your rack", "Rack left"). */
void render_plain_rack(struct out_buf *b, const struct core_tileset *ts,
                       const struct core_rack *rack, enum core_player who,
                       enum rack_kind kind);

/* The bag's count, opening to what is left in it (and, for blind mode,
 * what the `hidden` rack's player has not seen; NULL for none). */
void render_bag(struct out_buf *b, const struct core_game *g,
                const struct core_rack *hidden);

/* ---- render_goals.c ------------------------------------------------------ */

void render_goals_stat(struct out_buf *b, const struct core_game *g);
void render_goals(struct out_buf *b, const struct render_view *v);
void render_helpers(struct out_buf *b, const struct core_game *g);
void render_goal_marks(struct out_buf *b, const struct core_move_record *rec);
void render_goals_outcome(struct out_buf *b, const struct core_game *g);
void render_goals_choice(struct out_buf *b, const char *id);

/* ---- render_moves.c ------------------------------------------------------ */

/* The move list, its download link and, without script, the review's. */
void render_moves(struct out_buf *b, const struct render_view *v);

/* The review's total and grade (render_moves.c says when and how). */
void render_review_total(struct out_buf *b, const struct core_review *review,
                         const struct render_result *result);

/* 1034 as "1,034", as the review's total and the story's axis read. */
void render_count(struct out_buf *b, int n);

/* ---- render_story.c ------------------------------------------------------ */

/* The game's story, a block (id "story") whose picture draws the team's
 * running score after each move of h against the running total of the
 * best plays of `review` (the review of h's moves; NULL or another
 * history's: the team's line alone, and the caption says the best plays'
 * come with the review). The moves the review did not reach are left
 * without a best play, and the picture marks where it stopped. Player 1's
 * moves are dots, Player 2's squares, bingos triangles and, when `goals`,
 * the goals met diamonds; its <desc> says the same in words. Nothing for a
 * history without moves. Cannot fail (overflow is sticky in *b). */
void render_story(struct out_buf *b, const struct core_history *h,
                  const struct core_review *review, bool goals);

/* A link to the game's story with the best plays, on the review's page
 * of `state`: it follows the team's line on a finished game's page
 * without the review. */
void render_story_link(struct out_buf *b, const char *state);

/* ---- render_forms.c ------------------------------------------------------ */

void render_help(struct out_buf *b, const struct render_view *v);
void render_plain_forms(struct out_buf *b, const struct render_view *v);
void render_plain_send(struct out_buf *b, const struct render_view *v);
void render_paste_box(struct out_buf *b);

/* ---- render_pages.c ------------------------------------------------------ */

/* What a pass would do, as a sentence; returns whether it ends the game. */
bool render_pass_question(struct out_buf *b, const struct core_game *g);

#endif
