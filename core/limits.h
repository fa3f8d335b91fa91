/* core/limits.h - every size and bound of Collabble, in one place.
 *
 * Each limit says what it bounds and why the number was chosen. Game-shape
 * constants come from the rules; the byte limits guard the server against
 * hostile links and bodies. static_asserts at the bottom keep them consistent.
 */
/* SPDX-License-Identifier: MIT */
#ifndef CLB_LIMITS_H
#define CLB_LIMITS_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

/* The standard Scrabble board is 15x15 and the centre star is (7,7). */
#define CLB_BOARD_SIZE 15
#define CLB_CENTER 7

/* Each player holds 7 tiles; placing all 7 in one play is a bingo. */
#define CLB_RACK_SIZE 7
#define CLB_BINGO_BONUS 50

/* Two players, P1 and P2, sharing one score. */
#define CLB_PLAYERS 2

/* A tile set (core/tileset.h) has at most 32 letters (Polish has 32), so
 * a set of letters is one 32-bit mask and a tile's byte (0x41 + letter, a
 * blank 0x61 + letter) stays below 0x81. A bag counts each letter, then
 * the blank: at most 33 kinds. */
#define CLB_MAX_LETTERS 32
#define CLB_MAX_TILE_KINDS (CLB_MAX_LETTERS + 1)

/* The most tiles one set holds (English 100; the largest published sets
 * about 120): bounds a bag count and a position's size in a v2 link. */
#define CLB_MAX_TILES 128

/* Bytes of one tile's display string in UTF-8 ("CH", "L\u00b7L" is 4). */
#define CLB_MAX_TILE_BYTES 8

/* A word graph's letters (core/kwg.h): an arc's tile has six bits, the
 * separator and 32 letters (a list header, one 32-bit word, names tiles
 * 0..31, so a list holding the 32nd letter is scanned). Every set. */
#define CLB_KWG_MAX_LETTERS 32

/* An exchange needs at least a full rack's worth in the bag (standard rule). */
#define CLB_EXCHANGE_MIN_BAG 7

/* Two consecutive passes (one by each player) end the game. */
#define CLB_PASSES_TO_END 2

/* A word is at most one board line long; lexicon words are 2..15 letters. */
#define CLB_WORD_MIN 2
#define CLB_WORD_MAX CLB_BOARD_SIZE

/* One play forms a main word plus at most one cross-word per placed tile. */
#define CLB_MAX_WORDS (CLB_RACK_SIZE + 1)

/* Cells an error may name: every placed tile of every invalid word. */
#define CLB_MAX_ERR_CELLS (CLB_MAX_WORDS * CLB_WORD_MAX)

/* Bytes of the human-readable detail in an error ("board[3][4]: ..."). */
#define CLB_ERR_DETAIL_MAX 160

/* gameId is [A-Za-z0-9_-]{1,32}: short, URL-safe, a localStorage key. */
#define CLB_GAME_ID_MAX 32

/* A new game's seed string: 1..64 bytes, enough for any readable phrase. */
#define CLB_SEED_MAX 64

/* A v2 link's seed: 30 bits is five base64url characters, and 2^30 games
 * keep a collision between one pair of players' games (and so their
 * gameIds, the localStorage key) out of practical reach. */
#define CLB_SEED_BITS 30

/* The daily deal (core/daily.h): the seed of the UTC date D is
 * CLB_DAILY_SEED_BASE + D's day number (days since 1970-01-01), a rule
 * anybody can check by hand. Recognised from 2026-12-01, the first daily
 * deal, to CLB_DAILY_LAST_DAY (9999-12-31, a four-digit year), which keeps
 * every daily seed below 2^CLB_SEED_BITS: 1,000,000,000 + 2,932,896 <
 * 1,073,741,824. */
#define CLB_DAILY_SEED_BASE 1000000000
#define CLB_DAILY_FIRST_DAY 20788
#define CLB_DAILY_LAST_DAY 2932896

