// The web table of hogwarts-rules: one person's seat, talking to `hogwarts-rules web`.
//
// The page knows only what the relay sends for its seat (its view, its choices in
// words, its events, its picture and its notebook); the relay pushes the seat's state
// each time the game changes (Server-Sent Events). Every text from the game is put in
// the page with textContent, never as HTML; the picture is parsed as SVG.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const MOVES = new Set(["clue.move_to", "clue.use_fireplace"]);
const GROUP_AT = 7; // a kind of choice with this many options is chosen field by field

let session = null; // {token, seat, shownStep, stream}
let requestId = 0;
let pendingConfirm = null;

// ----- small DOM helpers --------------------------------------------------------------

function $(id) {
  return document.getElementById(id);
}

function el(tag, attributes = {}, text = null) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== null) node.textContent = String(text);
  return node;
}

function svgEl(tag, attributes = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  return node;
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

// ----- talking to the relay -------------------------------------------------------------

class RelayError extends Error {
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
  if (!reply.ok) throw new RelayError(reply.error || { code: "error" });
  return reply;
}

// One exchange at a time: the page is busy meanwhile, and errors are shown.
async function run(task) {
  if (document.body.dataset.state === "busy") return;
  document.body.dataset.state = "busy";
  showError("");
  try {
    await task();
  } catch (error) {
    showError(error.message ? error.message : String(error));
  } finally {
    document.body.dataset.state = "ready";
  }
}

// ----- the lobby: start a game, hand out the links -------------------------------------

async function startLobby() {
  $("lobby").hidden = false;
  const config = await (await fetch("/api/config")).json();
  const games = new Map(config.games.map((game) => [game.kind, game]));
  const gameChoice = $("game-choice");
  for (const game of config.games) gameChoice.append(el("option", { value: game.kind }, game.title));
  const form = $("new-game");
  const fill = () => {
    const game = games.get(gameChoice.value);
    const names = game.seat_names.slice(0, game.default_players);
    form.elements.players.value = names.join(", ");
    form.elements.humans.value = names[0];
    const bots = clear($("bot-choice"));
    for (const bot of game.bots) bots.append(el("option", { value: bot }, bot));
  };
  gameChoice.addEventListener("change", fill);
  fill();
  $("seed-label").hidden = !config.page_seeds;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run(() => newGame(form));
  });
  document.body.dataset.state = "ready";
}

function names(text) {
  return String(text || "").split(",").map((name) => name.trim()).filter(Boolean);
}

async function newGame(form) {
  const data = new FormData(form);
  const request = {
    op: "new",
    game: String(data.get("game")),
    players: names(data.get("players")),
    humans: names(data.get("humans")),
    bot: String(data.get("bot")),
  };
  const seedText = String(data.get("seed") || "").trim();
  if (!$("seed-label").hidden && seedText !== "") {
    if (!/^[0-9]{1,15}$/.test(seedText)) throw new Error("The seed is a whole number.");
    request.seed = Number(seedText);
  }
  const reply = await api(request);
  const list = clear($("link-list"));
  for (const [seat, token] of Object.entries(reply.tokens)) {
    const href = `${location.origin}/#seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}`;
    const item = el("li", {}, `${seat}: `);
    item.append(el("a", { href, target: "_blank", rel: "noopener", "data-seat": seat }, href));
    list.append(item);
  }
  $("links").hidden = false;
}

// ----- the table: one seat ------------------------------------------------------------

function startTable(params) {
  session = { token: params.get("token"), seat: params.get("seat") || "", shownStep: -1, step: -1 };
  $("table").hidden = false;
  $("end-game").addEventListener("click", () => {
    if (!window.confirm("End this game for every player?")) return;
    run(async () => {
      await api({ op: "end", token: session.token });
    });
  });
  $("confirm-no").addEventListener("click", () => closeConfirm());
  $("confirm-yes").addEventListener("click", () => {
    const action = pendingConfirm;
    closeConfirm();
    if (action) send(action);
  });
  const stream = new EventSource(`/api/stream?token=${encodeURIComponent(session.token)}`);
  session.stream = stream;
  stream.addEventListener("state", (event) => render(JSON.parse(event.data)));
  stream.addEventListener("ended", () => {
    stream.close();
    document.body.dataset.over = "ended";
    $("status").textContent = "This game has ended.";
    clear($("choices"));
    clear($("move-choice"));
  });
  stream.addEventListener("replaced", () => {
    // A newer page of this seat took this one's place (each seat keeps its newest pages).
    stream.close();
    $("status").textContent = "This seat is open on a newer page: reload to play here.";
    clear($("choices"));
    clear($("move-choice"));
  });
  stream.addEventListener("error", () => {
    if (stream.readyState === EventSource.CLOSED) showError("The table cannot be reached.");
  });
  document.body.dataset.state = "ready";
}

