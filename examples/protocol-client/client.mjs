#!/usr/bin/env node
// A conformance client for the engine protocol, written in JavaScript (Node 20, no packages).
//
// It starts `python -m hogwarts_rules serve`, plays a whole game of every game the engine
// offers through the protocol (the games' bots choose where a game has bots; elsewhere this
// client picks among the legal actions), and checks every message the way a user interface
// written in another language would read it:
//
// * every reply line against the published schemas (docs/schemas/protocol/reply.json), and
//   every object inside it against its game's own: a view against <kind>/view.json, each
//   legal action and bot action against action.json, each event against event.json, an
//   outcome against outcome.json, a saved game against game.json;
// * every state says who acts and what they are asked (`ask`), and the reply's `to_act`,
//   `legal_actions` and `ask` are the view's own;
// * every error names a field and carries a message of at most 300 characters;
// * every whole number is one JavaScript keeps exactly (Number.isSafeInteger).
//
// Usage: node examples/protocol-client/client.mjs [--python PYTHON] [--schemas DIR] [--self-test]
// It prints a summary as one JSON line and exits with 0, or prints the problems and exits with 1.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

import { Validator, jsonEqual } from "./validator.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const MAX_MESSAGE = 300;
const CHANCE = "<chance>";
const TABLE = "table";
const PLAYERS = {
  "first-year-adventure": ["Harry", "Ron", "Hermione"],
  clue: ["Ann", "Ben", "Cat"],
  "hufflepuff-ravenclaw": ["Sky", "Weasley"],
};
const FALLBACK_PLAYERS = ["Ann", "Ben", "Cat"];

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : fallback;
}

class Failure extends Error {}

// ----- the engine ---------------------------------------------------------------------------

class Engine {
  constructor(python) {
    this.child = spawn(python, ["-m", "hogwarts_rules", "serve"], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    this.waiting = [];
    this.lines = createInterface({ input: this.child.stdout });
    this.lines.on("line", (line) => {
      const next = this.waiting.shift();
      if (next) next.resolve(line);
    });
    this.child.on("exit", (code) => {
      for (const next of this.waiting.splice(0)) next.reject(new Failure(`engine exited (${code})`));
    });
    this.nextId = 1;
  }

  // Send one request, and return the reply as text and parsed.
  send(request) {
    const withId = { id: this.nextId++, protocol: 4, ...request };
    return new Promise((resolveLine, reject) => {
      this.waiting.push({ resolve: resolveLine, reject });
      this.child.stdin.write(JSON.stringify(withId) + "\n");
    }).then((line) => ({ line, reply: JSON.parse(line), id: withId.id }));
  }

  async close() {
    await this.send({ op: "quit" });
    this.child.stdin.end();
  }
}

// ----- checks -------------------------------------------------------------------------------

class Checker {
  constructor(schemaDir) {
    const load = (name) => JSON.parse(readFileSync(join(schemaDir, name), "utf8"));
    this.load = load;
    this.protocol = new Validator(load("protocol/reply.json"));
    this.games = new Map();
    this.counts = { messages: 0, objects: 0, errors: 0, asks: {} };
    this.problems = [];
  }

  game(kind) {
    let found = this.games.get(kind);
    if (found === undefined) {
      found = {};
      for (const name of ["action", "event", "game", "view", "outcome"]) {
        try {
          found[name] = new Validator(this.load(`${kind}/${name}.json`));
        } catch (error) {
          if (name !== "game") throw error; // a game may have no saved-game schema
        }
      }
      this.games.set(kind, found);
    }
    return found;
  }

  fail(where, message) {
    this.problems.push(`${where}: ${message}`);
    if (this.problems.length > 50) throw new Failure(this.problems.join("\n"));
  }

  object(kind, name, value, where) {
    const validator = this.game(kind)[name];
    if (validator === undefined) return;
    this.counts.objects += 1;
    for (const problem of validator.errors(value)) this.fail(`${where} (${kind}/${name}.json)`, problem);
  }