/* Moves one game may have, and so one v2 link may hold; the move that
 * reaches it ends the game (CORE_END_LIMIT, racks taken off as after two
 * passes). A real game has well under 100 moves, but exchanges and passes
 * could go on for ever: this bounds the link, the replay and the move list
 * that every request rebuilds. */
#define CLB_MAX_GAME_MOVES 250

/* The longest v2 link: a classic position as its start (~1,350 bits at
 * most), then CLB_MAX_GAME_MOVES moves of at most 36 bits: under 1,750
 * characters (link2.c checks the arithmetic). A longer text is refused
 * before any of it is read. */
#define CLB_MAX_LINK2_CHARS 2048

/* A lexicon's name, recorded in the state: short and [A-Za-z0-9_-]. */
#define CLB_LEXICON_NAME_MAX 32

/* The lexicons a server is given (--lexicon FILE[:NAME], one flag each,
 * or COLLABBLE_LEXICON), and the most it loads: those and the languages'
 * from its languages directory (CLB_MAX_LANGUAGE_LEXICONS, below). */
#define CLB_MAX_GIVEN_LEXICONS 8
#define CLB_MAX_LEXICONS (CLB_MAX_GIVEN_LEXICONS + CLB_MAX_LANGUAGE_LEXICONS)

/* lastMove.cells in a decoded state: at most one rack's worth of tiles. */
#define CLB_MAX_MOVE_CELLS CLB_RACK_SIZE

/* An encoded state (the text after '#'): a real one is ~400-600 bytes, so
 * 16 KiB is generous while stopping a hostile link before decompression. */
#define CLB_MAX_ENCODED_STATE 16384

/* Decompressed JSON: a full state is ~2 KiB; 64 KiB bounds LZ expansion
 * (a tiny input can otherwise decompress to megabytes). */
#define CLB_MAX_DECODED_STATE 65536

/* A redirect's target. The longest is a move refused without script,
 * shown again at /game/turn?<the form as posted>: the body, at most
 * CLB_MAX_BODY_BYTES (below); the page after a move made is
 * /game?s=S&me=N, S a v2 link of at most CLB_MAX_LINK2_CHARS. */
#define CLB_MAX_LOCATION (16384 + 64)

/* The mount point the application is served under ("/collabble"): from
 * --base-path, or SCRIPT_NAME under CGI. Every URL a page writes starts
 * with it, so it is short and plain (server/app.c checks its bytes). */
#define CLB_MAX_BASE_PATH 256

/* The request target's query, for the front ends that are handed it apart
 * (CGI's QUERY_STRING, FastCGI's): a GET /?s=S carries a state of at most
 * CLB_MAX_ENCODED_STATE bytes, percent-encoded at worst three times over,
 * and a few other fields. The HTTP front end is bounded by the same
 * figure through libmicrohttpd's pool (CLB_CONNECTION_MEMORY_BYTES). */
#define CLB_MAX_QUERY_BYTES (3 * CLB_MAX_ENCODED_STATE + 1024)

/* A CGI or FastCGI request's head as the web server passes it on: the
 * HTTP_* variables, counted and summed (name and value). libmicrohttpd's
 * pool bounds the HTTP front end's head alike. */
#define CLB_MAX_HEADERS 100

/* A CGI body refused as too large is still read and dropped, this much at
 * most (never past its CONTENT_LENGTH), so that the web server writing it
 * sees it taken and the client gets the 413 (server/gateway.c). */
#define CLB_MAX_DRAIN_BYTES (1024 * 1024)
#define CLB_MAX_HEAD_BYTES (32 * 1024)

/* HTTP request bodies (form posts and JSON API): a state plus a move. */
#define CLB_MAX_BODY_BYTES 16384

/* Connections served at once; the rest wait in the kernel's listen queue.
 * A browser opens up to six, so 2048 serves hundreds of players at once,
 * and a spike of a thousand keep-alive clients or 500 slowloris sockets
 * still leaves room for everyone else. libmicrohttpd's pool of each is
 * reserved address space, touched only as a request needs it, so a
 * resident few KiB per idle connection. */
#define CLB_MAX_CONNECTIONS 2048

/* File descriptors the server needs besides its connections: stdio, the
 * listening socket, each thread's wake-up pipe, a lexicon being read. */
