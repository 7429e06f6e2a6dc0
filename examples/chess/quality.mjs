// quality.mjs: how much each move of a UCI engine gives away, as a judge
// (Stockfish, searching much deeper) sees it, over a fixed set of
// positions.  A match against Stockfish needs hundreds of games to see
// 50 Elo; the moves of those games are thousands of samples, and two
// versions of an engine compared on the same positions differ only where
// their moves do.  So this is the fast, paired measure an evaluation or
// search change can be screened with before it is played against
// Stockfish (BENCHMARKS.md, "Move quality").
//
//   node quality.mjs positions [--player NAME] [--every N] [--from PLY]
//        [--to PLY] [--max N] PGN...      > positions.epd
//     the positions before each move NAME (default pab-chess) played in
//     the games (both sides' in self-play), every Nth of its moves
//     between plies FROM and TO (the first ply is 1), at most N of them
//     spread evenly over the games, each position once.
//
//   node quality.mjs run --engine PATH [--positions FILE] [--max N]
//        [--option N=V]... [--uci-elo E] [--clock MS] [--inc MS]
//        [--judge PATH] [--judge-depth D] [--judge-nodes N] [--cache FILE]
//        [--out FILE] [--baseline FILE] [--label TEXT]
//     the engine's move in each position of FILE (default quality.epd
//     beside this script; at most N of them, spread evenly), found with
//     CLOCK ms on both clocks and INC ms increments (default 4000 + 50:
//     the middle of a 5 s + 0.05 s game) after ucinewgame, then judged
//     (default /usr/games/stockfish at depth 14, one thread): the judge's
//     score for the position at depth D, and for the engine's move alone
//     (searchmoves) at the same depth.  The loss of a move is the
//     difference of the two as expected scores, 1 / (1 + 10^(-cp/400)):
//     a pawn in a level position is worth much more than in a won one.
//     The judge's verdicts are kept in the cache (by position, move and
//     depth), so a second engine pays only for the moves the first did
//     not play.  With --baseline (an earlier --out), the difference per
//     position between the two runs too, with its 95 % error.
//
//   node quality.mjs games [--player NAME] [--judge PATH] [--judge-depth D]
//        [--judge-nodes N] [--blunder L] [--blunders FILE] [--cache FILE]
//        [--out FILE] PGN...
//     every move of the games judged where it was played, not replayed:
//     the judge's score for the position before the move and for the one
//     after it, both for the side that moved (a finished game's last
//     position scores as its result), the loss their difference as
//     expected scores.  Reported for NAME's moves and for its opponents',
//     in the middle game (six or more pieces besides kings and pawns) and
//     the endgame: the moves, the mean loss, and how many gave away L
//     (default 0.15) of a point or more at once.  --blunders writes the
//     positions before NAME's such moves, one FEN a line, for `run
//     --positions` to replay with other settings.
//
// With --judge-nodes the judge searches N nodes a position (and a move)
// instead of depth D, in run and games alike.
//
// All three subcommands print one line per problem and exit 1 on a bad file
// or an engine that dies.  The clock is the engine's own time management
// at work: an engine that thinks longer on the same clock may find
// better moves here and pay for it later in a game, which no single
// position shows, so the mean think time is printed beside the loss.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chess.js';

// ---------------------------------------------------------------- statistics

export function expectedScore(cp) {
  return 1 / (1 + Math.pow(10, -cp / 400));
}

// A UCI score as centipawns, mates far beyond any evaluation.
export function scoreCp(unit, value) {
  if (unit === 'mate') return value > 0 ? 100000 - value : -100000 - value;
  return value;
}

// Mean and the half-width of its 95 % interval.
export function meanError(xs) {
  const n = xs.length;
  if (n === 0) return { mean: 0, error: 0, n };
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, error: 0, n };
  const v = xs.reduce((a, x) => a + (x - mean) * (x - mean), 0) / (n - 1);
  return { mean, error: 1.96 * Math.sqrt(v / n), n };
}

