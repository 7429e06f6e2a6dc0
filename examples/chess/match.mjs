#!/usr/bin/env node
// A match runner for UCI engines: pab-chess (or any UCI engine, --engine)
// against Stockfish, another UCI engine (--opponent) or pab-chess with other
// settings (--self).  Every engine runs as its own process, a fresh one each
// game, driven through UCI by node-uci; chess.js referees every move; the
// clocks are kept here, from the moment `go` is written to the moment
// `bestmove` is read, as a GUI keeps them.  Games come in pairs: each
// opening is played twice, the engines swapping colours.
//
//   npm install            (node-uci and chess.js from the npm registry)
//   node match.mjs --games 20
//   node match.mjs --self --option Algorithm=ybwc \
//       --opponent-option Algorithm=abdada --openings-file openings.epd \
//       --sprt 0,10 --games 2000 --time 10000 --inc 100 --pgn ybwc.pgn
//   node match.mjs --uci-elo 1500 --openings-file openings.epd --games 40
//
// Options (defaults in brackets):
//   --games N        games to play, in pairs with colours swapped [20; with
//                    --sprt, the most to play: 1000]
//   --engine PATH    the engine under test [../../_build/examples/chess/
//                    pab-chess, or $PAB_CHESS]
//   --threads N      its Threads [2]
//   --option N=V     a UCI option for it (repeatable)
//   --name TEXT      its name in the PGN and the report [its UCI id name,
//                    with the --option settings]
//   The opponent, one of:
//     (default)        Stockfish, at --stockfish PATH [/usr/games/stockfish],
//                      Threads 1, with
//       --skill N        Skill Level [0], or
//       --uci-elo N      UCI_LimitStrength=true and UCI_Elo=N instead (Stockfish
//                        15.1 takes 1350 to 2850)
//     --opponent PATH  any UCI engine
//     --self           the --engine binary again (two pab-chess settings
//                      against each other); its Threads are
//                      --opponent-threads N [as --threads]
//   --opponent-option N=V  a UCI option for the opponent (repeatable; for
//                    Stockfish sent after the Skill Level or UCI_Elo)
//   --opponent-name TEXT   its name [UCI id name and its options]
//   Where the games start, one of:
//     --startpos       every game from the start position [the default]
//     --openings       the next of 16 built-in openings for each pair
//     --openings-file FILE   the next position of FILE for each pair: EPD
//                      (4 FEN fields, then opcodes; id names the opening,
//                      hmvc and fmvn complete the FEN), full FEN lines, or
//                      lines of UCI moves from the start position; '#'
//                      comments.  openings.epd here holds 62.
//   --time MS        starting clock of each side [10000]
//   --inc MS         increment per move [100]
//   --hide-increment the clocks gain the increment but go tells the engines
//                    only wtime and btime, as polyglot does with an
//                    increment under a second (xboard's level 0 0:05 0.05)
//   --max-moves N    a game still going after N moves each (after the
//                    opening) is drawn by adjudication [300]
//   --sprt ELO0,ELO1[,ALPHA,BETA]   a sequential probability ratio test of
//                    H0: elo = ELO0 against H1: elo = ELO1 (logistic Elo of
//                    the engine under test), ALPHA and BETA [0.05] the error
//                    rates; the match stops when it decides
//   --sprt-model pentanomial|trinomial   [pentanomial: over game pairs]
//   --pgn FILE       write the games as PGN (rewritten after each game),
//                    each move with the mover's clock after it and its
//                    think, [%clk H:MM:SS.sss] [%emt H:MM:SS.sss]
//   --json FILE      write the results as JSON at the end
//   --event TEXT     the PGN Event tag [pab-chess match]
//   --verbose        print every move
// After each game it prints the result; after each pair, with --sprt, the
// log-likelihood ratio and its bounds.  It closes with the score, the Elo
// difference it implies with its 95 % interval, the SPRT decision, and for
// each engine its illegal moves, time losses and crashes, how long it
// thought per move in the opening (moves 1-20 of the game), the middle
// game (21-40) and after, and the clock it had left at the end, then one
// line
//   summary: games=N wdl=W/D/L score=S/N elo=E error=H [llr=L lower=A
//   upper=B sprt=H0|H1|inconclusive] illegal=I/I timeloss=T/T crash=C/C
// (W/D/L and the elo for the engine under test; each pair X/Y counts the
// engine under test, then the opponent).
// A move chess.js refuses, a flag fall, or an engine process that dies or
// stops answering loses the game for that side and is counted; the exit
// status is 1 when the engine under test (with --self, either side) made
// an illegal move, lost on time or crashed, 2 on a usage error.
//
// Statistics (the pure functions exported below, which
// tests/check_match.sh checks):
//   Elo is the logistic Elo of the score p, -400 log10(1/p - 1); its 95 %
//   interval maps p +- 1.96 sqrt(var/n) to Elo, var the variance of the
//   per-game results (win 1, draw 1/2, loss 0).
//   The SPRT is the GSPRT of fishtest and cutechess in logistic Elo, with
//   Michel Van den Bergh's approximation of the log-likelihood ratio
//     LLR = N (s1 - s0) (2 mu - s0 - s1) / (2 var)
//   where s0, s1 are the expected scores under H0 and H1
//   (1 / (1 + 10^(-elo/400))), and mu, var the mean and variance of the
//   observed outcomes: N game pairs with pair scores 0, 1/4, 1/2, 3/4, 1
//   (pentanomial, the default: it counts the correlation the paired
//   openings bring) or N games with 0, 1/2, 1 (trinomial).  Counts of zero
//   become 1e-3, as fishtest does.  H1 is accepted when LLR >=
//   log((1 - beta) / alpha), H0 when LLR <= log(beta / (1 - alpha)), but
//   only once the engine under test has won, drawn and lost at least one
//   game (cutechess's rule), and only at the end of a game pair.
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import uci from 'node-uci';
import { Chess } from 'chess.js';