#define CLB_FD_RESERVE 64

/* Worker threads at most (--threads, COLLABBLE_THREADS): the requests
 * answered at once, and less one the searches
 * (CLB_SEARCH_THREADS_KEPT_FREE). */
#define CLB_MAX_THREADS 64

/* Proxies whose forwarded client address is believed (--trusted-proxy),
 * and the client addresses whose requests in progress are counted at once
 * for --max-connections-per-ip behind them (server/clients.c): a table of
 * fixed size, so a flood of addresses cannot grow the server. */
#define CLB_MAX_TRUSTED_PROXIES 16
#define CLB_MAX_TRACKED_CLIENTS 4096

/* Addresses one server listens on (--bind, repeatable): an IPv4 and an
 * IPv6 address and a Unix socket, a name's every address. */
#define CLB_MAX_LISTENERS 8

/* The kernel's queue of connections not yet accepted (listen(2) backlog);
 * the kernel caps it at net.core.somaxconn. */
#define CLB_LISTEN_BACKLOG 4096

/* A connection that sends nothing for this long is closed (idle keep-alive
 * connections included). */
#define CLB_CONNECTION_TIMEOUT_S 10

/* At a stop (SIGTERM, SIGINT), the longest the server waits for the
 * requests already begun to finish before it closes their connections:
 * the head and body deadlines below, so a request that could still arrive
 * in time is answered. */
#define CLB_STOP_GRACE_S 10

/* ... and how long it waits, within that, for the first request of a
 * connection accepted before the stop on which none has begun: one sent
 * before the signal arrives within milliseconds, and a browser's spare
 * connection, which may never send one, must not hold the stop up. */
#define CLB_STOP_FIRST_REQUEST_MS 1000

/* The idle timeout alone only measures silence: a client sending one byte
 * every few seconds would hold its connection for ever (slowloris). So a
 * request's whole head must arrive within this long of the connection
 * becoming ready for it (accepted, or the previous answer sent), and its
 * body (at most CLB_MAX_BODY_BYTES) within CLB_BODY_DEADLINE_S more; past
 * either, the connection is closed. Ten seconds is far more than any real
 * client needs for a few hundred bytes of head or 16 KiB of body, even on
 * a poor mobile link. */
#define CLB_HEADER_DEADLINE_S 10
#define CLB_BODY_DEADLINE_S 10

/* The longest --drain-seconds: how long, after SIGTERM, the server keeps
 * answering while /readyz says 503, so that a proxy or orchestrator polling
 * it stops sending it new requests first. A minute covers any health-check
 * interval; the default is 0 (stop at once), what a player running it on
 * their own machine expects. */
#define CLB_MAX_DRAIN_S 60

/* How often the watchdog looks for requests past their deadline: a
 * deadline is kept to within this. */
#define CLB_DEADLINE_CHECK_MS 250

/* Scores, move points and the end adjustment are capped well below INT_MAX.
 * Not a game rule (real games end below ~2,000 points): a hostile link must
 * not carry a score that overflows when the core adds the next move to it. */
#define CLB_MAX_SCORE 1000000

/* Positions each server thread keeps, keyed by the whole link they were
 * replayed from (server/cache.c): one turn asks for the same link many
 * times (the page, a preview per tile placed, the review, the move), and a
 * hit skips the replay. Four cover a player's link and the one before it
 * with room to spare; each entry is a struct position (about 82 KB of
 * address space, touched only as far as its history goes), so a thread
 * keeps at most about 340 KB. Links longer than CLB_MAX_LINK2_CHARS (a
 * classic link can be) are not kept. */
#define CLB_POSITION_CACHE_ENTRIES 4

/* A response body starts in this many bytes on the handler thread's stack;
 * a page of a full board is larger and grows on the heap. */
#define CLB_RESPONSE_INITIAL_BYTES (32 * 1024)