// ------------------------------------------------------------------ engines

// A UCI engine on a pipe, one command at a time.  Not node-uci's Engine
// (match.mjs's): its info parser keeps "score cp 20 lowerbound" as an
// exact 20, and a judge's verdict must not be a bound.
class Uci {
  constructor(path) {
    this.proc = spawn(path, [], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.lines = [];
    this.waiting = null;
    this.dead = null;
    createInterface({ input: this.proc.stdout }).on('line', (l) => {
      this.lines.push(l.trim());
      this.wake();
    });
    this.proc.on('error', (e) => { this.dead = e.message; this.wake(); });
    this.proc.on('exit', (c, s) => { this.dead = `exit ${c ?? s}`; this.wake(); });
  }

  wake() {
    if (this.waiting) this.waiting();
  }

  send(cmd) {
    this.proc.stdin.write(`${cmd}\n`);
  }

  // The lines up to and including the first that `done` accepts.
  async until(done) {
    const seen = [];
    for (;;) {
      while (this.lines.length) {
        const l = this.lines.shift();
        seen.push(l);
        if (done(l)) return seen;
      }
      if (this.dead) throw new Error(`engine ${this.dead}`);
      await new Promise((r) => { this.waiting = r; });
      this.waiting = null;
    }
  }

  async start(options) {
    this.send('uci');
    await this.until((l) => l === 'uciok');
    for (const [name, value] of options) this.send(`setoption name ${name} value ${value}`);
    await this.ready();
  }

  async ready() {
    this.send('isready');
    await this.until((l) => l === 'readyok');
  }

  // bestmove, and the score of the last complete line of info.
  async go(fen, args) {
    this.send(`position fen ${fen}`);
    this.send(`go ${args}`);
    const seen = await this.until((l) => l.startsWith('bestmove'));
    let score = null;
    for (const l of seen) {
      const m = /\bscore (cp|mate) (-?\d+)\b(?! (lower|upper)bound)/.exec(l);
      if (m && !/\bmultipv (?!1\b)\d+/.test(l)) score = scoreCp(m[1], Number(m[2]));
    }
    return { move: seen[seen.length - 1].split(/\s+/)[1], score };
  }

  quit() {
    try {
      this.send('quit');
    } catch {
      /* gone */
    }
  }
}

// ---------------------------------------------------------------- positions

export function gamesOf(text) {
  return text.split(/\n\s*\n(?=\[Event)/).filter((g) => g.includes('['));
}

export function tag(game, name) {
  const m = new RegExp(`\\[${name} "([^"]*)"\\]`).exec(game);
  return m ? m[1] : null;
}

function sansOf(game) {
  const body = game.replace(/^\[.*\]\s*$/gm, '').replace(/\{[^}]*\}/g, ' ')
    .replace(/\d+\.+/g, ' ');
  // "4. ... a6" when black moves first leaves "..." as a word of its own.
  return body.split(/\s+/).filter((t) => t && !/^(1-0|0-1|1\/2-1\/2|\*|\.+)$/.test(t));
}

// Whether `player` has white and black in game g.
export function sides(g, player) {
  return { white: (tag(g, 'White') || '').startsWith(player),
    black: (tag(g, 'Black') || '').startsWith(player) };
}

// The moves of game g, each made: the position before it, whether
// `player` made it, and the game after it.  A word that is not a move
// there is an error, which names it (`san`).
export function* plies(g, player) {
  const { white, black } = sides(g, player);
  const fen = tag(g, 'FEN');
  const chess = fen ? new Chess(fen) : new Chess();
  for (const san of sansOf(g)) {
    const at = chess.fen(), ours = chess.turn() === 'w' ? white : black;
    try {
      chess.move(san);
    } catch {
      throw Object.assign(new Error(`${san} is not a move in ${at}`), { san });
    }
    yield { at, san, ours, chess };
  }
}

export function positionsOf(text, o) {
  const out = [];
  for (const g of gamesOf(text)) {
    const { white, black } = sides(g, o.player);
    if (!white && !black) continue;
    let ply = 0, mine = 0;
    for (const { at, ours } of plies(g, o.player)) {
      ply++;
      if (ours && ply >= o.from && ply <= o.to && mine++ % o.every === 0) out.push(at);
    }
  }
  return out;
}

// ------------------------------------------------------------------ the run

// At most `max` of the list, spread evenly over it (0: all).
function spread(list, max) {
  if (!max || list.length <= max) return list;
  const step = list.length / max;
  return Array.from({ length: max }, (_, i) => list[Math.floor(i * step)]);
}

function loadJson(path, fallback) {
  return path && existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : fallback;
}

// Another run may have written the cache meanwhile: merge, then replace.
function saveCache(path, cache) {
  const merged = { ...loadJson(path, {}), ...cache };
  writeFileSync(`${path}.tmp`, JSON.stringify(merged));
  renameSync(`${path}.tmp`, path);
}

function legal(fen, uci) {
  try {
    new Chess(fen).move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] });
    return true;
  } catch {
    return false;
  }
}