const { Engine } = uci;
const here = fileURLToPath(new URL('.', import.meta.url));

// ---------------------------------------------------------------- statistics

// The expected score of a player `elo` logistic Elo points stronger.
export function scoreFromElo(elo) {
  return 1 / (1 + 10 ** (-elo / 400));
}

// The logistic Elo difference a score fraction implies (kept finite: a
// score of 0 or 1 is taken as 1e-6 from it).
export function eloFromScore(p) {
  const c = Math.min(Math.max(p, 1e-6), 1 - 1e-6);
  return -400 * Math.log10(1 / c - 1);
}

// Elo of a win/draw/loss record with its 95 % interval [lo, hi] (from the
// per-game variance) and error, half the interval's width.
export function eloEstimate(win, draw, loss) {
  const n = win + draw + loss;
  if (n === 0) return { n, score: 0.5, elo: 0, lo: 0, hi: 0, error: 0 };
  const p = (win + draw / 2) / n;
  const variance = (win * (1 - p) ** 2 + draw * (0.5 - p) ** 2 + loss * p ** 2) / n;
  const half = 1.96 * Math.sqrt(variance / n);
  const lo = eloFromScore(p - half), hi = eloFromScore(p + half);
  return { n, score: p, elo: eloFromScore(p), lo, hi, error: (hi - lo) / 2 };
}

// The GSPRT log-likelihood ratio (see the opening comment) of `counts`:
// [losses, draws, wins] (trinomial) or the game pairs by the points the
// engine under test took in them, [0, 1/2, 1, 3/2, 2] (pentanomial).
export function llr(elo0, elo1, counts) {
  if (counts.reduce((a, b) => a + b, 0) === 0) return 0;
  const c = counts.map((x) => (x === 0 ? 1e-3 : x));
  const n = c.reduce((a, b) => a + b, 0);
  const k = c.length - 1;
  const mu = c.reduce((a, x, i) => a + (x * i) / k, 0) / n;
  const variance = c.reduce((a, x, i) => a + x * (i / k - mu) ** 2, 0) / n;
  if (!(variance > 0)) return 0;
  const s0 = scoreFromElo(elo0), s1 = scoreFromElo(elo1);
  return (n * (s1 - s0) * (2 * mu - s0 - s1)) / (2 * variance);
}