/* An answer shorter than this is sent uncompressed whatever the client
 * accepts: gzip's framing and the codes' header (about 120 bytes with
 * server/deflate.c) and the work of compressing cost more than the little
 * it could save (a move's preview, an error, the health check). From here
 * up the answers are markup or JSON that shrink by a third or more (the
 * review cells of the finished game tests/data/pages/over.link: 988
 * bytes to 581), for about 11 instructions a byte. Pages and most API
 * answers are far above it. */
#define CLB_COMPRESS_MIN_BYTES 512

/* The largest answer a handler may mark the same for every request
 * (struct srv_response's `same_for_all`: the landing page without a seed),
 * whose gzip and brotli copies each thread makes once at the best level
 * (libdeflate's 12, brotli's 11) and keeps (server/encoding.c): every
 * first visit loads the landing page, and the best level takes about 170
 * bytes more off it than the gzip writer made for fresh answers, and
 * about 150 more than brotli's quality 5. The landing page is about 3 KB;
 * a larger one is compressed afresh. */
#define CLB_MAX_KEPT_ANSWER (8 * 1024)

/* The largest page sent in brotli to a client that accepts it
 * (server/encoding.c); a larger one goes in gzip. Every page is far below
 * it (a full board's page without script is about 25 KB), and it bounds
 * the memory the encoder asks for (CLB_BROTLI_ARENA_BYTES). */
#define CLB_BROTLI_MAX_ANSWER (64 * 1024)

/* The memory each thread gives libbrotlienc, taken from malloc at the
 * thread's first brotli answer and kept: the encoder allocates its tables
 * for every answer, and from here only. Measured with libbrotli 1.0.9
 * (bench/README.md, "brotli for the pages"): quality 5 with a 32 KB window
 * asks for 0.6 MB on the landing page, 0.74 MB on a page the script
 * fetches and 1.69 MB on 64 KB of any bytes; quality 11 (the kept copy,
 * at most CLB_MAX_KEPT_ANSWER bytes) 1.74 MB at most. An answer that needs
 * more is sent in gzip: never a failure. */
#define CLB_BROTLI_ARENA_BYTES (2 * 1024 * 1024)

/* Room each connection keeps for its request's target and body, reused
 * from one request to the next, so that a page's GET of a v2 link or a
 * move's JSON body needs no allocation; a longer target (a classic link in
 * the query) or body takes exactly its size from the heap. 768 bytes: a
 * late game's v2 link is about 100 characters and a move's body about 350
 * bytes, with room for both at once. */
#define CLB_REQUEST_INLINE_BYTES 768

/* Hard cap of one response. A page of a full late-game board is well under
 * 200 KiB and an API answer a few KiB, so 1 MiB fits any valid state with
 * room to spare; reaching it means a bug, answered as a clean 500. */
#define CLB_MAX_RESPONSE_BYTES (1024 * 1024)

/* libmicrohttpd's per-connection memory pool holds the request line, the
 * headers and the read buffer. A GET /?s=<state> carries a state of up to
 * CLB_MAX_ENCODED_STATE bytes in its target; 64 KiB leaves room for that
 * and ordinary headers. It is address space mapped per connection, of
 * which only what a request uses becomes resident. */
#define CLB_CONNECTION_MEMORY_BYTES ((size_t)64 * 1024)

/* Stack of each server thread. LZ-String's fixed tables take about 800 KB
 * (compress) or 520 KB (decompress) and a response starts with 32 KiB on
 * the stack; 4 MiB is ample, and set explicitly so a C library with small
 * default thread stacks (musl: 128 KiB) cannot overflow. */
#define CLB_THREAD_STACK_BYTES ((size_t)4 * 1024 * 1024)

/* The largest lexicon file read at run time (--lexicon FILE), text or
 * compiled. The biggest published English lists (CSW, about 280,000 words)
 * are near 3 MB as text; 16 MiB leaves room for any real list while
 * bounding what a wrong path (a disk image, a log) can make the server
 * allocate. The languages' lists compiled at build time have bounds of
 * their own, below. */
#define CLB_MAX_LEXICON_FILE_BYTES (16u * 1024u * 1024u)

