/* static/app.js - the thin layer that makes the server's pages playable.
 * The server renders every page. This script opens a turn link /#S by
 * posting S to /game and swapping in the returned #app (the address bar
 * stays on /#S: reload and back just work), keeps this turn's tiles
 * (clicks, keys, drag and drop), previews them via /api/v1/preview and
 * posts moves to /game/move. It remembers in localStorage, per game, the
 * newest position, which player this device is (sent with each request
 * as `me`, so the server shows the partner's turn read-only) and the
 * tiles placed but not yet played; and blind mode. Nothing inline: the
 * CSP forbids it. Hooks, keys and storage: docs/UI.md.
 *
 * This file is the entry point: the script is the ES modules of static/js/
 * (main.js lists them), bundled into this one file by esbuild when the
 * build embeds it (server/CMakeLists.txt), and minified there too, so
 * names and comments cost the player nothing. */
/* SPDX-License-Identifier: MIT */
import { start } from './js/main.js';

start();