export function sprtBounds(alpha, beta) {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

// Whether a record is enough to decide on: as cutechess does, none before
// the engine under test has won, drawn and lost a game (the variance of a
// record without them is mostly the 1e-3 of the empty counts, which can
// cross a bound after one game pair).
export function sprtReady(win, draw, loss) {
  return win > 0 && draw > 0 && loss > 0;
}

// 'H1', 'H0', or null while the test goes on.
export function sprtDecision(value, bounds) {
  if (value >= bounds.upper) return 'H1';
  if (value <= bounds.lower) return 'H0';
  return null;
}

// "elo0,elo1[,alpha,beta]" to { elo0, elo1, alpha, beta }.
export function parseSprt(text) {
  const v = String(text).split(',').map(Number);
  if ((v.length !== 2 && v.length !== 4) || v.some((x) => !Number.isFinite(x)))
    throw new Error('--sprt: expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA');
  const [elo0, elo1, alpha = 0.05, beta = 0.05] = v;
  if (!(elo0 < elo1)) throw new Error('--sprt: ELO0 must be below ELO1');
  if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5))
    throw new Error('--sprt: ALPHA and BETA must be between 0 and 0.5');
  return { elo0, elo1, alpha, beta };
}

// ------------------------------------------------------------------ openings

// Common openings, a few moves deep, in UCI notation (--openings).
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