/* The most words a lexicon may hold. A file of CLB_MAX_LEXICON_FILE_BYTES
 * holds at most 5.6 Mi (two letters and a line feed each); the largest
 * published English lists have under 300,000, the largest list compiled at
 * build time (Polish, wpolish) about 3.3 M. Bounds the walk that
 * fingerprints a compiled file, whose graph could otherwise spell
 * exponentially many. */
#define CLB_MAX_LEXICON_WORDS ((uint32_t)8 << 20)

/* ---- the languages' word lists, compiled at build time ----
 *
 * The lists the build compiles (dict/CMakeLists.txt: Debian's and npm's
 * lists of the languages) are bigger than any list a player brings:
 * wpolish is 60 MB of text as installed (4.33 M entries, 3.3 M words
 * kept) and its graph near 19 MB. They come from the machine's own
 * packages, named by the build, so they get bounds of their own, sized for
 * them, while a list given at run time stays within the ones above. */

/* A word list collabble-dictc reads for a build (text or a JSON array of
 * strings): twice wpolish's 60 MB. */
#define CLB_MAX_BUILD_LIST_BYTES (128u * 1024u * 1024u)

/* A compiled graph the build writes and the server maps from its languages
 * directory (--languages): the header and as many nodes as the word
 * graph's format can index (CLB_KWG_MAX_NODES). */
#define CLB_MAX_BUILD_LEXICON_BYTES ((size_t)CLB_KWG_MAX_NODES * 4u + 64u)

/* Compiled lexicons one server loads from its languages directory: one per
 * language (11 today besides English's built-in list), and room for a
 * second list of a few. */
#define CLB_MAX_LANGUAGE_LEXICONS 16

/* JSON nesting accepted from a state, a body or a move (srv_json_parse);
 * schema v1 needs depth 4. */
#define CLB_MAX_JSON_DEPTH 8

/* A move's JSON text (the page's move field, server/move_json.h): at most
 * 7 placements of ~50 bytes, so 2 KiB is ample and keeps a hostile form
 * from reaching the JSON parser in bulk. */
#define CLB_MAX_MOVE_JSON 2048

/* ---- what the pages read from a client, around a link ---- */

/* The page's origin as its script sends it ("https://host:8080": a
 * scheme, a host name or address and a port, no path). 128 bytes holds
 * any real host name a player types into a browser; the share area
 * writes it before the link and into the QR code. */
#define CLB_MAX_ORIGIN 128

/* What may surround S in a text pasted into the no-script box (GET
 * /game?link=...): a whole address (the origin, the base path and "/#"
 * or "/?s=", well under 400 bytes) and the words of a chat message around
 * it. */
#define CLB_MAX_PASTE_EXTRA 1024

/* The longest text put in a QR code (server/qr.h): the longest link a page
 * writes, a v2 one, after the longest origin and base path. Past it the
 * share area says the link is too long for a code. The QR format itself
 * holds at most 2,953 bytes (version 40, level L, byte mode). */
#define CLB_MAX_QR_TEXT                                                        \
    (CLB_MAX_ORIGIN + CLB_MAX_BASE_PATH + sizeof "/#" - 1 + CLB_MAX_LINK2_CHARS)
#define CLB_QR_FORMAT_MAX_BYTES 2953

/* The game's story (server/render_story.c), the picture of the score
 * against the best plays on the finished game's page and the review's:
 * at most this many bytes of the page on the wire (gzip), for any history
 * a link holds (tests/server/test_story.c, tests/http/story.test.mjs). */
#define CLB_STORY_WIRE_MAX 2048

/* The most moves the story marks each with its player's shape (dots and
 * squares 5-6 units wide, on a plot 278 units wide: past 50 moves they
 * would run into each other). A longer game's picture marks the moves
 * with a bingo or a goal met, and the move list says who made each. */
#define CLB_STORY_MARK_ALL_MAX 50

/* The classic (v1) state's JSON as the server writes it, on the stack
 * (server/link_v1.c): a full board, both racks, eight words of fifteen
 * letters and the longest names take under 3 KB; this leaves room. */
#define CLB_MAX_V1_JSON 4096