  safeNumbers(value, where) {
    if (typeof value === "number") {
      if (Number.isInteger(value) && !Number.isSafeInteger(value)) this.fail(where, `unsafe ${value}`);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => this.safeNumbers(item, `${where}[${i}]`));
    } else if (value !== null && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) this.safeNumbers(item, `${where}.${key}`);
    }
  }

  // One reply line: the envelope against protocol/reply.json, then what is inside it.
  reply(op, kind, answer, where) {
    const { line, reply, id } = answer;
    this.counts.messages += 1;
    if (!/^[\x20-\x7e]*$/.test(line)) this.fail(where, "the reply line is not printable ASCII");
    if (reply.id !== id) this.fail(where, `id ${reply.id} echoed for ${id}`);
    this.safeNumbers(reply, where);
    const ref = reply.ok ? `#/$defs/reply.${op}` : "#/$defs/error";
    for (const problem of this.protocol.errors(reply, ref)) this.fail(`${where} (protocol)`, problem);
    if (!reply.ok) {
      this.counts.errors += 1;
      const { message, field } = reply.error;
      if ([...message].length > MAX_MESSAGE) this.fail(where, "an error message over 300 characters");
      const lineErrors = ["bad_json", "line_too_long", "too_deep", "too_many_games", "internal_error"];
      if (field === null && !lineErrors.includes(reply.error.code)) this.fail(where, "an error names no field");
      return reply;
    }
    if (kind === null) return reply;
    for (const action of reply.legal_actions || []) this.object(kind, "action", action, `${where}.legal_actions`);
    if (reply.action) this.object(kind, "action", reply.action, `${where}.action`);
    for (const action of reply.actions || []) {
      if (!action.redacted) this.object(kind, "action", action, `${where}.actions`);
      else {
        const ref = "#/$defs/redacted_action";
        for (const problem of this.protocol.errors(action, ref)) this.fail(`${where}.actions`, problem);
      }
    }
    for (const chance of reply.chance || []) this.object(kind, "action", chance.action, `${where}.chance`);
    if (reply.outcome) this.object(kind, "outcome", reply.outcome, `${where}.outcome`);
    if (op === "events") {
      for (const entry of reply.events) this.object(kind, "event", entry.event, `${where}.events`);
    } else if (reply.events) {
      for (const [seat, events] of Object.entries(reply.events)) {
        for (const event of events) this.object(kind, "event", event, `${where}.events.${seat}`);
      }
    }
    if (op === "save") this.object(kind, "game", reply.game, `${where}.game`);
    if (op === "state") this.state(kind, reply, where);
    if ("ask" in reply) this.ask(kind, reply, where);
    return reply;
  }

  state(kind, reply, where) {
    const view = reply.view;
    this.object(kind, "view", view, `${where}.view`);
    for (const name of ["to_act", "legal_actions", "ask"]) {
      if (!jsonEqual(reply[name], view[name])) this.fail(where, `the reply's ${name} is not the view's`);
    }
    const seatOfView = view.viewer === null ? TABLE : view.viewer;
    if (seatOfView !== reply.seat) this.fail(where, `a view of ${view.viewer} for the seat ${reply.seat}`);
    if ("outcome" in view && !jsonEqual(view.outcome, reply.outcome)) {
      this.fail(where, "the reply's outcome is not the view's");
    }
  }

  ask(kind, reply, where) {
    const { player, kind: asked, text } = reply.ask;
    this.counts.asks[`${kind} ${asked}`] = (this.counts.asks[`${kind} ${asked}`] || 0) + 1;
    if (typeof text !== "string" || text.length === 0) this.fail(where, "an ask without words");
    if (reply.is_over !== (asked === "over")) this.fail(where, `ask ${asked} while is_over is ${reply.is_over}`);
    if (asked === "chance" && player !== CHANCE) this.fail(where, "a chance ask not for <chance>");
    if (player !== null && reply.to_act.length > 0 && !reply.to_act.includes(player)) {
      this.fail(where, `ask names ${player}, to_act ${reply.to_act}`);
    }
  }
}

// ----- playing ------------------------------------------------------------------------------

class Session {
  constructor(engine, checker) {
    this.engine = engine;
    this.checker = checker;
  }

  async call(request, kind = null) {
    const answer = await this.engine.send(request);
    return this.checker.reply(request.op, kind, answer, `${request.op}#${answer.id}`);
  }

  async ok(request, kind = null) {
    const reply = await this.call(request, kind);
    if (!reply.ok) throw new Failure(`${JSON.stringify(request)} refused: ${JSON.stringify(reply.error)}`);
    return reply;
  }

  async newGame(kind, extra = {}) {
    const players = PLAYERS[kind] || FALLBACK_PLAYERS;
    const created = await this.ok({ op: "new", game: kind, players, seed: 2026, ...extra }, kind);
    return { gameId: created.game_id, seats: created.seats };
  }