async function send(action) {
  await run(async () => {
    const state = await api({ op: "apply", token: session.token, action });
    render(state);
  });
}

// Ask before a one-time card is spent; otherwise send at once.
function choose(choice) {
  if (choice.spends) {
    pendingConfirm = choice.action;
    $("confirm-text").textContent = `This spends your ${choice.spends}: ${choice.label}?`;
    $("confirm").hidden = false;
    $("confirm-yes").focus();
    return;
  }
  send(choice.action);
}

function closeConfirm() {
  pendingConfirm = null;
  $("confirm").hidden = true;
}

// ----- drawing the seat's state --------------------------------------------------------

function render(state) {
  if (state.step < session.step) return; // an older push, arrived late
  session.step = state.step;
  session.seat = state.seat;
  const mine = state.to_act.includes(state.seat) && !state.is_over;
  document.title = `${state.title}: ${state.seat}`;
  $("title").textContent = state.title;
  const who = $("whoami");
  const others = state.players.map((p) => (p.bot ? `${p.name} (bot)` : p.name)).join(", ");
  who.textContent = `You play ${state.seat}. At the table: ${others}.`;
  who.hidden = false;
  document.body.dataset.step = String(state.step);
  document.body.dataset.mine = String(mine);
  document.body.dataset.over = String(Boolean(state.is_over));
  $("status").textContent = state.status;
  $("prompt").textContent = state.prompt || "";
  const details = clear($("details"));
  for (const [key, value] of Object.entries(state.details || {})) {
    details.append(el("dt", {}, key.replace(/_/g, " ")), el("dd", {}, value));
  }
  renderLog(state.events, state.step);
  renderNotebook(state.notebook);
  renderBoard(state);
  renderChoices(state);
}

function renderLog(events, step) {
  const log = $("log");
  for (const entry of events) {
    if (entry.step <= session.shownStep) continue; // already shown
    log.append(el("li", { "data-step": entry.step, "data-type": entry.type }, entry.text));
  }
  session.shownStep = Math.max(session.shownStep, step);
  log.scrollTop = log.scrollHeight;
}

function percent(p) {
  if (p <= 0) return "";
  if (p >= 1) return "100%";
  const value = p * 100;
  return value < 1 ? "<1%" : `${Math.round(value)}%`;
}

function fraction(text) {
  const [n, d] = String(text).split("/").map(Number);
  return d ? n / d : n;
}

function renderNotebook(notebook) {
  const section = $("notebook-section");
  section.hidden = !notebook || !notebook.dealt;
  if (section.hidden) return;
  $("solution").textContent = notebook.solution
    ? `Solved: ${notebook.solution.join(", ")}.`
    : "Not solved yet: the chance each card is in the envelope, and who may hold it.";
  const holders = notebook.cards.length ? Object.keys(notebook.cards[0].holders) : [];
  const head = clear($("notebook-head"));
  head.append(el("th", {}, "Card"), el("th", {}, "Envelope"));
  for (const name of holders) head.append(el("th", {}, name));
  const body = clear($("notebook").tBodies[0]);
  let category = null;
  for (const card of notebook.cards) {
    if (card.category !== category) {
      category = card.category;
      const row = el("tr", { class: "category" });
      row.append(el("th", { colspan: String(holders.length + 2) }, category));
      body.append(row);
    }
    const row = el("tr", { "data-card": card.card });
    row.append(el("td", {}, card.card));
    const cells = [["envelope", fraction(card.envelope)], ...holders.map((h) => [h, card.holders[h]])];
    for (const [owner, p] of cells) {
      const css = p >= 1 ? "certain" : p <= 0 ? "none" : "possible";
      row.append(el("td", { class: css, "data-owner": owner }, p >= 1 ? "\u2714" : percent(p)));
    }
    body.append(row);
  }
  const certain = clear($("certain"));
  for (const entry of notebook.certain) {
    const where = entry.place === "envelope" ? "in the envelope" : `held by ${entry.place}`;
    certain.append(el("li", { "data-card": entry.card }, `${entry.card}: ${where} (${entry.reasons.join("; ")})`));
  }
}

// ----- the board: the game's picture of the seat's view, with the reachable places -----

function renderBoard(state) {
  const holder = clear($("board"));
  const doc = new DOMParser().parseFromString(state.svg, "image/svg+xml");
  if (doc.documentElement.localName !== "svg") return;
  const svg = document.importNode(doc.documentElement, true);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  for (const pawn of svg.querySelectorAll("circle.pawn")) {
    if (pawn.getAttribute("data-player") === state.seat) pawn.classList.add("mine");
  }
  holder.append(svg);
  const board = svg.querySelector("g.board");
  if (board && state.to_act.includes(state.seat)) addDestinations(board, state);
}