/* Nodes of a word graph (core/kwg.h): as many as an arc's index can name
 * (8 Mi, its 23 bits). SOWPODS takes 1.2 M (4.8 MB); the largest published
 * English lists, about 5% bigger, stay near 1.3 M; Polish, the biggest
 * list compiled at build time, 4.76 M. A list read at run time is
 * bounded further by CLB_MAX_LEXICON_FILE_BYTES (4 Mi nodes). Bounds what
 * a forged header can make the loader count. */
#define CLB_KWG_MAX_NODES ((size_t)8 << 20)

/* The fewest arcs a list of the word graph must have for the compiler to
 * give it a header (a bitmap of its tiles, one popcount to an arc) rather
 * than leave it to be scanned (core/kwg.h). Measured on SOWPODS
 * (bench/README.md, "The word graph's layout"): 6 is the lowest that keeps
 * the graph within 4.8 MB (4,798,516 bytes; 4 gives 4.93 MB, 8 gives 4.75
 * MB and a slower generator). Only the compiler reads it: a file may head
 * any list. */
#define CLB_KWG_HEADER_MIN_ARCS 6

/* The most plays one position may have that an "every play" list is sized
 * for (core/movegen.h). Measured: the bench positions' worst (two blanks in
 * a midgame) has 22,182, but a board built for it (25 vowels spread on a
 * grid, the rack ??AEIRS) has 1,329,851; 2,097,152 records of 14 bytes
 * (29 MB, a benchmark's buffer) hold that with room. Past it the count
 * stays exact and the list is cut short (reported, never silent). The
 * server never needs the whole list: it asks for the count, the best play
 * or the top few, which need no buffer. */
#define CLB_MOVEGEN_MAX_PLAYS ((size_t)1 << 21)

/* Plays one answer of POST /api/v1/plays may list: a play is at most about
 * 500 bytes of JSON, so 1,000 stay near 500 KB, under the response cap. */
#define CLB_MAX_PLAYS_LISTED 1000

/* ---- the word judge (POST /api/v1/words, the page's "Check a word") ----
 * Words one request may judge: a turn makes at most CLB_MAX_WORDS words, a
 * player checks a handful, and a tool checking a list sends many requests;
 * a word's answer is under 1 KiB (its text escaped, a tile a byte at
 * most), so 64 stay far under the response cap. */
#define CLB_JUDGE_MAX_WORDS 64
/* Bytes of one word as sent: a whole board row (15 tiles) of the longest
 * tile a set has as text ("L·L", 4 bytes) or an accented letter written as
 * a letter and a combining accent (3 bytes), with room: 64. A longer word
 * cannot be a word on the board, so it is refused as sent. */
#define CLB_JUDGE_WORD_BYTES 64
/* The text listing the ISO 639-1 codes players pick by ("en, fr, ..."):
 * 4 bytes a code, for every set there is. */
#define CLB_LANGUAGE_CODES_TEXT (4 * 16)

/* ---- the work budgets of the searches (core/movegen.h's core_budget) ----
 * Counted in nodes of the search (a square entered with a tile), never in
 * time, so that a search cut short is cut at the same place on every run,
 * and an answer is the same on every machine. A node costs about 17-30 ns
 * (Release, the search's share of the request included); the figures are
 * in DESIGN.md, "The cost of a request" (bench/bench_budget). */

/* The review of one request (every move of a history, core/review.h). A
 * greedy game's whole review takes under 90,000 nodes and the late-game
 * link of the benchmarks (two blanks held for ten moves) 187,000, so every
 * real game is reviewed whole, with room to spare; the longest history a
 * link can hold (250 moves, two blanks in every other rack on a board of
 * spread vowels: 42.8 M nodes, about 0.9 s, without the bound) stops at
 * about 10-13 ms. Past it, that move and the rest are "not reviewed". */
#define CLB_REVIEW_NODES ((uint64_t)500000)

/* The list of plays (POST /api/v1/plays, collabble-cli plays): one search
 * of one rack. A midgame takes 2,000-3,000 nodes and a rack of two blanks
 * some tens of thousands; the worst position built (two blanks on a board
 * of 25 spread vowels: 1,329,851 plays) takes 3.8 M nodes, about 90-120
 * ms, and stops within this at about 10-12 ms. Past it the answer says
 * that its count and list are of the plays found before it ran out. */
