/* static/landing.js - the landing and error pages' list of the games this
 * browser keeps and this device's bests (static/js/landing.js), a script
 * of its own that static/app.js loads the first time it shows such a page,
 * so that a game link's first visit never does. The entry point of a
 * bundle, as static/app.js is. */
/* SPDX-License-Identifier: MIT */
import { install } from './js/landing.js';

install();