async function engineMoves(o, fens) {
  const e = new Uci(o.engine);
  const options = [...o.options];
  if (o.uciElo) options.push(['UCI_LimitStrength', 'true'], ['UCI_Elo', o.uciElo]);
  await e.start(options);
  const moves = [], ms = [];
  for (const [i, fen] of fens.entries()) {
    e.send('ucinewgame');
    await e.ready();
    const t = `wtime ${o.clock} btime ${o.clock} winc ${o.inc} binc ${o.inc}`;
    const started = process.hrtime.bigint();
    const { move } = await e.go(fen, t);
    ms.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (!legal(fen, move)) throw new Error(`${o.label} played ${move} in ${fen}`);
    moves.push(move);
    if ((i + 1) % 100 === 0) console.error(`quality: ${i + 1}/${fens.length} moves`);
  }
  e.quit();
  return { moves, ms };
}

// The judge's limit, and its part of a cache key (the depth alone, as
// the caches of earlier runs have it).
function judgeLimit(o) {
  return o.judgeNodes ? { go: `nodes ${o.judgeNodes}`, key: `n${o.judgeNodes}` }
    : { go: `depth ${o.judgeDepth}`, key: `${o.judgeDepth}` };
}

async function judged(o, cache, fen, move) {
  const limit = judgeLimit(o);
  const key = `${fen}|${move}|${limit.key}`;
  if (!(key in cache)) {
    const only = move === '*' ? '' : ` searchmoves ${move}`;
    const { score } = await o.judge.go(fen, `${limit.go}${only}`);
    if (score === null) throw new Error(`the judge gave no score for ${move} in ${fen}`);
    cache[key] = score;
  }
  return cache[key];
}

// work(cache, save) with the judge running and the cache loaded; save()
// writes what the judge has said so far.
async function withJudge(o, work) {
  const cache = loadJson(o.cache, {});
  const save = () => { if (o.cache) saveCache(o.cache, cache); };
  o.judge = new Uci(o.judgePath);
  await o.judge.start([['Threads', '1'], ['Hash', '64']]);
  const result = await work(cache, save);
  o.judge.quit();
  save();
  return result;
}

async function judgeMoves(o, fens, moves) {
  return withJudge(o, async (cache, save) => {
    const losses = [];
    for (const [i, fen] of fens.entries()) {
      o.judge.send('ucinewgame');
      const best = await judged(o, cache, fen, '*');
      const played = await judged(o, cache, fen, moves[i]);
      losses.push(expectedScore(best) - expectedScore(played));
      if ((i + 1) % 100 === 0) save();
    }
    return losses;
  });
}

