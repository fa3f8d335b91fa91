/* static/runs.js - typing the tiles of several characters
 * (static/js/runs.js), a script of its own that static/app.js loads only
 * for a page whose tile set has such tiles. The entry point of a bundle,
 * as static/app.js is. */
/* SPDX-License-Identifier: MIT */
import { install } from './js/runs.js';

window.clb.runs(install);