#define CLB_PLAYS_NODES ((uint64_t)400000)

/* The blocked-ending check (core/move.c): whether a rack can play once the
 * bag is empty, asked of both racks at every such move, so the game's
 * ending depends on it. A search for any play stops at the first one: in
 * greedy games the most one spent was 127 nodes (33 for a rack with no
 * play). When the budget runs out first, a play may exist and the game
 * goes on (docs/RULES.md, "Rules"). Per search, not per request, so that a
 * link reads the same in every request; a game has at most about 30 moves
 * with the bag empty (each play takes a tile off a rack, and two passes in
 * a row end it), so a request's checks are bounded by 60 x this. */
#define CLB_BLOCKED_NODES ((uint64_t)5000)

/* The computer partner's move (core/partner.h): one search of one rack,
 * part of the request that ends the human's turn. Counted, not timed, so
 * the reply is the same on every server; past it the computer plays the
 * best of what it found. */
#define CLB_PARTNER_NODES CLB_PLAYS_NODES

/* ---- the computer partner's levels (core/partner.c; docs/RULES.md, "The
 * computer partner") ----
 * The weaker levels choose below a share of the best play's points, so
 * that they stay weaker by about that share whatever the rack: good at
 * most 75% of it, casual at most 35% (rounded down). Chosen with
 * bench/bench_partner: with the human's seat playing the best play, the
 * mean team score falls from about 850 (best) to 740 (good) and 690
 * (casual); casual at 50% was within 20 points of good. */
#define CLB_PARTNER_GOOD_SHARE_PCT 75
#define CLB_PARTNER_CASUAL_SHARE_PCT 35

/* How many of the plays below its share a weaker level chooses among (the
 * best of them, in core_play_compare order), one picked by a hash of the
 * position: enough that its moves vary, few enough that they stay near
 * the share. */
#define CLB_PARTNER_CHOICES 8

/* Casual exchanges its whole rack when its rack's best play scores below
 * this and the bag allows an exchange (a poor rack, as a casual player
 * sees it): rare, about once in 15 games. */
#define CLB_PARTNER_CASUAL_SWAP_BELOW 14

/* In a goals game, each level looks through this many of its top plays
 * (best: of all; good and casual: of those below their share) for one
 * that meets an open goal (then the most goals, then points): enough to
 * find a goal in most racks (bench/bench_goals' goal-seeker looks at 40)
 * while giving up few points. With the weaker levels looking only among
 * their 8 choices, casual won more Hard games than good (54.5% and 48.5%
 * over 200); with 20, casual < good < best at every difficulty. */
#define CLB_PARTNER_GOAL_PLAYS 20

/* ---- goals mode (core/goals.h) ---- */

/* Goals face up at once: three, as Scrabble Together deals them. */
#define CLB_GOALS_FACE_UP 3

/* A goal's sentence as core_goal_text() writes it: the table's longest
 * (under 128 bytes) or a letter goal's words and every letter of a set
 * (its 32 tiles of up to 8 bytes, each with ", "). */
#define CLB_GOAL_TEXT_MAX (CLB_MAX_LETTERS * (CLB_MAX_TILE_BYTES + 2) + 128)

/* Goals in the table (core/goals.c). The table is part of the v2 link's
 * format (its order fixes the deck a seed deals), so this only grows with
 * a new format. */
#define CLB_GOALS_COUNT 31

/* The largest shared pool of helpers a difficulty gives (Easy's): it sizes
 * a record's list of the helpers used in one turn. */
#define CLB_GOALS_MAX_HELPERS 3

/* The Peek helper's search (core_goals_peek): one rack's best play, like
 * one search of the list of plays, so the same bound; past it the best of
 * the plays found so far is shown. Part of what a Peek shows, so the same
 * on every server. */
#define CLB_PEEK_NODES CLB_PLAYS_NODES