function paired(run, base) {
  const byFen = new Map(base.positions.map((p) => [p.fen, p.loss]));
  const d = run.positions.filter((p) => byFen.has(p.fen))
    .map((p) => p.loss - byFen.get(p.fen));
  const differ = run.positions.filter((p, i) => base.positions[i] &&
    base.positions[i].fen === p.fen && base.positions[i].move !== p.move).length;
  return { ...meanError(d), differ };
}

async function run(o) {
  const fens = spread(readFileSync(o.positions, 'utf8').split('\n')
    .map((l) => l.trim()).filter((l) => l && !l.startsWith('#')), o.max);
  for (const f of fens) new Chess(f); // throws on a bad line, before any search
  const { moves, ms } = await engineMoves(o, fens);
  const losses = await judgeMoves(o, fens, moves);
  const think = ms.reduce((a, b) => a + b, 0) / ms.length;
  const result = {
    label: o.label, engine: o.engine, options: o.options, uci_elo: o.uciElo || null,
    clock_ms: o.clock, increment_ms: o.inc, judge_depth: o.judgeDepth,
    ...meanError(losses), think_ms: think,
    positions: fens.map((fen, i) => ({ fen, move: moves[i], loss: losses[i], ms: ms[i] })),
  };
  const pct = (x) => (100 * x).toFixed(2);
  console.log(`quality: ${o.label}: mean loss ${pct(result.mean)} ± ${pct(result.error)} % ` +
    `of a point per move over ${result.n} positions, ${think.toFixed(0)} ms a move`);
  if (o.baseline) {
    const p = paired(result, loadJson(o.baseline, null));
    console.log(`quality: ${o.label} - baseline: ${pct(p.mean)} ± ${pct(p.error)} % ` +
      `per move (${p.differ} of ${p.n} moves differ)`);
    result.baseline = { path: o.baseline, ...p, positions: undefined };
  }
  if (o.out) writeFileSync(o.out, JSON.stringify(result, null, 1));
}

// ------------------------------------------------------- the games as played

function piecesBesidesKingsAndPawns(fen) {
  return fen.split(' ')[0].replace(/[^nbrqNBRQ]/g, '').length;
}

// The mover's score after a move that ended the game, or null.
function finalScore(chess) {
  if (chess.isCheckmate()) return 100000;
  return chess.isDraw() ? 0 : null; // stalemate, material, 50 moves, threefold
}

// One game's moves: who played each, where, and what it gave away.
async function judgeGame(o, cache, g, moves) {
  o.judge.send('ucinewgame');
  let before = null;
  for (const { at, san, ours, chess } of plies(g, o.player)) {
    if (before === null) before = await judged(o, cache, at, '*');
    const over = finalScore(chess);
    const next = over === null ? await judged(o, cache, chess.fen(), '*') : null;
    const after = over === null ? -next : over;
    moves.push({ fen: at, san, ours, middle: piecesBesidesKingsAndPawns(at) >= 6,
      loss: expectedScore(before) - expectedScore(after) });
    if (over !== null) return;
    before = next;
  }
}

async function judgeGames(o, texts) {
  return withJudge(o, async (cache, save) => {
    const moves = [];
    for (const g of texts.flatMap(gamesOf)) {
      await judgeGame(o, cache, g, moves);
      save();
    }
    return moves;
  });
}

async function games(o) {
  const moves = await judgeGames(o, o.files.map((f) => readFileSync(f, 'utf8')));
  const pct = (x) => (100 * x).toFixed(2);
  for (const ours of [true, false]) {
    for (const middle of [true, false]) {
      const some = moves.filter((m) => m.ours === ours && m.middle === middle);
      const m = meanError(some.map((x) => x.loss));
      const big = some.filter((x) => x.loss >= o.blunder).length;
      console.log(`quality: games: ${ours ? o.player : 'its opponents'}, ` +
        `${middle ? 'middle game' : 'endgame'}: ${m.n} moves, mean loss ` +
        `${pct(m.mean)} ± ${pct(m.error)} %, ${big} of them ${pct(o.blunder)} % or more`);
    }
  }
  if (o.blunders) {
    const fens = moves.filter((m) => m.ours && m.loss >= o.blunder).map((m) => `${m.fen}\n`);
    writeFileSync(o.blunders, fens.join(''));
  }
  if (o.out) writeFileSync(o.out, JSON.stringify({ player: o.player, moves }, null, 1));
}

