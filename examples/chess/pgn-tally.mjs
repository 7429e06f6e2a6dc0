// Tallies a match that another client played (xboard, with polyglot between
// it and UCI engines; scripts/strength.sh xboard): every game of a PGN file
// replayed by chess.js, so that a move it refuses is counted as illegal,
// then the engine's wins, draws and losses, its Elo with the 95 % interval
// of match.mjs, and which side lost on time, by an illegal move or by a
// crash, from the result comment the client wrote.
//
//   node pgn-tally.mjs --engine pab-chess games.pgn
//
// The engine is the player whose White or Black tag starts with --engine.
// Games without a result ("*", a match cut short) are left out.  It prints
// one line a game and then match.mjs's summary line
//   summary: games=N wdl=W/D/L score=S/N elo=E error=H illegal=I/I
//   timeloss=T/T crash=C/C
// (each pair X/Y: the engine, then its opponents), and exits with 1 when
// the file holds no finished game of the engine, 2 on a usage error.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { eloEstimate } from './match.mjs';
import { gamesOf, plies, sides, tag } from './quality.mjs';

// How a finished game ended for the side that lost it, from the client's
// closing comment ("Black wins on time", "White makes an illegal move",
// "Black's engine crashed"), or 'normal'.
export function ending(comment) {
  if (/on time|time forfeit|flag/i.test(comment)) return 'timeLoss';
  if (/illegal/i.test(comment)) return 'illegal';
  if (/crash|terminat|died|exited/i.test(comment)) return 'crash';
  return 'normal';
}

// The first move of game g that chess.js refuses, or null.
function firstIllegal(g) {
  try {
    for (const _ of plies(g, '')) /* replayed */;
    return null;
  } catch (e) {
    if (e.san === undefined) throw e;
    return e.san;
  }
}

export function tally(games, engine) {
  const zero = () => [0, 0];
  const t = { win: 0, draw: 0, loss: 0, lines: [],
    illegal: zero(), timeLoss: zero(), crash: zero() };
  for (const g of games) {
    const result = tag(g, 'Result');
    const { white, black } = sides(g, engine);
    if (white === black || !['1-0', '0-1', '1/2-1/2'].includes(result)) continue;
    const points = result === '1/2-1/2' ? 0.5 : (result === '1-0') === white ? 1 : 0;
    if (points === 1) t.win++;
    else if (points === 0) t.loss++;
    else t.draw++;
    const comments = [...g.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
    const last = comments.length ? comments[comments.length - 1] : '';
    const bad = firstIllegal(g);
    let how = points === 0.5 ? 'normal' : ending(last);
    if (bad) how = 'illegal';
    if (how !== 'normal') t[how][points === 0 ? 0 : 1]++;
    t.lines.push(`game ${t.lines.length + 1}: ${engine} ${white ? 'white' : 'black'}: ` +
      `${result} (${bad ? `illegal ${bad}` : last.trim() || 'no comment'})`);
  }
  return t;
}

function main(argv) {
  let engine = null;
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--engine' && i + 1 < argv.length) engine = argv[++i];
    else files.push(argv[i]);
  }
  if (!engine || files.length !== 1) {
    console.error('usage: node pgn-tally.mjs --engine NAME games.pgn');
    return 2;
  }
  const t = tally(gamesOf(readFileSync(files[0], 'utf8')), engine);
  for (const line of t.lines) console.log(line);
  const e = eloEstimate(t.win, t.draw, t.loss);
  if (e.n === 0) {
    console.error(`pgn-tally: no finished game of ${engine} in ${files[0]}`);
    return 1;
  }
  const two = (k) => `${t[k][0]}/${t[k][1]}`;
  console.log(`summary: games=${e.n} wdl=${t.win}/${t.draw}/${t.loss} ` +
    `score=${t.win + t.draw / 2}/${e.n} elo=${e.elo.toFixed(1)} error=${e.error.toFixed(1)} ` +
    `illegal=${two('illegal')} timeloss=${two('timeLoss')} crash=${two('crash')}`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = main(process.argv.slice(2));