/* Requests that search (the review's routes, /api/v1/plays) served at
 * once: the worker threads less this many, at least one, so that a thread
 * is always left for the cheap routes (pages, moves, /healthz, static
 * files). Past it such a request is answered 503 at once, with
 * Retry-After: CLB_BUSY_RETRY_AFTER_S. */
#define CLB_SEARCH_THREADS_KEPT_FREE 1
#define CLB_BUSY_RETRY_AFTER_S 1

/* The page's language (server/i18n.c): Accept-Language ranges and
 * cookies read from a request (a browser sends a handful; a longer list
 * only costs the server), and how deep a catalogue's plural rule may
 * nest (the deepest real one, Arabic's, is a few levels). */
#define CLB_MAX_ACCEPT_LANGUAGES 32
#define CLB_MAX_COOKIES 64
#define CLB_PLURAL_DEPTH_MAX 64

static_assert(CLB_CENTER * 2 + 1 == CLB_BOARD_SIZE, "centre is the middle");
static_assert(CLB_MAX_BODY_BYTES >= CLB_MAX_ENCODED_STATE,
              "a body must be able to carry the largest state");
static_assert(CLB_MAX_DECODED_STATE >= 4 * CLB_MAX_ENCODED_STATE,
              "decoded bound must allow normal compression ratios");
static_assert(CLB_CONNECTION_MEMORY_BYTES > 2 * CLB_MAX_ENCODED_STATE,
              "a GET /?s=<state> must fit the connection pool");
static_assert(CLB_DEADLINE_CHECK_MS < 1000 * CLB_HEADER_DEADLINE_S,
              "the watchdog must look more often than the deadline");
static_assert(CLB_RESPONSE_INITIAL_BYTES < CLB_MAX_RESPONSE_BYTES,
              "the stack start must be below the cap");
static_assert(CLB_KWG_MAX_LETTERS < CLB_MAX_LETTERS + 1,
              "a graph's letters are letters of a tile set");
static_assert(CLB_MAX_TILE_KINDS % 3 == 0, "a bag's kinds make groups of 3");
static_assert(CLB_MAX_PLAYS_LISTED * 500 < CLB_MAX_RESPONSE_BYTES,
              "the longest list of plays must fit one response");
static_assert(CLB_MAX_LINK2_CHARS + 256 <= CLB_MAX_LOCATION,
              "the page after a move fits a redirect");
static_assert(CLB_MAX_BODY_BYTES + sizeof "/game/turn?" <= CLB_MAX_LOCATION,
              "a refused form, shown again by a GET, fits a redirect");
static_assert(CLB_MAX_QR_TEXT <= CLB_QR_FORMAT_MAX_BYTES,
              "every link a page writes, with its origin, fits a QR code");
static_assert(CLB_MAX_PASTE_EXTRA >=
                  CLB_MAX_ORIGIN + CLB_MAX_BASE_PATH + sizeof "/?s=",
              "a pasted whole address around S fits the paste box's room");
static_assert(CLB_MAX_ENCODED_STATE + CLB_MAX_PASTE_EXTRA <=
                  CLB_MAX_QUERY_BYTES,
              "the paste box's text fits a query");
static_assert(CLB_MAX_V1_JSON <= CLB_MAX_DECODED_STATE,
              "a classic state the server writes, it reads back");
static_assert(CLB_MAX_MOVE_JSON < CLB_MAX_BODY_BYTES,
              "the longest move the page reads arrives in a body");
static_assert(CLB_GOALS_COUNT <= 255 && CLB_GOALS_FACE_UP <= CLB_GOALS_COUNT,
              "a goal's number fits a byte");
static_assert(CLB_JUDGE_WORD_BYTES >= CLB_BOARD_SIZE * 4,
              "a judged word holds a board row of 4-byte tiles");
static_assert(CLB_JUDGE_MAX_WORDS * 1024 < CLB_MAX_RESPONSE_BYTES,
              "the word judge's longest answer fits one response");
static_assert(CLB_MAX_LINK2_CHARS <= CLB_MAX_ENCODED_STATE,
              "a v2 link must pass the encoded-state bound");

#endif
