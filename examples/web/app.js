// The Clue table in the browser: one person's seat, talking to examples/web/server.py.
//
// The page knows only what the host sends for its seat: the seat's view (its hand,
// the public table), its legal actions, its reachable squares and the events it may
// see. Every text from the game is put in the page with textContent, never as HTML.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const MOVES = new Set(["clue.move_to", "clue.use_fireplace", "clue.stay_put"]);

let session = null; // {gameId, seat, token, lastStep}
let requestId = 0;

// ----- talking to the host ------------------------------------------------------------

class ProtocolError extends Error {
  constructor(error) {
    super(error.message || error.code);
    this.code = error.code;
  }
}

async function api(request) {
  const response = await fetch("/api", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ id: ++requestId, ...request }),
  });
  const reply = await response.json();
  if (!reply.ok) throw new ProtocolError(reply.error || { code: "error" });
  return reply;
}

// A request about the page's own game and seat.
function seatApi(op, fields = {}) {
  return api({ op, game_id: session.gameId, seat: session.seat, token: session.token, ...fields });
}

// ----- small DOM helpers --------------------------------------------------------------

function el(tag, attributes = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== null) node.textContent = String(text);
  return node;
}

function svgEl(tag, attributes = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function $(id) {
  return document.getElementById(id);
}

function clear(node) {
  node.replaceChildren();
  return node;
}

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

function cardList(id, items) {
  // items: [card, label] pairs
  const list = clear($(id));
  for (const [card, label] of items) list.append(el("li", { "data-card": card }, label));
  if (!items.length) list.append(el("li", { class: "none" }, "none"));
}

// ----- starting a game ----------------------------------------------------------------

async function newGame(form) {
  const data = new FormData(form);
  const players = String(data.get("players")).split(",").map((name) => name.trim()).filter(Boolean);
  const seedText = String(data.get("seed") || "").trim();
  const request = {
    op: "new",
    game: "clue",
    players,
    seat: String(data.get("seat")).trim(),
    // As typed: a seed may be above 2**53, which a JavaScript number would round.
    seed: seedText === "" ? null : seedText,
    bot: String(data.get("bot")),
  };
  const reply = await api(request);
  session = { gameId: reply.game_id, seat: reply.seat, token: reply.token, lastStep: -1 };
  clear($("log"));
  $("table").hidden = false;
  await refresh();
}

// Fill the form from the address (?players=Ann,Ben,Cat&seat=Ann&seed=3&bot=notebook)
// and start at once when one of them is given.
function startFromAddress(form) {
  const query = new URLSearchParams(window.location.search);
  let given = false;
  for (const name of ["players", "seat", "seed", "bot"]) {
    if (query.has(name)) {
      form.elements[name].value = query.get(name);
      given = true;
    }
  }
  if (given) run(() => newGame(form));
}

// Run one exchange with the host: the page is busy meanwhile, errors are shown.
async function run(task) {
  if (document.body.dataset.state === "busy") return; // one exchange at a time
  document.body.dataset.state = "busy";
  showError("");
  try {
    await task();
  } catch (error) {
    showError(error.code ? `${error.code}: ${error.message}` : String(error));
  } finally {
    document.body.dataset.state = "ready";
  }
}

// ----- after every change: fetch the seat's state, events and board -------------------

async function refresh() {
  const state = await seatApi("state");
  const events = await seatApi("events", { since: Math.max(session.lastStep, 0) });
  const response = await fetch(
    `/board.svg?game_id=${encodeURIComponent(session.gameId)}&token=${encodeURIComponent(session.token)}`,
  );
  const svgText = response.ok ? await response.text() : "";
  renderLog(events.events, events.step);
  render(state, svgText);
}

async function act(action) {
  await run(async () => {
    await seatApi("apply", { action });
    await refresh();
  });
}

// ----- drawing the seat's view --------------------------------------------------------

function render(state, svgText) {
  const view = state.view;
  const me = view.seats.find((seat) => seat.name === session.seat);
  document.body.dataset.step = String(state.step);
  document.body.dataset.over = String(Boolean(state.is_over));

  // Status: who we are, whose turn, what the game asks.
  const student = me && me.student ? ` (${me.student})` : "";
  let status = `You play ${session.seat}${student}. `;
  if (state.is_over) {
    status += `Game over: ${state.outcome ? state.outcome.description : ""}`;
  } else if (view.current_player) {
    status += `${view.current_player} to ${view.step}`;
    if (view.step !== "roll" && view.green) status += ` (green die ${view.green})`;
    status += ".";
  }
  $("status").textContent = status;
  $("prompt").textContent = view.prompt || "";
  const details = clear($("details"));
  for (const [key, value] of Object.entries(view.details || {})) {
    details.append(el("dt", {}, key), el("dd", {}, value));
  }

  // What only this seat knows.
  cardList("hand", view.hand.map((card) => [card, card]));
  const faceUp = me ? me.help_cards : [];
  cardList("help", [
    ...view.hidden_help.map((card) => [card, `${card} (face down)`]),
    ...faceUp.map((card) => [card, `${card} (face up)`]),
  ]);
  cardList("shown-to-me", view.shown_to_me.map(([who, card]) => [card, `${card} (by ${who})`]));
  cardList("shown-by-me", view.shown_by_me.map(([who, card]) => [card, `${card} (to ${who})`]));
  // The view holds the envelope only when this seat may know it (the end, or its own
  // wrong accusation).
  $("envelope-section").hidden = view.envelope.length === 0;
  cardList("envelope", view.envelope.map((card) => [card, card]));

  renderTable(view);
  renderSuggestions(view);
  renderBoard(svgText, state);
  renderActions(state);
}

function renderTable(view) {
  const body = clear($("players").tBodies[0]);
  for (const seat of view.seats) {
    const row = el("tr", { "data-player": seat.name });
    if (seat.name === session.seat) row.classList.add("me");
    if (seat.name === view.current_player) row.classList.add("current");
    if (seat.eliminated) row.classList.add("eliminated");
    const help = [...seat.help_cards];
    if (seat.hidden_help) help.push(`${seat.hidden_help} face down`);
    row.append(
      el("td", {}, seat.name + (seat.name === session.seat ? " (you)" : "")),
      el("td", {}, seat.student || "-"),
      el("td", { class: "position" }, seat.position || "-"),
      el("td", {}, seat.floo),
      el("td", {}, seat.hand_size),
      el("td", {}, help.join(", ") || "-"),
    );
    body.append(row);
  }
  const facts = clear($("public"));
  if (view.missing) facts.append(el("li", {}, `Missing: ${view.missing}`));
  const wheels = Object.entries(view.wheels).map(([name, notch]) => `${name} ${notch}`);
  facts.append(el("li", {}, `Wheels: ${wheels.join(", ")}`));
  facts.append(el("li", {}, `Lit fireplaces: ${view.lit_fireplaces.join(", ") || "none"}`));
  const tokens = Object.entries(view.tokens).map(([token, where]) => `${token} in ${where}`);
  if (tokens.length) facts.append(el("li", {}, `Tokens: ${tokens.join(", ")}`));
  facts.append(el("li", {}, `Decks: ${view.help_deck_size} Help, ${view.dark_deck_size} Dark`));
}

function renderSuggestions(view) {
  const list = clear($("suggestions"));
  for (const s of view.suggestions) {
    let text = `${s.player}: ${s.suspect} with the ${s.item} in ${s.location}.`;
    if (s.passed.length) text += ` Passed: ${s.passed.join(", ")}.`;
    text += s.shown_by ? ` Shown by ${s.shown_by}.` : " Nobody could show a card.";
    list.append(el("li", { "data-player": s.player }, text));
  }
  for (const [player, suspect, item, location] of view.wrong_accusations) {
    list.append(el("li", { class: "wrong" }, `${player} accused ${suspect}, ${item}, ${location}: wrong.`));
  }
}

// Append the events after the last step shown; `step` is the game's step now.
function renderLog(entries, step) {
  const log = $("log");
  for (const entry of entries) {
    if (entry.step <= session.lastStep) continue; // already shown
    const { type, description } = entry.event;
    log.append(el("li", { "data-step": entry.step, "data-type": type }, description));
  }
  session.lastStep = Math.max(session.lastStep, step);
  log.scrollTop = log.scrollHeight;
}

// ----- the board: the host's picture of the view, with the reachable places on top ----

function renderBoard(svgText, state) {
  const holder = clear($("board"));
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  if (doc.documentElement.localName !== "svg") return;
  const svg = document.importNode(doc.documentElement, true);
  const board = svg.querySelector("g.board");
  // Keep the title and the board, not the picture's side panel (the page shows it).
  while (board.nextSibling) board.nextSibling.remove();
  const walls = board.querySelector("rect.walls");
  const [dx, dy] = (board.getAttribute("transform").match(/[-\d.]+/g) || [0, 0]).map(Number);
  const width = dx + Number(walls.getAttribute("width")) + dx;
  const height = dy + Number(walls.getAttribute("height")) + dx;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  for (const pawn of svg.querySelectorAll("circle.pawn")) {
    if (pawn.getAttribute("data-player") === session.seat) pawn.classList.add("mine");
  }
  holder.append(svg);
  addDestinations(board, state);
}

// Where a place is drawn: a square "row,column" or a location's rectangle.
function placeBox(board, place, cell) {
  const square = /^(\d+),(\d+)$/.exec(place);
  if (square) {
    return { x: Number(square[2]) * cell, y: Number(square[1]) * cell, width: cell, height: cell };
  }
  for (const rect of board.querySelectorAll("rect.location")) {
    if (rect.getAttribute("data-location") === place) {
      const box = {};
      for (const key of ["x", "y", "width", "height"]) box[key] = Number(rect.getAttribute(key));
      return box;
    }
  }
  return null;
}

// The move options of the state, by destination.
function movesByDestination(state) {
  const byPlace = new Map();
  const options = state.movement && state.movement.length
    ? state.movement
    : state.legal_actions.filter((a) => MOVES.has(a.type)).map((action) => ({ action, path: [] }));
  for (const option of options) {
    const place = option.action.destination;
    if (place === undefined) continue; // stay put: a button
    if (!byPlace.has(place)) byPlace.set(place, []);
    byPlace.get(place).push(option);
  }
  return byPlace;
}

function addDestinations(board, state) {
  const square = board.querySelector("rect.square");
  const cell = square ? Number(square.getAttribute("width")) : 26;
  const layer = svgEl("g", { class: "reachable" });
  const trail = svgEl("polyline", { class: "path" });
  for (const [place, options] of movesByDestination(state)) {
    const box = placeBox(board, place, cell);
    if (!box) continue;
    const target = svgEl("rect", {
      class: "destination",
      "data-destination": place,
      x: box.x + 1, y: box.y + 1, width: box.width - 2, height: box.height - 2,
      tabindex: "0", role: "button",
    });
    const title = svgEl("title");
    title.textContent = `Move to ${place}`;
    target.append(title);
    const centre = (p) => {
      const b = placeBox(board, p, cell);
      return b ? `${b.x + b.width / 2},${b.y + b.height / 2}` : "";
    };
    target.addEventListener("pointerenter", () => {
      trail.setAttribute("points", (options[0].path || []).map(centre).join(" "));
    });
    target.addEventListener("pointerleave", () => trail.setAttribute("points", ""));
    const choose = () => chooseMove(place, options);
    target.addEventListener("click", choose);
    target.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") choose();
    });
    layer.append(target);
  }
  layer.append(trail);
  board.append(layer);
}

