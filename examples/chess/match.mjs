#!/usr/bin/env node
// Plays pab-chess against Stockfish at Skill Level 0: both engines run as
// their own processes and are driven through UCI by node-uci; chess.js
// referees every move; the clocks are kept here, from the moment `go` is
// written to the moment `bestmove` is read, as a GUI keeps them.
//
//   npm install            (node-uci and chess.js from the npm registry)
//   node match.mjs --games 20
//
// Options (defaults in brackets):
//   --games N        games to play, colours alternating [20]
//   --engine PATH    pab-chess [../../_build/examples/chess/pab-chess, or
//                    $PAB_CHESS]
//   --stockfish PATH [/usr/games/stockfish]
//   --threads N      pab-chess Threads [2]
//   --skill N        Stockfish Skill Level [0]
//   --time MS        starting clock of each side [10000]
//   --inc MS         increment per move [100]
//   --max-moves N    a game still going after N moves each is drawn [300]
//   --pgn FILE       also write the games as PGN
//   --verbose        print every move
//   --openings       start each pair of games (colours swapped) from the
//                    next of 16 common openings, so that two deterministic
//                    engines do not replay one game
//   --option N=V     a UCI option for pab-chess (repeatable)
//   --opponent PATH  play this UCI engine instead of Stockfish (its own
//                    options with --opponent-option N=V, repeatable; the
//                    Stockfish options above are then not sent)
// It closes with the score, the Elo difference it implies with its 95 %
// interval (from the games' own variance), illegal moves, time losses and
// crashes.
// A move chess.js refuses, a flag fall, or an engine process that dies or
// stops answering loses the game for that side and is counted; the exit
// status is 1 when pab-chess made an illegal move, lost on time or crashed.
import { existsSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import uci from 'node-uci';
import { Chess } from 'chess.js';

const { Engine } = uci;
const here = fileURLToPath(new URL('.', import.meta.url));

function parseArgs(argv) {
  const o = {
    games: 20,
    engine: process.env.PAB_CHESS ||
      resolve(here, '../../_build/examples/chess/pab-chess'),
    stockfish: '/usr/games/stockfish',
    threads: 2,
    skill: 0,
    time: 10000,
    inc: 100,
    maxMoves: 300,
    pgn: null,
    verbose: false,
    options: [],
    openings: false,
    opponent: null,
    opponentOptions: [],
  };
  const pair = (a, text) => {
    const at = text.indexOf('=');
    if (at < 1) throw new Error(`${a}: expected NAME=VALUE`);
    return [text.slice(0, at), text.slice(at + 1)];
  };
  const numbers = {
    '--games': 'games', '--threads': 'threads', '--skill': 'skill',
    '--time': 'time', '--inc': 'inc', '--max-moves': 'maxMoves',
  };
  for (let i = 2; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a in numbers) {
      const v = Number(next());
      if (!Number.isInteger(v) || v < 0) throw new Error(`${a}: not a count`);
      o[numbers[a]] = v;
    } else if (a === '--engine') o.engine = resolve(next());
    else if (a === '--stockfish') o.stockfish = resolve(next());
    else if (a === '--pgn') o.pgn = next();
    else if (a === '--verbose') o.verbose = true;
    else if (a === '--option') o.options.push(pair(a, next()));
    else if (a === '--openings') o.openings = true;
    else if (a === '--opponent') o.opponent = resolve(next());
    else if (a === '--opponent-option') o.opponentOptions.push(pair(a, next()));
    else throw new Error(`unknown option ${a}`);
  }
  for (const p of [o.engine, o.opponent || o.stockfish])
    if (!existsSync(p)) throw new Error(`no engine at ${p}`);
  return o;
}

// One engine process for one game, with the failures that end it.
class Player {
  constructor(name, path, options) {
    this.name = name;
    this.path = path;
    this.options = options;
    this.dead = false;
  }

  async start() {
    this.engine = new Engine(this.path);
    await this.engine.init();
    this.engine.proc.on('exit', (code, signal) => {
      if (!this.quitting) this.dead = `exit ${code ?? signal}`;
    });
    for (const [name, value] of this.options)
      await this.engine.setoption(name, value);
    await this.engine.ucinewgame();
    await this.engine.isready();
  }

  // The move and the wall time it took; rejects if the engine dies or is
  // silent `patience` ms past its clock.
  async think(moves, clocks, patience) {
    await this.engine.position('startpos', moves);
    const started = process.hrtime.bigint();
    let timer;
    const silent = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), patience);
    });
    try {
      const result = await Promise.race([this.engine.go(clocks), silent]);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const last = result.info.filter((i) => i.depth).pop();
      return { move: result.bestmove, ms, depth: last ? last.depth : 0 };
    } finally {
      clearTimeout(timer);
    }
  }

  async stop() {
    if (!this.engine || !this.engine.proc) return;
    this.quitting = true;
    const proc = this.engine.proc;
    const gone = new Promise((r) => proc.once('close', r));
    try {
      proc.stdin.write('quit\n');
    } catch {
      /* already gone */
    }
    const timer = setTimeout(() => proc.kill('SIGKILL'), 2000);
    await gone;
    clearTimeout(timer);
  }
}

