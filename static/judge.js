/* static/judge.js - the "Check a word" box's answer in the page
 * (static/js/judge.js), a script of its own that static/app.js loads the
 * first time a word is checked, so that no first visit does. The entry
 * point of a bundle, as static/app.js is. */
/* SPDX-License-Identifier: MIT */
import { judge } from './js/judge.js';

window.clb.judge(judge);