function moveLabel(action) {
  if (action.type === "clue.use_fireplace") return `Travel by Floo to ${action.destination}`;
  let label = `Walk to ${action.destination}`;
  if (action.felix) label += " with Felix Felicis";
  if (action.alohomoras) label += ` using ${action.alohomoras} Alohomora`;
  return label;
}

// One way to get there: go. Several (Felix Felicis, Alohomora, Floo): ask which.
function chooseMove(place, options) {
  if (options.length === 1) {
    act(options[0].action);
    return;
  }
  const box = clear($("move-choice"));
  box.append(el("span", {}, `${place}: `));
  for (const { action } of options) {
    const button = el("button", { type: "button", "data-action-type": action.type }, moveLabel(action));
    button.addEventListener("click", () => act(action));
    box.append(button);
  }
}

// ----- the legal actions as buttons ---------------------------------------------------

function actionButton(label, action) {
  const button = el("button", { type: "button", "data-action-type": action.type }, label);
  button.addEventListener("click", () => act(action));
  return button;
}

function choice(name, values) {
  const select = el("select", { name });
  for (const value of values) select.append(el("option", { value }, value));
  return select;
}

function unique(actions, field) {
  return [...new Set(actions.map((a) => a[field]))];
}

// Choose one of `actions` with a drop-down per field, and a button.
function pickForm(actions, fields, label, type) {
  const form = el("form", { class: "pick", "data-action-type": type });
  const selects = fields.map((field) => choice(field, unique(actions, field)));
  for (const [i, field] of fields.entries()) {
    const caption = el("label", {}, `${field} `);
    caption.append(selects[i]);
    form.append(caption);
  }
  form.append(el("button", { type: "submit", "data-action-type": type }, label));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const wanted = actions.find((a) => fields.every((f, i) => a[f] === selects[i].value));
    if (wanted) act(wanted);
    else showError("That combination is not allowed.");
  });
  return form;
}