const tally = {
  pab: { win: 0, draw: 0, loss: 0 },
  illegal: { pab: 0, stockfish: 0 },
  timeLoss: { pab: 0, stockfish: 0 },
  crash: { pab: 0, stockfish: 0 },
  minClock: Infinity, // the least pab-chess had left after a move, ms
  maxThink: 0,        // its longest think, ms
  depths: [],
};

function referee(chess, maxMoves) {
  if (chess.isCheckmate()) return { over: true, reason: 'checkmate' };
  if (chess.isStalemate()) return { over: true, draw: true, reason: 'stalemate' };
  if (chess.isThreefoldRepetition())
    return { over: true, draw: true, reason: 'threefold repetition' };
  if (chess.isInsufficientMaterial())
    return { over: true, draw: true, reason: 'insufficient material' };
  if (chess.isDrawByFiftyMoves())
    return { over: true, draw: true, reason: 'fifty-move rule' };
  if (chess.history().length >= 2 * maxMoves)
    return { over: true, draw: true, reason: `${maxMoves} moves` };
  return { over: false };
}

// Apply one UCI move; null if chess.js refuses it.
function play(chess, uciMove) {
  if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uciMove || '')) return null;
  try {
    return chess.move({
      from: uciMove.slice(0, 2),
      to: uciMove.slice(2, 4),
      promotion: uciMove[4],
    });
  } catch {
    return null;
  }
}

// Common openings, a few moves deep, in UCI notation.
const OPENINGS = [
  'e2e4 e7e5 g1f3 b8c6 f1b5', 'e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3',
  'd2d4 d7d5 c2c4 e7e6 b1c3 g8f6', 'd2d4 g8f6 c2c4 g7g6 b1c3 f8g7 e2e4 d7d6',
  'e2e4 e7e6 d2d4 d7d5 b1c3', 'e2e4 c7c6 d2d4 d7d5 b1c3 d5e4 c3e4',
  'c2c4 e7e5 b1c3 g8f6 g1f3 b8c6', 'd2d4 g8f6 c2c4 e7e6 b1c3 f8b4',
  'e2e4 e7e5 g1f3 b8c6 f1c4 f8c5', 'g1f3 d7d5 g2g3 g8f6 f1g2',
  'e2e4 d7d5 e4d5 d8d5 b1c3 d5a5', 'd2d4 d7d5 c2c4 c7c6 g1f3 g8f6',
  'e2e4 g7g6 d2d4 f8g7 b1c3 d7d6', 'e2e4 c7c5 b1c3 b8c6 g2g3',
  'd2d4 f7f5 g2g3 g8f6 f1g2', 'e2e4 e7e5 f2f4 e5f4 g1f3',
];

async function playGame(o, index) {
  const pabWhite = index % 2 === 0;
  const pab = new Player('pab-chess', o.engine,
    [['Threads', o.threads], ...o.options]);
  const sf = o.opponent
    ? new Player('opponent', o.opponent, o.opponentOptions)
    : new Player('stockfish', o.stockfish,
      [['Skill Level', o.skill], ['Threads', 1]]);
  const white = pabWhite ? pab : sf;
  const black = pabWhite ? sf : pab;
  const chess = new Chess();
  const moves = [];
  const clock = { w: o.time, b: o.time };
  if (o.openings)
    for (const m of OPENINGS[Math.floor(index / 2) % OPENINGS.length].split(' ')) {
      if (!play(chess, m)) throw new Error(`opening move ${m} refused`);
      moves.push(m);
    }
  let outcome = null; // { winner: 'w' | 'b' | null, reason }
  try {
    await pab.start();
    await sf.start();
  } catch (e) {
    await pab.stop();
    await sf.stop();
    throw new Error(`engines did not start: ${e.message}`);
  }
  while (!outcome) {
    const state = referee(chess, o.maxMoves);
    if (state.over) {
      const winner = state.draw ? null : chess.turn() === 'w' ? 'b' : 'w';
      outcome = { winner, reason: state.reason };
      break;
    }
    const side = chess.turn();
    const mover = side === 'w' ? white : black;
    const who = mover === pab ? 'pab' : 'stockfish';
    const other = side === 'w' ? 'b' : 'w';
    let answer;
    try {
      answer = await mover.think(moves, {
        wtime: Math.round(clock.w), btime: Math.round(clock.b),
        winc: o.inc, binc: o.inc,
      }, clock[side] + 5000);
    } catch (e) {
      const crashed = mover.dead || /close|exit/i.test(e.message || '');
      if (crashed) tally.crash[who]++;
      else tally.timeLoss[who]++;
      outcome = { winner: other,
        reason: `${mover.name} ${crashed ? `crashed (${mover.dead || e.message})` : 'stopped answering'}` };
      break;
    }
    if (answer.ms > clock[side]) {
      tally.timeLoss[who]++;
      outcome = { winner: other,
        reason: `${mover.name} lost on time (${answer.ms.toFixed(0)} ms with ${clock[side].toFixed(0)} left)` };
      break;
    }
    clock[side] += o.inc - answer.ms;
    const made = play(chess, answer.move);
    if (!made) {
      tally.illegal[who]++;
      outcome = { winner: other, reason: `${mover.name} played illegal ${answer.move}` };
      break;
    }
    moves.push(answer.move);
    if (who === 'pab') {
      tally.minClock = Math.min(tally.minClock, clock[side]);
      tally.maxThink = Math.max(tally.maxThink, answer.ms);
      tally.depths.push(answer.depth);
    }
    if (o.verbose)
      console.log(`  ${moves.length}. ${made.san} (${mover.name}, ${answer.ms.toFixed(0)} ms, ` +
        `depth ${answer.depth}, clock ${clock[side].toFixed(0)})`);
  }
  await pab.stop();
  await sf.stop();
  const pabSide = pabWhite ? 'w' : 'b';
  const result = outcome.winner === null ? '1/2-1/2' : outcome.winner === 'w' ? '1-0' : '0-1';
  if (outcome.winner === null) tally.pab.draw++;
  else if (outcome.winner === pabSide) tally.pab.win++;
  else tally.pab.loss++;
  const headers = {
    White: white.name, Black: black.name, Result: result, Round: String(index + 1),
    TimeControl: `${o.time / 1000}+${o.inc / 1000}`, Termination: outcome.reason,
  };
  for (const [key, value] of Object.entries(headers)) chess.setHeader(key, value);
  return { result, reason: outcome.reason, plies: moves.length, pgn: chess.pgn(),
    pabWhite, clock };
}