  // Every seat's state and the table's (each checked), and the one whose turn it is.
  async states(kind, gameId, seats) {
    const states = {};
    for (const seat of [...seats, TABLE]) {
      states[seat] = await this.ok({ op: "state", game_id: gameId, seat }, kind);
    }
    return states;
  }

  // A whole game: the bots (or this client) act for whoever must, until the game is over.
  async play(kind, bots, maxRounds = 4000) {
    const { gameId, seats } = await this.newGame(kind);
    let rounds = 0;
    let gm = 0;
    for (; rounds < maxRounds; rounds += 1) {
      const states = await this.states(kind, gameId, seats);
      const table = states[TABLE];
      if (table.is_over) break;
      const asked = table.ask.player;
      const seat = asked !== null && seats.includes(asked) ? asked : (table.to_act[0] ?? seats[0]);
      if (rounds % 3 === 0) await this.ok({ op: "events", game_id: gameId, seat, since: 0 }, kind);
      if (bots.length > 0) {
        if (rounds % 5 === 4) {
          const everyone = Object.fromEntries(seats.map((s) => [s, bots[0]]));
          await this.ok({ op: "play_bots", game_id: gameId, seat, bots: everyone, max_steps: 25 }, kind);
        } else {
          await this.ok({ op: "bot", game_id: gameId, seat, bot: bots[rounds % bots.length] }, kind);
        }
        continue;
      }
      // No bots: this client chooses, as a person at a user interface would.
      const mine = states[seat].legal_actions;
      let action;
      if (table.ask.kind === "decision" || mine.length === 0) {
        action = mine[rounds % Math.max(mine.length, 1)];
      } else if (gm < 6) {
        gm += 1; // the game master calls for a test (an action no list can hold)
        action = { type: "hr.skill_test", character: seats[gm % seats.length], skill: "Brawl", stat: "Agility" };
      } else {
        action = mine.find((a) => a.type.endsWith("end_scene")) ?? mine[0];
      }
      if (action === undefined) throw new Failure(`${kind}: ${seat} has nothing to do`);
      await this.ok({ op: "apply", game_id: gameId, seat, action }, kind);
    }
    const final = await this.states(kind, gameId, seats);
    if (!final[TABLE].is_over) throw new Failure(`${kind}: not over after ${rounds} rounds`);
    await this.afterwards(kind, gameId, seats);
    return { kind, rounds, history_length: final[TABLE].history_length };
  }

  // Save, load, list, undo, refusals and schemas: the rest of the protocol, checked too.
  async afterwards(kind, gameId, seats) {
    for (const seat of [...seats, TABLE]) await this.ok({ op: "events", game_id: gameId, seat }, kind);
    const saved = await this.ok({ op: "save", game_id: gameId, role: "host" }, kind);
    const loaded = await this.ok({ op: "load", game: saved.game }, kind);
    await this.ok({ op: "list" });
    await this.call({ op: "undo", game_id: loaded.game_id, seat: seats[0] }, kind);
    const other = kind === "clue" ? "first-year-adventure.roll_off" : "clue.nonsense";
    const refused = await this.call(
      { op: "apply", game_id: loaded.game_id, seat: seats[0], action: { type: other } },
      kind,
    );
    const listed = refused.error.message;
    if (refused.ok || refused.error.field !== "$.action.type") throw new Failure(`${kind}: ${listed}`);
    const prefix = kind === "first-year-adventure" ? "adventure." : kind === "clue" ? "clue." : "hr.";
    for (const tag of listed.slice(listed.indexOf("(")).matchAll(/[a-z_]+\.[a-z_]+/g)) {
      if (!tag[0].startsWith(prefix)) throw new Failure(`${kind}: another game's action listed: ${tag[0]}`);
    }
    await this.call({ op: "load", game: { ...saved.game, game: "x".repeat(100000) } }, kind);
    for (const name of ["view", "action"]) {
      const reply = await this.ok({ op: "schema", game: kind, name });
      if (!jsonEqual(reply.schema, this.checker.load(`${kind}/${name}.json`))) {
        throw new Failure(`${kind}: the schema op's ${name} differs from docs/schemas`);
      }
    }
    await this.ok({ op: "close", game_id: loaded.game_id });
    await this.ok({ op: "close", game_id: gameId });
  }

