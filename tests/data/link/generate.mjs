// tests/data/link/generate.mjs - regenerates the link codec's test data:
// tests/data/link/* (links made by the reference JavaScript lz-string, as
// the original design makes them) and tests/data/bad_states/NAME.json with
// NAME.expect (the substring the error detail must contain).
// SPDX-License-Identifier: MIT
//
// Run from the repository root after `npm ci`:
//   node tests/data/link/generate.mjs
// The output is committed; test_link_v1.c reads it, nothing runs this in CI.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import LZ from 'lz-string';

const root = fileURLToPath(new URL('..', import.meta.url)); // tests/data/
const DIST = {A:9,B:2,C:2,D:4,E:12,F:2,G:3,H:2,I:9,J:1,K:1,L:4,M:2,N:6,O:8,P:2,Q:1,R:6,S:4,T:6,U:4,V:2,W:2,X:1,Y:2,Z:1,BLANK:2};
function base() {
  const board = Array.from({length:15}, () => Array(15).fill('.'));
  board[7][6] = 'C'; board[7][7] = 'a'; board[7][8] = 'T';
  const hands = {P1: ['E','S','R','O','I','N','D'], P2: ['A','E','L','Q','U','BLANK','Z']};
  const bag = {...DIST};
  for (const row of board) for (const ch of row) {
    if (ch === '.') continue;
    if (ch >= 'a' && ch <= 'z') bag.BLANK--; else bag[ch]--;
  }
  for (const h of Object.values(hands)) for (const t of h) bag[t]--;
  return {version:1, gameId:'abc123XYZ_-', turn:'P2', board, bag, hands, score:8,
    lastMove:{cells:[[7,6],[7,7],[7,8]], words:['CAT'], points:8},
    consecutivePasses:0, gameOver:false};
}
// Readable: one key per line, one board row per line.
function pretty(o) {
  const lines = Object.entries(o).map(([k, v]) => {
    if (k === 'board' && Array.isArray(v) && v.every(Array.isArray))
      return `  ${JSON.stringify(k)}: [\n` + v.map(r => '    ' + JSON.stringify(r)).join(',\n') + '\n  ]';
    return `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`;
  });
  return '{\n' + lines.join(',\n') + '\n}\n';
}
const b = base();
const dlink = `${root}link`;
fs.mkdirSync(dlink, {recursive: true});
fs.writeFileSync(`${dlink}/state_cat.json`, pretty(b));
fs.writeFileSync(`${dlink}/state_cat.link`, LZ.compressToBase64(JSON.stringify(b)) + '\n');
fs.writeFileSync(`${dlink}/state_cat.uri`, LZ.compressToEncodedURIComponent(JSON.stringify(b)) + '\n');
// A finished game with our optional keys, written by JS too.
const e = base();
e.lastMove = {cells:[], words:[], points:0, type:'pass'};
e.consecutivePasses = 2; e.gameOver = true; e.score = 0;
e.ending = {reason:'passes', adjustment:8};
e.lexicon = 'TWL06';
fs.writeFileSync(`${dlink}/state_ended.json`, pretty(e));
fs.writeFileSync(`${dlink}/state_ended.link`, LZ.compressToBase64(JSON.stringify(e)) + '\n');
// A decompression bomb: one character a million times compresses to ~2 KB.
const bomb = LZ.compressToBase64('a'.repeat(1 << 20));
fs.writeFileSync(`${dlink}/bomb.link`, bomb + '\n');
// The decompression cap (CLB_MAX_DECODED_STATE = 65536 UTF-16 units) and
// one unit past it; our compressor refuses to make the second.
fs.writeFileSync(`${dlink}/cap_exact.link`, LZ.compressToBase64('x'.repeat(65536)) + '\n');
fs.writeFileSync(`${dlink}/cap_plus_one.link`, LZ.compressToBase64('x'.repeat(65537)) + '\n');


