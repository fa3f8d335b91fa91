/* static/more.js - what the script does that no first visit runs: the
 * blank's letter picker, the exchange and pass modes' words, the notices
 * of an older position and of a branch, the Names panel's fields
 * (static/js/more.js), a script of its own that static/app.js loads the
 * first time one of them is needed. The entry point of a bundle, as
 * static/app.js is. */
/* SPDX-License-Identifier: MIT */
import { install } from './js/more.js';

window.clb.more(install);