  // External dice: the table's seat supplies every roll (chance asks).
  async externalDice(kind, bots, steps) {
    const { gameId, seats } = await this.newGame(kind, { dice: "external", seed: undefined });
    for (let i = 0; i < steps; i += 1) {
      const table = await this.ok({ op: "state", game_id: gameId, seat: TABLE }, kind);
      if (table.is_over) break;
      if (table.ask.kind === "chance") {
        const roll = table.chance[i % table.chance.length].action;
        await this.ok({ op: "apply", game_id: gameId, seat: TABLE, action: roll }, kind);
      } else {
        const seat = table.ask.player !== null && seats.includes(table.ask.player) ? table.ask.player : seats[0];
        await this.ok({ op: "state", game_id: gameId, seat }, kind);
        await this.ok({ op: "bot", game_id: gameId, seat, bot: bots[0] }, kind);
      }
    }
    await this.ok({ op: "close", game_id: gameId });
  }
}

// ----- self-test: the checks can fail -------------------------------------------------------

function selfTest(checker) {
  const protocol = checker.protocol;
  const bad = [
    [{ id: 1, ok: true, game_id: "g1", kind: "clue", seats: ["A"], step: 0 }, "#/$defs/reply.new"],
    [{ id: 1, ok: false, error: { code: "x", message: "m".repeat(301), field: null } }, "#/$defs/error"],
    [{ id: 1, ok: true, history_length: 2 ** 60, events: [] }, "#/$defs/reply.events"],
    // A field named like an Object.prototype member is still an unknown field.
    [JSON.parse('{"id": 1, "ok": false, "error": {"code": "x", "message": "m", "field": null, "constructor": 1}}'), "#/$defs/error"],
    [JSON.parse('{"id": 1, "ok": false, "error": {"code": "x", "message": "m", "field": null, "__proto__": {}}}'), "#/$defs/error"],
  ];
  for (const [reply, ref] of bad) {
    if (protocol.errors(reply, ref).length === 0) throw new Failure(`self-test: accepted ${JSON.stringify(reply).slice(0, 80)}`);
  }
  const view = checker.game("clue").view;
  if (view.errors({ viewer: null }).length === 0) throw new Failure("self-test: a bare view accepted");
  return bad.length + 1;
}

// ----- main ---------------------------------------------------------------------------------

async function main() {
  const python = option("--python", process.env.PYTHON || "python3");
  const schemaDir = resolve(option("--schemas", join(HERE, "..", "..", "docs", "schemas")));
  const checker = new Checker(schemaDir);
  const rejected = selfTest(checker);
  if (process.argv.includes("--self-test")) {
    console.log(JSON.stringify({ self_test: "ok", rejected }));
    return 0;
  }
  const engine = new Engine(python);
  const session = new Session(engine, checker);
  const games = [];
  try {
    const hello = await session.ok({ op: "hello" });
    if (hello.protocol !== 4) throw new Failure(`protocol ${hello.protocol}, not 4`);
    for (const kind of hello.games) {
      games.push(await session.play(kind, hello.bots[kind]));
      if (hello.bots[kind].length > 0) await session.externalDice(kind, hello.bots[kind], 60);
    }
    const unknown = await session.call({ op: "new", game: "x".repeat(1000000), players: ["A", "B"] });
    if (unknown.ok || unknown.error.field !== "$.game") throw new Failure("a huge game name");
    // An action type the game does not have: its own types come as data, in `expected`.
    const { gameId, seats } = await session.newGame("clue");
    const nonsense = await session.call({ op: "apply", game_id: gameId, seat: seats[0], action: { type: "clue.nonsense" } }, "clue");
    const expected = nonsense.ok ? [] : nonsense.error.expected || [];
    if (!expected.includes("clue.deal") || expected.some((type) => type.startsWith("adventure."))) {
      throw new Failure(`an unknown action type: ${JSON.stringify(nonsense).slice(0, 200)}`);
    }
    await session.ok({ op: "close", game_id: gameId });
    await engine.close();
  } catch (error) {
    engine.child.kill();
    if (!(error instanceof Failure)) throw error;
    checker.problems.push(error.message);
  }
  if (checker.problems.length > 0) {
    console.error(checker.problems.join("\n"));
    return 1;
  }
  console.log(JSON.stringify({ ok: true, games, ...checker.counts, self_test_rejected: rejected }));
  return 0;
}

process.exitCode = await main();