function renderActions(state) {
  const box = clear($("actions"));
  const actions = state.legal_actions || [];
  const byType = new Map();
  for (const action of actions) {
    if (!byType.has(action.type)) byType.set(action.type, []);
    byType.get(action.type).push(action);
  }
  if (actions.some((a) => MOVES.has(a.type))) {
    box.append(el("p", { class: "hint" }, "Click a highlighted square or location to move there."));
    box.append(el("div", { id: "move-choice" }));
  }
  for (const [type, list] of byType) {
    if (type === "clue.suggest") {
      const where = state.view.entered ? ` in ${state.view.entered}` : "";
      box.append(pickForm(list, ["suspect", "item"], `Suggest${where}`, type));
    } else if (type === "clue.accuse") {
      box.append(pickForm(list, ["suspect", "item", "location"], "Accuse", type));
    } else if (type === "clue.move_to" || type === "clue.use_fireplace") {
      // on the board (a Floo trip too: its destination is highlighted)
    } else {
      for (const action of list) box.append(actionButton(actionLabel(action), action));
    }
  }
  if (!actions.length && !state.is_over) {
    box.append(el("p", { class: "hint" }, `Waiting for ${(state.to_act || []).join(", ")}.`));
  }
}

function actionLabel(action) {
  switch (action.type) {
    case "clue.choose_student": return `Play ${action.student}`;
    case "clue.roll_dice": return "Roll the dice";
    case "clue.stay_put": return "Stay put";
    case "clue.end_turn": return "End the turn";
    case "clue.show_card": return `Show ${action.card}`;
    case "clue.protect": return `Use ${action.card} (discarded)`;
    case "clue.pay_floo": return "Pay the Floo powder";
    default: {
      const fields = Object.entries(action).filter(([key]) => key !== "type" && key !== "player");
      return [action.type, ...fields.map(([key, value]) => `${key}: ${value}`)].join(" ");
    }
  }
}

// ----- start ----------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  const form = $("new-game");
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    run(() => newGame(form));
  });
  document.body.dataset.state = "ready";
  startFromAddress(form);
});