const dbad = `${root}bad_states`;
fs.mkdirSync(dbad, {recursive: true});
const cases = [];
function bad(name, expect, mutate) {
  let text;
  if (typeof mutate === 'string') text = mutate;
  else { const o = base(); const r = mutate(o); text = pretty(r === undefined ? o : r); }
  cases.push(name);
  fs.writeFileSync(`${dbad}/${name}.json`, text);
  fs.writeFileSync(`${dbad}/${name}.expect`, expect + '\n');
}
const set = (k, v) => o => { o[k] = v; };
const del = k => o => { delete o[k]; };
bad('not_an_object', 'state: expected an object, got an array', '[1, 2, 3]\n');
bad('empty_object', 'version: missing', '{}\n');
bad('version_missing', 'version: missing', del('version'));
bad('version_2', 'version: 2 is not supported (expected 1)', set('version', 2));
bad('version_string', 'version: expected an integer, got a string', set('version', '1'));
bad('version_real', 'version: expected an integer, got a non-integer number', set('version', 1.5));
bad('unknown_top_key', 'state: unknown key "cheat"', set('cheat', true));
bad('gameid_missing', 'gameId: missing', del('gameId'));
bad('gameid_empty', 'gameId: "" is not 1-32 characters', set('gameId', ''));
bad('gameid_too_long', `gameId: "${'x'.repeat(33)}" is not 1-32 characters`, set('gameId', 'x'.repeat(33)));
bad('gameid_slash', 'gameId: "ab/c" is not 1-32 characters', set('gameId', 'ab/c'));
bad('gameid_space', 'gameId: "a b" is not 1-32 characters', set('gameId', 'a b'));
bad('gameid_number', 'gameId: expected a string, got an integer', set('gameId', 123));
bad('turn_missing', 'turn: missing', del('turn'));
bad('turn_p3', 'turn: "P3" is not "P1" or "P2"', set('turn', 'P3'));
bad('turn_lowercase', 'turn: "p1" is not "P1" or "P2"', set('turn', 'p1'));
bad('turn_number', 'turn: expected a string, got an integer', set('turn', 1));
bad('board_missing', 'board: missing', del('board'));
bad('board_string', 'board: expected an array of 15 rows, got a string', set('board', '.'.repeat(225)));
bad('board_14_rows', 'board: has 14 rows, expected 15', o => { o.board.pop(); });
bad('board_16_rows', 'board: has 16 rows, expected 15', o => { o.board.push(Array(15).fill('.')); });
bad('board_row_short', 'board[3]: has 14 squares, expected 15', o => { o.board[3].pop(); });
bad('board_row_long', 'board[12]: has 16 squares, expected 15', o => { o.board[12].push('.'); });
bad('board_row_string', 'board[2]: expected an array of 15 squares, got a string', o => { o.board[2] = '.'.repeat(15); });
bad('board_question_mark', 'board[3][4]: "?" is not ".", "A"-"Z" or "a"-"z"', o => { o.board[3][4] = '?'; });
bad('board_two_letters', 'board[0][0]: "AB" is not ".", "A"-"Z" or "a"-"z"', o => { o.board[0][0] = 'AB'; });
bad('board_empty_string', 'board[0][1]: "" is not ".", "A"-"Z" or "a"-"z"', o => { o.board[0][1] = ''; });
bad('board_space', 'board[14][14]: " " is not ".", "A"-"Z" or "a"-"z"', o => { o.board[14][14] = ' '; });
bad('board_digit', 'board[6][9]: "7" is not ".", "A"-"Z" or "a"-"z"', o => { o.board[6][9] = '7'; });
bad('board_non_ascii', 'board[1][1]: "??" is not ".", "A"-"Z" or "a"-"z"', o => { o.board[1][1] = '\u00e9'; });
bad('board_number', 'board[5][5]: expected a string, got an integer', o => { o.board[5][5] = 0; });
bad('board_null', 'board[5][6]: expected a string, got null', o => { o.board[5][6] = null; });
bad('board_blank_word', 'board[7][7]: "BLANK" is not ".", "A"-"Z" or "a"-"z"', o => { o.board[7][7] = 'BLANK'; });
bad('bag_missing', 'bag: missing', del('bag'));
bad('bag_array', 'bag: expected an object, got an array', set('bag', [9, 2]));
bad('bag_negative', 'bag.A: -1 is out of range 0..100', o => { o.bag.A = -1; });
bad('bag_real', 'bag.E: expected an integer, got a non-integer number', o => { o.bag.E = 2.5; });
bad('bag_huge', 'bag.Z: 99999999999 is out of range 0..100', o => { o.bag.Z = 99999999999; });
bad('bag_101', 'bag.BLANK: 101 is out of range 0..100', o => { o.bag.BLANK = 101; });
bad('bag_string_count', 'bag.B: expected an integer, got a string', o => { o.bag.B = '2'; });
bad('bag_null_count', 'bag.Q: expected an integer, got null', o => { o.bag.Q = null; });
bad('bag_unknown_key', 'bag: unknown key "?"', o => { o.bag['?'] = 1; });
bad('bag_lowercase_key', 'bag: unknown key "a"', o => { o.bag.a = 0; });
bad('bag_blank_lowercase', 'bag: unknown key "blank"', o => { o.bag.blank = 0; });
bad('hands_missing', 'hands: missing', del('hands'));
bad('hands_array', 'hands: expected an object, got an array', set('hands', [[], []]));
bad('hands_p3', 'hands: unknown key "P3"', o => { o.hands.P3 = []; });
bad('hands_p2_missing', 'hands.P2: missing', o => { delete o.hands.P2; });
bad('hand_string', 'hands.P1: expected an array of tiles, got a string', o => { o.hands.P1 = 'ESROIND'; });
bad('hand_8_tiles', 'hands.P1: has 8 tiles, at most 7 allowed', o => { o.hands.P1.push('E'); o.bag.E--; });
bad('hand_question_mark', 'hands.P1[1]: "?" is not a tile ("A"-"Z" or "BLANK")', o => { o.hands.P1[1] = '?'; });
bad('hand_lowercase', 'hands.P2[0]: "a" is not a tile ("A"-"Z" or "BLANK")', o => { o.hands.P2[0] = 'a'; });
bad('hand_blank_lowercase', 'hands.P2[5]: "blank" is not a tile ("A"-"Z" or "BLANK")', o => { o.hands.P2[5] = 'blank'; });
bad('hand_number', 'hands.P1[0]: expected a string, got an integer', o => { o.hands.P1[0] = 5; });
bad('score_missing', 'score: missing', del('score'));
bad('score_negative', 'score: -1 is out of range 0..1000000', set('score', -1));
bad('score_real', 'score: expected an integer, got a non-integer number', set('score', 8.5));
bad('score_huge', 'score: 2147483648 is out of range 0..1000000', set('score', 2147483648));
bad('score_string', 'score: expected an integer, got a string', set('score', '8'));
bad('score_exponent', 'score: expected an integer, got a non-integer number', JSON.stringify(base()).replace('"score":8', '"score":1e3') + '\n');
bad('lastmove_missing', 'lastMove: missing', del('lastMove'));
bad('lastmove_array', 'lastMove: expected an object or null, got an array', set('lastMove', []));
bad('lastmove_unknown_key', 'lastMove: unknown key "score"', o => { o.lastMove.score = 8; });
bad('lastmove_cells_missing', 'lastMove.cells: missing', o => { delete o.lastMove.cells; });
bad('lastmove_cell_row_15', 'lastMove.cells[0][0]: 15 is out of range 0..14', o => { o.lastMove.cells[0] = [15, 0]; });
bad('lastmove_cell_col_negative', 'lastMove.cells[1][1]: -1 is out of range 0..14', o => { o.lastMove.cells[1] = [7, -1]; });
bad('lastmove_8_cells', 'lastMove.cells: has 8 cells, at most 7 allowed', o => { o.lastMove.cells = [[7,0],[7,1],[7,2],[7,3],[7,4],[7,5],[7,6],[7,7]]; });
bad('lastmove_cell_single', 'lastMove.cells[0]: has 1 elements, expected a [row, col] pair', o => { o.lastMove.cells[0] = [7]; });
bad('lastmove_cell_triple', 'lastMove.cells[2]: has 3 elements, expected a [row, col] pair', o => { o.lastMove.cells[2] = [7, 8, 1]; });
bad('lastmove_cell_real', 'lastMove.cells[0][0]: expected an integer, got a non-integer number', o => { o.lastMove.cells[0] = [7.5, 6]; });
bad('lastmove_cell_string', 'lastMove.cells[0]: expected a [row, col] pair, got a string', o => { o.lastMove.cells[0] = '7,6'; });
bad('lastmove_cell_object', 'lastMove.cells[0]: expected a [row, col] pair, got an object', o => { o.lastMove.cells[0] = {row: 7, col: 6}; });
bad('lastmove_cell_twice', 'lastMove.cells[1]: [7, 6] is listed twice', o => { o.lastMove.cells[1] = [7, 6]; });
bad('lastmove_cell_empty_square', 'lastMove.cells[0]: square [0, 0] is empty', o => { o.lastMove.cells[0] = [0, 0]; });
bad('lastmove_word_digit', 'lastMove.words[0]: "C4T" is not a word of 2-15 letters', o => { o.lastMove.words = ['C4T']; });
bad('lastmove_word_one_letter', 'lastMove.words[1]: "A" is not a word of 2-15 letters', o => { o.lastMove.words = ['CAT', 'A']; });
bad('lastmove_word_16_letters', 'lastMove.words[0]: "ABCDEFGHIJKLMNOP" is not a word of 2-15 letters', o => { o.lastMove.words = ['ABCDEFGHIJKLMNOP']; });
bad('lastmove_word_space', 'lastMove.words[0]: "CA T" is not a word of 2-15 letters', o => { o.lastMove.words = ['CA T']; });
bad('lastmove_9_words', 'lastMove.words: has 9 words, at most 8 allowed', o => { o.lastMove.words = Array(9).fill('CAT'); });
bad('lastmove_word_number', 'lastMove.words[0]: expected a string, got an integer', o => { o.lastMove.words = [42]; });
bad('lastmove_words_string', 'lastMove.words: expected an array of words, got a string', o => { o.lastMove.words = 'CAT'; });
bad('lastmove_points_negative', 'lastMove.points: -5 is out of range 0..1000000', o => { o.lastMove.points = -5; });
bad('lastmove_points_missing', 'lastMove.points: missing', o => { delete o.lastMove.points; });
bad('lastmove_points_real', 'lastMove.points: expected an integer, got a non-integer number', o => { o.lastMove.points = 8.25; });
bad('lastmove_type_unknown', 'lastMove.type: "swap" is not "play", "exchange" or "pass"', o => { o.lastMove.type = 'swap'; });
bad('lastmove_type_number', 'lastMove.type: expected a string, got an integer', o => { o.lastMove.type = 1; });
bad('lastmove_exchanged_without_type', 'lastMove.exchanged: only allowed when type is "exchange"', o => { o.lastMove.exchanged = 3; });
bad('lastmove_exchange_missing_count', 'lastMove.exchanged: missing (required for an exchange)', o => { o.lastMove = {cells: [], words: [], points: 0, type: 'exchange'}; });
bad('lastmove_exchanged_8', 'lastMove.exchanged: 8 is out of range 1..7', o => { o.lastMove = {cells: [], words: [], points: 0, type: 'exchange', exchanged: 8}; });
bad('lastmove_exchanged_0', 'lastMove.exchanged: 0 is out of range 1..7', o => { o.lastMove = {cells: [], words: [], points: 0, type: 'exchange', exchanged: 0}; });
bad('lastmove_pass_with_cells', 'lastMove.cells: must be empty for a pass', o => { o.lastMove.type = 'pass'; });
bad('lastmove_pass_with_words', 'lastMove.words: must be empty for a pass', o => { o.lastMove = {cells: [], words: ['CAT'], points: 0, type: 'pass'}; });
bad('lastmove_exchange_with_points', 'lastMove.points: must be 0 for an exchange', o => { o.lastMove = {cells: [], words: [], points: 5, type: 'exchange', exchanged: 2}; });
bad('passes_missing', 'consecutivePasses: missing', del('consecutivePasses'));
bad('passes_3', 'consecutivePasses: 3 is out of range 0..2', set('consecutivePasses', 3));
bad('passes_negative', 'consecutivePasses: -1 is out of range 0..2', set('consecutivePasses', -1));
bad('passes_2_not_over', 'consecutivePasses: 2 passes but the game is not over', set('consecutivePasses', 2));
bad('passes_boolean', 'consecutivePasses: expected an integer, got a boolean', set('consecutivePasses', false));
bad('gameover_missing', 'gameOver: missing', del('gameOver'));
bad('gameover_string', 'gameOver: expected a boolean, got a string', set('gameOver', 'false'));
bad('gameover_number', 'gameOver: expected a boolean, got an integer', set('gameOver', 0));
bad('ending_not_over', 'ending: only allowed when gameOver is true', set('ending', {reason: 'passes', adjustment: 0}));
bad('ending_reason_unknown', 'ending.reason: "timeout" is not "passes" or "out"', o => { o.gameOver = true; o.ending = {reason: 'timeout', adjustment: 0}; });
bad('ending_reason_missing', 'ending.reason: missing', o => { o.gameOver = true; o.ending = {adjustment: 0}; });
bad('ending_adjustment_negative', 'ending.adjustment: -3 is out of range 0..1000000', o => { o.gameOver = true; o.ending = {reason: 'passes', adjustment: -3}; });
bad('ending_adjustment_missing', 'ending.adjustment: missing', o => { o.gameOver = true; o.ending = {reason: 'out'}; });
bad('ending_unknown_key', 'ending: unknown key "winner"', o => { o.gameOver = true; o.ending = {reason: 'out', adjustment: 0, winner: 'P1'}; });
bad('ending_string', 'ending: expected an object, got a string', o => { o.gameOver = true; o.ending = 'passes'; });
bad('lexicon_empty', 'lexicon: "" is not 1-32 characters', set('lexicon', ''));
bad('lexicon_space', 'lexicon: "TWL 06" is not 1-32 characters', set('lexicon', 'TWL 06'));
bad('lexicon_too_long', `lexicon: "${'L'.repeat(33)}" is not 1-32 characters`, set('lexicon', 'L'.repeat(33)));
bad('lexicon_number', 'lexicon: expected a string, got an integer', set('lexicon', 6));
bad('lexicon_null', 'lexicon: expected a string, got null', set('lexicon', null));
// JSON-level refusals.
const good = JSON.stringify(base());
bad('json_duplicate_key', 'duplicate object key', good.replace('{"version":1,', '{"version":1,"version":1,') + '\n');
bad('json_duplicate_bag_key', 'duplicate object key', good.replace('"bag":{"A":', '"bag":{"Z":1,"A":') + '\n');
bad('json_truncated', 'state: not valid JSON', good.slice(0, good.length - 40) + '\n');
bad('json_trailing_garbage', 'state: not valid JSON', good + ' x\n');
bad('json_nul_in_string', 'state: a string holds \\u0000', good.replace('"abc123XYZ_-"', '"abc\\u0000"') + '\n');
bad('json_int_overflow', 'state: not valid JSON', good.replace('"score":8', '"score":99999999999999999999999') + '\n');
bad('json_real_overflow', 'state: not valid JSON', good.replace('"score":8', '"score":1e999') + '\n');
bad('json_top_level_string', 'state: expected an object, got a string', '"hello"\n');
bad('json_top_level_null', 'state: expected an object, got null', 'null\n');
bad('json_empty', 'state: expected an object, got nothing', '\n');
bad('json_single_quotes', 'state: not valid JSON', "{'version':1}\n");
bad('json_too_deep', 'state: JSON nested deeper than 8 levels', good.replace('{"version":1,', '{"version":1,"x":[[[[[[[[1]]]]]]]],') + '\n');
bad('json_too_deep_unclosed', 'state: JSON nested deeper than 8 levels', '{'.repeat(5) + '['.repeat(5) + '\n');
// Tile conservation (core_game_validate).
bad('tiles_extra_on_board', 'tiles: 13 E tiles on the board, in the hands and in the bag, but the set has 12', o => { o.board[7][9] = 'E'; });
bad('tiles_extra_in_hand', 'tiles: 10 A tiles on the board, in the hands and in the bag, but the set has 9', o => { o.hands.P1.pop(); o.hands.P1.push('A'); o.bag.D++; });
bad('tiles_missing_from_bag', 'tiles: 11 E tiles on the board, in the hands and in the bag, but the set has 12', o => { o.bag.E--; });
bad('tiles_missing_key_from_bag', 'tiles: 0 Z tiles on the board, in the hands and in the bag, but the set has 1', o => { o.hands.P2[6] = 'S'; o.bag.S--; o.bag.Z++; delete o.bag.Z; });
bad('tiles_blank_as_letter', 'tiles: 10 A tiles on the board, in the hands and in the bag, but the set has 9', o => { o.board[7][7] = 'A'; });
bad('tiles_blank_not_taken_from_bag', 'tiles: 3 BLANK tiles on the board, in the hands and in the bag, but the set has 2', o => { o.bag.BLANK++; });
bad('tiles_moved_between_kinds', 'tiles: 6 A tiles on the board, in the hands and in the bag, but the set has 9', o => { o.bag.A -= 3; o.bag.B++; o.bag.B++; o.bag.B++; });
console.log(`${cases.length} bad states written`);