// Where a place is drawn on Clue's board: a square "row,column" or a location's rectangle.
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

function movesByDestination(state) {
  const byPlace = new Map();
  for (const choice of state.choices) {
    if (!MOVES.has(choice.action.type)) continue;
    const place = choice.action.destination;
    if (!byPlace.has(place)) byPlace.set(place, []);
    byPlace.get(place).push(choice);
  }
  return byPlace;
}

function addDestinations(board, state) {
  const square = board.querySelector("rect.square");
  const cell = square ? Number(square.getAttribute("width")) : 26;
  const layer = svgEl("g", { class: "reachable" });
  const trail = svgEl("polyline", { class: "path" });
  const centre = (place) => {
    const box = placeBox(board, place, cell);
    return box ? `${box.x + box.width / 2},${box.y + box.height / 2}` : "";
  };
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
    title.textContent = options.map((o) => o.label).join(" / ");
    target.append(title);
    target.addEventListener("pointerenter", () => {
      trail.setAttribute("points", (options[0].path || []).map(centre).join(" "));
    });
    target.addEventListener("pointerleave", () => trail.setAttribute("points", ""));
    const pick = () => chooseMove(place, options);
    target.addEventListener("click", pick);
    target.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") pick();
    });
    layer.append(target);
  }
  layer.append(trail);
  board.append(layer);
}

// One way there: take it (asking first if it spends a card). Several: list them.
function chooseMove(place, options) {
  const box = clear($("move-choice"));
  if (options.length === 1) {
    choose(options[0]);
    return;
  }
  box.append(el("span", {}, "Which way? "));
  for (const option of options) {
    const button = el("button", { type: "button", "data-action-type": option.action.type }, option.label);
    button.addEventListener("click", () => choose(option));
    box.append(button);
  }
}

// ----- the choices -----------------------------------------------------------------------

function choiceButton(choice) {
  const button = el("button", { type: "button", "data-action-type": choice.action.type }, choice.label);
  if (choice.spends) button.dataset.spends = choice.spends;
  button.addEventListener("click", () => choose(choice));
  return button;
}

// Many choices of one kind (Clue's suggestions, accusations): a drop-down per field.
function pickForm(choices) {
  const type = choices[0].action.type;
  const keys = Object.keys(choices[0].action).filter((key) => key !== "type" && key !== "player");
  const varying = keys.filter((key) => new Set(choices.map((c) => String(c.action[key]))).size > 1);
  const form = el("form", { class: "pick", "data-action-type": type });
  const verb = choices[0].label.split(" ")[0];
  form.append(el("span", {}, verb));
  const selects = varying.map((key) => {
    const select = el("select", { name: key, "aria-label": key });
    for (const value of [...new Set(choices.map((c) => String(c.action[key])))].sort()) {
      select.append(el("option", { value }, value));
    }
    form.append(select);
    return select;
  });
  form.append(el("button", { type: "submit", "data-action-type": type }, verb));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const wanted = choices.find((c) => varying.every((key, i) => String(c.action[key]) === selects[i].value));
    if (wanted) choose(wanted);
    else showError("That combination is not one of your choices.");
  });
  return form;
}

function moveList(choices) {
  const select = el("select", { name: "move", "aria-label": "where to go" });
  const sorted = [...choices].sort((a, b) => a.label.localeCompare(b.label));
  for (const [i, choice] of sorted.entries()) select.append(el("option", { value: String(i) }, choice.label));
  const form = el("form", { class: "pick", "data-action-type": "moves" });
  form.append(el("span", {}, "Or choose: "), select, el("button", { type: "submit" }, "Go"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    choose(sorted[Number(select.value)]);
  });
  return form;
}

function renderChoices(state) {
  const box = clear($("choices"));
  clear($("move-choice"));
  closeConfirm();
  const choices = state.choices || [];
  const byType = new Map();
  for (const choice of choices) {
    if (!byType.has(choice.action.type)) byType.set(choice.action.type, []);
    byType.get(choice.action.type).push(choice);
  }
  const moves = choices.filter((c) => MOVES.has(c.action.type));
  if (moves.length) {
    box.append(el("p", { class: "hint" }, "Click a highlighted square or location to move there."));
    if (moves.length > 1) box.append(moveList(moves));
  }
  for (const [type, list] of byType) {
    if (MOVES.has(type)) continue;
    if (list.length >= GROUP_AT) box.append(pickForm(list));
    else for (const choice of list) box.append(choiceButton(choice));
  }
}

// ----- start ------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  const params = new URLSearchParams(window.location.hash.slice(1));
  if (params.get("token")) startTable(params);
  else run(startLobby);
});