// The Elo difference a score implies, and its 95 % interval from the
// variance of the per-game results (win 1, draw 1/2, loss 0).
function elo(win, draw, loss) {
  const n = win + draw + loss;
  if (n === 0) return 'elo: no games';
  const p = (win + draw / 2) / n;
  const variance = (win * (1 - p) ** 2 + draw * (0.5 - p) ** 2 + loss * p ** 2) / n;
  const half = 1.96 * Math.sqrt(variance / n);
  const toElo = (x) => {
    const c = Math.min(Math.max(x, 1e-6), 1 - 1e-6);
    return -400 * Math.log10(1 / c - 1);
  };
  const lo = toElo(p - half), hi = toElo(p + half);
  return `elo: ${toElo(p).toFixed(1)} (95 %: ${lo.toFixed(1)} to ${hi.toFixed(1)}), ` +
    `score ${(100 * p).toFixed(1)} % of ${n}`;
}

async function main() {
  let o;
  try {
    o = parseArgs(process.argv);
  } catch (e) {
    console.error(`match: ${e.message}`);
    process.exit(2);
  }
  const against = o.opponent
    ? `${o.opponent} (${o.opponentOptions.map((p) => p.join('=')).join(', ')})`
    : `Stockfish (Skill Level ${o.skill})`;
  console.log(`pab-chess (Threads ${o.threads}` +
    `${o.options.map((p) => `, ${p.join('=')}`).join('')}) vs ${against}, ` +
    `${o.games} games at ${o.time / 1000} s + ${o.inc / 1000} s`);
  const pgns = [];
  for (let i = 0; i < o.games; i++) {
    const g = await playGame(o, i);
    pgns.push(g.pgn);
    const pabClock = (g.pabWhite ? g.clock.w : g.clock.b) / 1000;
    console.log(`game ${i + 1}: pab-chess ${g.pabWhite ? 'white' : 'black'}: ${g.result} ` +
      `(${g.reason}), ${Math.ceil(g.plies / 2)} moves, pab-chess clock ${pabClock.toFixed(1)} s`);
    if (o.pgn) writeFileSync(o.pgn, pgns.join('\n\n') + '\n');
  }
  const t = tally;
  const other = o.opponent ? 'opponent' : 'stockfish';
  const played = t.pab.win + t.pab.draw + t.pab.loss;
  const depth = t.depths.length
    ? (t.depths.reduce((a, b) => a + b, 0) / t.depths.length).toFixed(1) : '-';
  console.log(`pab-chess: +${t.pab.win} =${t.pab.draw} -${t.pab.loss}, ` +
    `score ${t.pab.win + t.pab.draw / 2}/${played}`);
  console.log(elo(t.pab.win, t.pab.draw, t.pab.loss));
  console.log(`illegal moves: pab-chess ${t.illegal.pab}, ${other} ${t.illegal.stockfish}`);
  console.log(`time losses: pab-chess ${t.timeLoss.pab}, ${other} ${t.timeLoss.stockfish}`);
  console.log(`crashes: pab-chess ${t.crash.pab}, ${other} ${t.crash.stockfish}`);
  console.log(`pab-chess: least clock left ${(t.minClock / 1000).toFixed(2)} s, ` +
    `longest think ${(t.maxThink / 1000).toFixed(2)} s, mean depth ${depth}`);
  const bad = t.illegal.pab + t.timeLoss.pab + t.crash.pab;
  process.exit(bad ? 1 : 0);
}

main().catch((e) => {
  console.error(`match: ${e.stack || e}`);
  process.exit(1);
});
