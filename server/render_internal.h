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

/* ---- the page's language (server/i18n.h) -------------------------------- */

/* msgid in the page's language. Every word a player reads goes through
 * tr(), trn(), put_tr(), put_trf() or put_count(), so the extractor
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

/* Writes fmt (a translated message), its text escaped and each of its
 * placeholders ("%1$s".."%9$s", or "%s" in turn; "%%" is a '%') replaced
 * by args[k-1], which is markup the caller made (escaped already); a
 * placeholder past nargs writes nothing. The translation may reorder the
 * placeholders: msgfmt -c checks it keeps the same ones. */
void put_args(struct out_buf *b, const char *fmt, const char *const *args,
              int nargs);

/* put_tr() of a message with placeholders, each argument a string of
 * markup: put_trf(b, "%1$s played %2$s.", who, words). */
#define put_trf(b, msgid, ...)                                                 \
    put_args((b), tr((b), (msgid)), (const char *const[]){__VA_ARGS__},        \
             (int)(sizeof((const char *const[]){__VA_ARGS__}) /                \
                   sizeof(const char *)))

/* put_args() of a message translated already (tr(), trn()): for the
 * sentences whose message is chosen among several. */
#define put_fmt(b, fmt, ...)                                                   \
    put_args((b), (fmt), (const char *const[]){__VA_ARGS__},                   \
             (int)(sizeof((const char *const[]){__VA_ARGS__}) /                \
                   sizeof(const char *)))

/* Room for the words of a move as markup (<strong>, each tile's display
 * string escaped, ", " between). */
#define RENDER_WORDS_CHARS (CLB_MAX_WORDS * (CLB_WORD_MAX * 24 + 2) + 32)

/* A number as text, for put_trf()'s arguments (room: I18N_INT_CHARS). */
#define I18N_INT_CHARS 24
const char *int_text(char out[I18N_INT_CHARS], long n);

/* ---- words every room uses ---------------------------------------------- */

/* "Player 1" or "Player 2": the one place a player is named (marked for
 * the catalogues, translated where it is written). */
static inline const char *player_name(enum core_player p)
{
    return p == CORE_P1 ? N_("Player 1") : N_("Player 2");
}

static inline void put_player(struct out_buf *b, enum core_player p)
{
    put_tr(b, player_name(p));
}

/* A player's name in the page's language as markup (escaped), for
 * put_trf()'s arguments; the room lives as long as the enclosing block. */
#define PLAYER_MARKUP_CHARS 96
static inline const char *player_markup(char *out, const struct out_buf *b,
                                        enum core_player p)
{
    struct out_buf w;
    out_init(&w, out, PLAYER_MARKUP_CHARS, PLAYER_MARKUP_CHARS);
    html_text(&w, tr(b, player_name(p)));
    if (w.overflow) /* a catalogue's name of a few words: never */
        out[0] = '\0';
    return out;
}
#define player_html(b, p)                                                      \
    player_markup((char[PLAYER_MARKUP_CHARS]){0}, (b), (p))

/* A game's page speaks the game's language (its tile set's, when a
 * catalogue has it), unless the device chose one (its cookie): called by
 * every writer of a game's page before its first word. */
static inline void speak_game_language(struct out_buf *b,
                                       const struct core_game *g)
{
    const char *code = core_game_tileset(g)->language;
    const struct i18n_catalogue *c =
        code != NULL ? i18n_by_code(code, strlen(code)) : NULL;
    if (!b->lang_chosen && c != NULL && c != i18n_pseudo())
        b->lang = c;
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

/* A rack shown, not played. */
void render_plain_rack(struct out_buf *b, const struct core_tileset *ts,
                       const struct core_rack *rack, enum core_player who,
                       const char *heading, enum rack_kind kind);

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

/* A link to the game's story on the review's page of `state`, for a
 * finished game's page without the review. */
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