// One line of an openings file to { name, eco, fen, moves }: fen null means
// the start position, moves are UCI moves played from it.  Throws on a
// position chess.js refuses, an illegal move, or a finished game.
export function parseOpening(line) {
  const text = line.trim();
  const opening = { name: null, eco: null, fen: null, moves: [] };
  if (text.includes('/')) {
    const fields = text.split(/\s+/);
    if (fields.length < 4) throw new Error('a FEN needs at least 4 fields');
    // A full FEN has the half-move clock and move number as fields 5 and
    // 6; EPD has opcodes there ("id \"name\"; hmvc 0; fmvn 1;").
    const full = fields.length >= 6 && /^\d+$/.test(fields[4]) && /^\d+$/.test(fields[5]);
    const rest = fields.slice(full ? 6 : 4).join(' ');
    const ops = {};
    for (const m of rest.matchAll(/([A-Za-z]\w*)\s*("([^"]*)"|[^;]*);/g))
      ops[m[1]] = m[3] !== undefined ? m[3] : m[2].trim();
    const fen = fields.slice(0, 4).join(' ') +
      (full ? ` ${fields[4]} ${fields[5]}` : ` ${ops.hmvc ?? 0} ${ops.fmvn ?? 1}`);
    opening.name = ops.id ?? null;
    opening.eco = ops.eco ?? null;
    try {
      opening.fen = new Chess(fen).fen();
    } catch (e) {
      throw new Error(`bad FEN ${fen}: ${e.message}`);
    }
  } else {
    opening.moves = text.replace(/^startpos\b\s*(moves\b)?/, '').split(/\s+/).filter(Boolean);
  }
  const chess = new Chess(opening.fen ?? undefined);
  for (const m of opening.moves)
    if (!play(chess, m)) throw new Error(`illegal move ${m}`);
  if (chess.isGameOver()) throw new Error('the game is already over');
  return opening;
}

export function parseOpenings(text, source = 'openings') {
  const openings = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (/^\s*(#|$)/.test(line)) return;
    try {
      openings.push(parseOpening(line));
    } catch (e) {
      throw new Error(`${source}:${i + 1}: ${e.message}`);
    }
  });
  if (!openings.length) throw new Error(`${source}: no openings`);
  return openings;
}

// -------------------------------------------------------------------- options

function parseArgs(argv) {
  const o = {
    games: null,
    engine: process.env.PAB_CHESS ||
      resolve(here, '../../_build/examples/chess/pab-chess'),
    stockfish: '/usr/games/stockfish',
    threads: 2,
    opponentThreads: null,
    skill: null,
    uciElo: null,
    time: 10000,
    inc: 100,
    hideIncrement: false,
    maxMoves: 300,
    pgn: null,
    json: null,
    event: 'pab-chess match',
    verbose: false,
    options: [],
    start: null, // 'startpos' | 'openings' | the openings file
    opponent: null,
    self: false,
    opponentOptions: [],
    name: null,
    opponentName: null,
    sprt: null,
    sprtModel: 'pentanomial',
  };
  const pair = (a, text) => {
    const at = text.indexOf('=');
    if (at < 1) throw new Error(`${a}: expected NAME=VALUE`);
    return [text.slice(0, at), text.slice(at + 1)];
  };
  const numbers = {
    '--games': 'games', '--threads': 'threads', '--skill': 'skill',
    '--time': 'time', '--inc': 'inc', '--max-moves': 'maxMoves',
    '--uci-elo': 'uciElo', '--opponent-threads': 'opponentThreads',
  };
  const setStart = (a, value) => {
    if (o.start !== null) throw new Error(`${a}: only one of --startpos, --openings, --openings-file`);
    o.start = value;
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
    else if (a === '--json') o.json = next();
    else if (a === '--event') o.event = next();
    else if (a === '--name') o.name = next();
    else if (a === '--opponent-name') o.opponentName = next();
    else if (a === '--verbose') o.verbose = true;
    else if (a === '--hide-increment') o.hideIncrement = true;
    else if (a === '--option') o.options.push(pair(a, next()));
    else if (a === '--openings') setStart(a, 'openings');
    else if (a === '--startpos') setStart(a, 'startpos');
    else if (a === '--openings-file') setStart(a, { file: next() });
    else if (a === '--opponent') o.opponent = resolve(next());
    else if (a === '--self') o.self = true;
    else if (a === '--opponent-option') o.opponentOptions.push(pair(a, next()));
    else if (a === '--sprt') o.sprt = parseSprt(next());
    else if (a === '--sprt-model') {
      o.sprtModel = next();
      if (!['pentanomial', 'trinomial'].includes(o.sprtModel))
        throw new Error('--sprt-model: pentanomial or trinomial');
    } else throw new Error(`unknown option ${a}`);
  }
  if (o.self && o.opponent) throw new Error('--self and --opponent exclude each other');
  const stockfish = !o.self && !o.opponent;
  if (!stockfish && (o.skill !== null || o.uciElo !== null))
    throw new Error('--skill and --uci-elo are for Stockfish; use --opponent-option');
  if (o.skill !== null && o.uciElo !== null)
    throw new Error('--skill and --uci-elo exclude each other');
  if (o.opponentThreads !== null && !o.self)
    throw new Error('--opponent-threads is for --self; use --opponent-option Threads=N');
  if (o.time <= 0) throw new Error('--time must be positive');
  if (o.games === null) o.games = o.sprt ? 1000 : 20;
  if (o.start === null) o.start = 'startpos';
  if (o.start === 'startpos') o.openingList = [{ name: null, eco: null, fen: null, moves: [] }];
  else if (o.start === 'openings') o.openingList = parseOpenings(OPENINGS.join('\n'));
  else o.openingList = parseOpenings(readFileSync(o.start.file, 'utf8'), o.start.file);
  o.opponentPath = o.self ? o.engine : o.opponent || o.stockfish;
  for (const p of [o.engine, o.opponentPath])
    if (!existsSync(p)) throw new Error(`no engine at ${p}`);

  // What each side is sent, in order, and what its name shows.
  o.sides = {
    a: { path: o.engine, options: [['Threads', o.threads], ...o.options],
      shown: o.options, name: o.name },
    b: { path: o.opponentPath, name: o.opponentName },
  };
  if (stockfish) {
    const strength = o.uciElo !== null
      ? [['UCI_LimitStrength', 'true'], ['UCI_Elo', o.uciElo]]
      : [['Skill Level', o.skill ?? 0]];
    o.sides.b.options = [['Threads', 1], ...strength, ...o.opponentOptions];
    o.sides.b.shown = [...strength.filter(([n]) => n !== 'UCI_LimitStrength'),
      ...o.opponentOptions];
  } else if (o.self) {
    const threads = o.opponentThreads ?? o.threads;
    o.sides.b.options = [['Threads', threads], ...o.opponentOptions];
    o.sides.b.shown = threads !== o.threads ? o.sides.b.options : o.opponentOptions;
    if (threads !== o.threads) o.sides.a.shown = o.sides.a.options;
  } else {
    o.sides.b.options = o.opponentOptions;
    o.sides.b.shown = o.opponentOptions;
  }
  return o;
}

// --------------------------------------------------------------------- games

// One engine process for one game, with the failures that end it.
class Player {
  constructor(side, name, path, options) {
    this.side = side; // 'a' (under test) or 'b' (opponent)
    this.name = name;
    this.path = path;
    this.options = options;
    this.dead = false;
  }

  async start() {
    this.engine = new Engine(this.path);
    // A process that cannot start rejects init() through 'error'.
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
  async think(fen, moves, clocks, patience) {
    await this.engine.position(fen ?? 'startpos', moves);
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
    if (proc.exitCode !== null || proc.signalCode !== null) return;
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

// Start an engine once, before the match: its UCI name, and a check of the
// options it will be sent against those it advertises.
async function probe(side) {
  const engine = new Engine(side.path);
  try {
    await engine.init();
  } catch (e) {
    throw new Error(`${side.path} does not start as a UCI engine: ${e.message || e}`);
  }
  for (const [name, value] of side.options) {
    const spec = engine.options.get(name);
    if (!spec) {
      console.error(`match: warning: ${engine.id.name || side.path} has no option ${name}`);
      continue;
    }
    const v = Number(value);
    if (spec.type === 'spin' && (!Number.isInteger(v) || v < spec.min || v > spec.max)) {
      await engine.quit();
      throw new Error(`${name} ${value}: ${engine.id.name || side.path} takes ${spec.min} to ${spec.max}`);
    }
  }
  const id = engine.id.name || side.path.split('/').pop();
  await engine.quit();
  return id;
}

function newTally() {
  const zero = () => ({ a: 0, b: 0 });
  return {
    a: { win: 0, draw: 0, loss: 0 },
    pairs: [0, 0, 0, 0, 0], // game pairs by the points the engine under test took
    illegal: zero(), timeLoss: zero(), crash: zero(),
    minClock: Infinity, // the least the engine under test had left after a move, ms
    maxThink: 0,        // its longest think, ms
    depths: [],
    think: { a: newThink(), b: newThink() },
  };
}

// Where each engine spends its clock: the think per move in each part of
// the game (by the game's move number), and what is left at the end.
const PHASES = [[1, 20], [21, 40], [41, Infinity]];

function newThink() {
  return { ms: PHASES.map(() => 0), moves: PHASES.map(() => 0), endClock: 0, games: 0 };
}

function noteThink(think, moveNumber, ms) {
  const i = PHASES.findIndex(([lo, hi]) => moveNumber >= lo && moveNumber <= hi);
  think.ms[i] += ms;
  think.moves[i]++;
}

function thinkSummary(think) {
  const mean = (i) => (think.moves[i] ? think.ms[i] / think.moves[i] : null);
  const phases = PHASES.map(([lo, hi], i) => ({
    moves: hi === Infinity ? `${lo}-` : `${lo}-${hi}`, count: think.moves[i], mean_ms: mean(i),
  }));
  return { phases, end_clock_ms: think.games ? think.endClock / think.games : null };
}

// A PGN clock: H:MM:SS.sss.
export function pgnClock(ms) {
  const t = Math.max(0, Math.round(ms));
  const h = Math.floor(t / 3600000);
  const m = Math.floor(t / 60000) % 60;
  const sec = ((t % 60000) / 1000).toFixed(3).padStart(6, '0');
  return `${h}:${String(m).padStart(2, '0')}:${sec}`;
}

function referee(chess, plies, maxMoves) {
  if (chess.isCheckmate()) return { over: true, reason: 'checkmate' };
  if (chess.isStalemate()) return { over: true, draw: true, reason: 'stalemate' };
  if (chess.isThreefoldRepetition())
    return { over: true, draw: true, reason: 'threefold repetition' };
  if (chess.isInsufficientMaterial())
    return { over: true, draw: true, reason: 'insufficient material' };
  if (chess.isDrawByFiftyMoves())
    return { over: true, draw: true, reason: 'fifty-move rule' };
  if (plies >= 2 * maxMoves)
    return { over: true, draw: true, adjudicated: true,
      reason: `adjudicated a draw after ${maxMoves} moves each` };
  return { over: false };
}

function pgnDate(d) {
  const two = (x) => String(x).padStart(2, '0');
  return `${d.getFullYear()}.${two(d.getMonth() + 1)}.${two(d.getDate())}`;
}

async function playGame(o, index, opening, names, tally) {
  const aWhite = index % 2 === 0;
  const a = new Player('a', names.a, o.sides.a.path, o.sides.a.options);
  const b = new Player('b', names.b, o.sides.b.path, o.sides.b.options);
  const white = aWhite ? a : b;
  const black = aWhite ? b : a;
  const chess = opening.fen ? new Chess(opening.fen) : new Chess();
  const moves = [...opening.moves]; // sent after `position startpos|fen`
  const clock = { w: o.time, b: o.time };
  for (const m of opening.moves) play(chess, m); // checked when loaded
  if (opening.moves.length)
    chess.setComment(`book${opening.name ? `: ${opening.name}` : ''}`);
  let plies = 0;
  let outcome = null; // { winner: 'w' | 'b' | null, reason, termination }
  try {
    await a.start();
    await b.start();
  } catch (e) {
    await a.stop();
    await b.stop();
    throw new Error(`engines did not start: ${e.message || e}`);
  }
  while (!outcome) {
    const state = referee(chess, plies, o.maxMoves);
    if (state.over) {
      const winner = state.draw ? null : chess.turn() === 'w' ? 'b' : 'w';
      outcome = { winner, reason: state.reason,
        termination: state.adjudicated ? 'adjudication' : 'normal' };
      break;
    }
    const side = chess.turn();
    const mover = side === 'w' ? white : black;
    const other = side === 'w' ? 'b' : 'w';
    let answer;
    try {
      answer = await mover.think(opening.fen, moves, {
        wtime: Math.round(clock.w), btime: Math.round(clock.b),
        ...(o.hideIncrement ? {} : { winc: o.inc, binc: o.inc }),
      }, clock[side] + 5000);
    } catch (e) {
      const crashed = mover.dead || /close|exit|EPIPE/i.test(e.message || '');
      if (crashed) tally.crash[mover.side]++;
      else tally.timeLoss[mover.side]++;
      outcome = { winner: other,
        termination: crashed ? 'abandoned' : 'time forfeit',
        reason: `${mover.name} ${crashed ? `crashed (${mover.dead || e.message})` : 'stopped answering'}` };
      break;
    }
    if (answer.ms > clock[side]) {
      tally.timeLoss[mover.side]++;
      outcome = { winner: other, termination: 'time forfeit',
        reason: `${mover.name} lost on time (${answer.ms.toFixed(0)} ms with ${clock[side].toFixed(0)} left)` };
      break;
    }
    clock[side] += o.inc - answer.ms;
    const moveNumber = chess.moveNumber();
    const made = play(chess, answer.move);
    if (!made) {
      tally.illegal[mover.side]++;
      outcome = { winner: other, termination: 'rules infraction',
        reason: `${mover.name} played illegal ${answer.move}` };
      break;
    }
    moves.push(answer.move);
    plies++;
    chess.setComment(`[%clk ${pgnClock(clock[side])}] [%emt ${pgnClock(answer.ms)}]`);
    noteThink(tally.think[mover.side], moveNumber, answer.ms);
    if (mover === a) {
      tally.minClock = Math.min(tally.minClock, clock[side]);
      tally.maxThink = Math.max(tally.maxThink, answer.ms);
      tally.depths.push(answer.depth);
    }
    if (o.verbose)
      console.log(`  ${plies}. ${made.san} (${mover.name}, ${answer.ms.toFixed(0)} ms, ` +
        `depth ${answer.depth}, clock ${clock[side].toFixed(0)})`);
  }
  await a.stop();
  await b.stop();
  for (const [p, s] of [[white, 'w'], [black, 'b']]) {
    tally.think[p.side].endClock += clock[s];
    tally.think[p.side].games++;
  }
  const aSide = aWhite ? 'w' : 'b';
  const result = outcome.winner === null ? '1/2-1/2' : outcome.winner === 'w' ? '1-0' : '0-1';
  const points = outcome.winner === null ? 0.5 : outcome.winner === aSide ? 1 : 0;
  if (points === 0.5) tally.a.draw++;
  else if (points === 1) tally.a.win++;
  else tally.a.loss++;
  const previous = chess.getComment();
  chess.setComment(previous ? `${previous}; ${outcome.reason}` : outcome.reason);
  const headers = {
    Event: o.event, Site: hostname(), Date: pgnDate(new Date()),
    Round: String(index + 1), White: white.name, Black: black.name, Result: result,
  };
  if (opening.name) headers.Opening = opening.name;
  if (opening.eco) headers.ECO = opening.eco;
  headers.TimeControl = `${o.time / 1000}+${o.inc / 1000}`;
  headers.Termination = outcome.termination;
  headers.PlyCount = String(chess.history().length);
  for (const [key, value] of Object.entries(headers)) chess.setHeader(key, value);
  return { result, points, reason: outcome.reason, plies, pgn: chess.pgn(), aWhite, clock };
}

// -------------------------------------------------------------------- report

function report(o, names, tally, sprt) {
  const t = tally;
  const e = eloEstimate(t.a.win, t.a.draw, t.a.loss);
  const depth = t.depths.length
    ? (t.depths.reduce((x, y) => x + y, 0) / t.depths.length).toFixed(1) : '-';
  const sign = (x) => (x >= 0 ? '+' : '') + x.toFixed(1);
  console.log(`${names.a}: +${t.a.win} =${t.a.draw} -${t.a.loss}, ` +
    `score ${t.a.win + t.a.draw / 2}/${e.n}`);
  if (e.n)
    console.log(`elo: ${sign(e.elo)} +- ${e.error.toFixed(1)} (95 %: ${e.lo.toFixed(1)} to ` +
      `${e.hi.toFixed(1)}), score ${(100 * e.score).toFixed(1)} % of ${e.n}`);
  console.log(`game pairs by points of ${names.a} (0, 1/2, 1, 3/2, 2): ${t.pairs.join(' ')}`);
  if (sprt)
    console.log(`sprt: LLR ${sprt.llr.toFixed(3)} (${sprt.lower.toFixed(3)}, ${sprt.upper.toFixed(3)}), ` +
      `elo0 ${o.sprt.elo0} elo1 ${o.sprt.elo1}, ${o.sprtModel}: ` +
      `${sprt.decision === 'H1' ? 'H1 accepted' : sprt.decision === 'H0' ? 'H0 accepted'
        : 'inconclusive at the --games limit'}`);
  for (const s of ['a', 'b'])
    console.log(`${names[s]}: illegal moves ${t.illegal[s]}, time losses ${t.timeLoss[s]}, ` +
      `crashes ${t.crash[s]}`);
  if (t.depths.length)
    console.log(`${names.a}: least clock left ${(t.minClock / 1000).toFixed(2)} s, ` +
      `longest think ${(t.maxThink / 1000).toFixed(2)} s, mean depth ${depth}`);
  for (const s of ['a', 'b']) {
    const th = thinkSummary(t.think[s]);
    if (th.end_clock_ms === null) continue;
    const parts = th.phases.filter((p) => p.count)
      .map((p) => `${p.mean_ms.toFixed(0)} ms at moves ${p.moves}`);
    console.log(`${names[s]}: think per move ${parts.join(', ')}; ` +
      `clock left at the end ${(th.end_clock_ms / 1000).toFixed(2)} s on average`);
  }
  const two = (k) => `${t[k].a}/${t[k].b}`;
  console.log(`summary: games=${e.n} wdl=${t.a.win}/${t.a.draw}/${t.a.loss} ` +
    `score=${t.a.win + t.a.draw / 2}/${e.n} elo=${e.elo.toFixed(1)} error=${e.error.toFixed(1)}` +
    (sprt ? ` llr=${sprt.llr.toFixed(3)} lower=${sprt.lower.toFixed(3)} upper=${sprt.upper.toFixed(3)} ` +
      `sprt=${sprt.decision || 'inconclusive'}` : '') +
    ` illegal=${two('illegal')} timeloss=${two('timeLoss')} crash=${two('crash')}`);
  return e;
}

function writeJson(o, names, tally, e, sprt, games) {
  const t = tally;
  const side = (s) => ({
    name: names[s], path: o.sides[s].path,
    options: Object.fromEntries(o.sides[s].options.map(([k, v]) => [k, String(v)])),
    illegal_moves: t.illegal[s], time_losses: t.timeLoss[s], crashes: t.crash[s],
    think: thinkSummary(t.think[s]),
  });
  const out = {
    engine: side('a'), opponent: side('b'),
    time_ms: o.time, increment_ms: o.inc, increment_hidden: o.hideIncrement,
    games: e.n, wins: t.a.win, draws: t.a.draw, losses: t.a.loss,
    score: t.a.win + t.a.draw / 2, score_fraction: e.score,
    elo: e.elo, elo_error: e.error, elo_ci95: [e.lo, e.hi],
    pentanomial: t.pairs,
    sprt: sprt ? { ...o.sprt, model: o.sprtModel, llr: sprt.llr, lower: sprt.lower,
      upper: sprt.upper, decision: sprt.decision || 'inconclusive' } : null,
    results: games,
  };
  writeFileSync(o.json, JSON.stringify(out, null, 2) + '\n');
}

// ---------------------------------------------------------------------- main

async function main() {
  let o;
  try {
    o = parseArgs(process.argv);
  } catch (e) {
    console.error(`match: ${e.message}`);
    process.exit(2);
  }
  const names = {};
  try {
    for (const s of ['a', 'b']) {
      const id = await probe(o.sides[s]);
      const shown = o.sides[s].shown.map((p) => p.join('=')).join(', ');
      names[s] = o.sides[s].name || (shown ? `${id} (${shown})` : id);
    }
  } catch (e) {
    console.error(`match: ${e.message}`);
    process.exit(2);
  }
  if (names.a === names.b) names.b += ' #2';
  const tally = newTally();
  const where = o.start === 'startpos' ? 'the start position'
    : o.start === 'openings' ? `${o.openingList.length} built-in openings`
      : `${o.openingList.length} openings from ${o.start.file}`;
  console.log(`${names.a} vs ${names.b}, ${o.games} games at ${o.time / 1000} s + ` +
    `${o.inc / 1000} s${o.hideIncrement ? ' (the increment not announced)' : ''}, from ${where}`);
  const bounds = o.sprt ? sprtBounds(o.sprt.alpha, o.sprt.beta) : null;
  let sprt = o.sprt ? { llr: 0, ...bounds, decision: null } : null;
  const pgns = [];
  const games = [];
  let pairPoints = 0;
  for (let i = 0; i < o.games; i++) {
    const opening = o.openingList[Math.floor(i / 2) % o.openingList.length];
    const g = await playGame(o, i, opening, names, tally);
    pgns.push(g.pgn);
    games.push({ round: i + 1, white: g.aWhite ? names.a : names.b,
      black: g.aWhite ? names.b : names.a, result: g.result, reason: g.reason,
      opening: opening.name ?? (opening.moves.join(' ') || opening.fen || 'startpos'),
      plies: g.plies });
    const aClock = (g.aWhite ? g.clock.w : g.clock.b) / 1000;
    console.log(`game ${i + 1}: ${names.a} ${g.aWhite ? 'white' : 'black'}: ${g.result} ` +
      `(${g.reason}), ${Math.ceil(g.plies / 2)} moves, its clock ${aClock.toFixed(1)} s`);
    if (o.pgn) writeFileSync(o.pgn, pgns.join('\n\n') + '\n');
    pairPoints += g.points;
    if (i % 2 === 1) {
      tally.pairs[2 * pairPoints]++;
      pairPoints = 0;
      if (sprt) {
        const counts = o.sprtModel === 'pentanomial' ? tally.pairs
          : [tally.a.loss, tally.a.draw, tally.a.win];
        sprt.llr = llr(o.sprt.elo0, o.sprt.elo1, counts);
        const ready = sprtReady(tally.a.win, tally.a.draw, tally.a.loss);
        sprt.decision = ready ? sprtDecision(sprt.llr, bounds) : null;
        console.log(`pair ${(i + 1) / 2}: LLR ${sprt.llr.toFixed(3)} ` +
          `(${bounds.lower.toFixed(3)}, ${bounds.upper.toFixed(3)})` +
          (sprt.decision ? `: ${sprt.decision} accepted`
            : ready ? '' : ', no decision before a win, a draw and a loss'));
        if (sprt.decision) break;
      }
    }
  }
  const e = report(o, names, tally, sprt);
  if (o.json) writeJson(o, names, tally, e, sprt, games);
  const t = tally;
  let bad = t.illegal.a + t.timeLoss.a + t.crash.a;
  if (o.self) bad += t.illegal.b + t.timeLoss.b + t.crash.b;
  process.exit(bad ? 1 : 0);
}

const invoked = process.argv[1] && existsSync(process.argv[1]) &&
  pathToFileURL(realpathSync(process.argv[1])).href;
if (invoked === import.meta.url)
  main().catch((e) => {
    console.error(`match: ${e.stack || e}`);
    process.exit(1);
  });
