/* static/js/judge.js - the "Check a word" box with script: the word goes
 * to /api/v1/words, judged by the game's own list (the form's
 * data-lexicon), and the answer is written into the box's live region
 * (#judged) without leaving the page, in the page's own words (data-yes,
 * data-no). Without script the box is a GET form to /game/word, which
 * answers with the game's page (server/ui.c); whatever the API cannot
 * answer here (no word typed, a failed request), the form is sent that way
 * instead, and the page says it. A script of its own (static/judge.js),
 * which static/app.js loads the first time a word is checked (main.js). */
/* SPDX-License-Identifier: MIT */
import { BASE, $, attr } from './dom.js';

export function judge(f) {
  fetch(BASE + '/api/v1/words', {
    method: 'POST',
    body: JSON.stringify({ lexicon: attr(f, 'data-lexicon'), words: [f.word.value.trim()] }),
  }).then((r) => r.json()).then((a) => {
    const w = a.words[0];
    $('judged').textContent = w.error ? w.error.detail
      : `${w.word} (${w.tiles.join(' ')}): ${attr(f, w.valid ? 'data-yes' : 'data-no')}`;
  }).catch(() => f.submit());
}