// -------------------------------------------------------------- the command

function parse(argv) {
  const o = {
    player: 'pab-chess', every: 3, from: 12, to: 160, max: 0, files: [],
    options: [], clock: 4000, inc: 50, judgePath: '/usr/games/stockfish',
    judgeDepth: 14, judgeNodes: 0, blunder: 0.15, blunders: null,
    cache: null, out: null, baseline: null, uciElo: null,
    positions: fileURLToPath(new URL('quality.epd', import.meta.url)),
  };
  const num = (v, name) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} takes a whole number, not ${v}`);
    return n;
  };
  const cmd = argv[0];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    const v = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    switch (a) {
      case '--player': o.player = v(); break;
      case '--every': o.every = Math.max(1, num(v(), a)); break;
      case '--from': o.from = num(v(), a); break;
      case '--to': o.to = num(v(), a); break;
      case '--max': o.max = num(v(), a); break;
      case '--positions': o.positions = v(); break;
      case '--engine': o.engine = v(); break;
      case '--option': {
        const s = v(), eq = s.indexOf('=');
        if (eq < 1) throw new Error(`--option takes NAME=VALUE, not ${s}`);
        o.options.push([s.slice(0, eq), s.slice(eq + 1)]);
        break;
      }
      case '--uci-elo': o.uciElo = String(num(v(), a)); break;
      case '--clock': o.clock = num(v(), a); break;
      case '--inc': o.inc = num(v(), a); break;
      case '--judge': o.judgePath = v(); break;
      case '--judge-depth': o.judgeDepth = num(v(), a); break;
      case '--judge-nodes': o.judgeNodes = num(v(), a); break;
      case '--blunder': {
        const s = v(), l = Number(s);
        if (!(l > 0 && l <= 1)) throw new Error(`--blunder takes a share of a point in (0, 1], not ${s}`);
        o.blunder = l;
        break;
      }
      case '--blunders': o.blunders = v(); break;
      case '--cache': o.cache = v(); break;
      case '--out': o.out = v(); break;
      case '--baseline': o.baseline = v(); break;
      case '--label': o.label = v(); break;
      default:
        if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
        o.files.push(a);
    }
  }
  if (cmd === 'run' && !o.engine) throw new Error('run needs --engine PATH');
  if (cmd !== 'run' && cmd !== 'positions' && cmd !== 'games')
    throw new Error('usage: quality.mjs positions PGN... | quality.mjs run --positions FILE --engine PATH' +
      ' | quality.mjs games PGN...');
  if (cmd === 'games' && o.files.length === 0) throw new Error('games needs a PGN file');
  if (cmd === 'run') o.label = o.label || (o.uciElo ? `UCI_Elo ${o.uciElo}` : o.engine.split('/').pop());
  return { cmd, o };
}

async function main() {
  const { cmd, o } = parse(process.argv.slice(2));
  if (cmd === 'positions') {
    let fens = [];
    for (const f of o.files) fens = fens.concat(positionsOf(readFileSync(f, 'utf8'), o));
    fens = spread([...new Set(fens)], o.max);
    process.stdout.write(fens.map((f) => `${f}\n`).join(''));
    return;
  }
  await (cmd === 'games' ? games(o) : run(o));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  main().catch((e) => {
    console.error(`quality: ${e.message || e}`);
    process.exit(1);
  });
}
