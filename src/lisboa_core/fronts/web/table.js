// The browser table: shows what the server sends and sends back the move clicked, with
// the number of the decision it answers (the server refuses a stale one). The game's id is
// kept in the address (?game=ID), so a reload, or a socket lost and opened again, returns
// to the same game.
"use strict";

const status = document.getElementById("status");
const message = document.getElementById("message");
const thinkingBar = document.getElementById("thinking");
const board = document.getElementById("board");
const picked = document.getElementById("picked");
const undoButton = document.getElementById("undo");
const confirmBox = document.getElementById("confirm");
let socket = null;
let current = null;
let retry = 0;
let sending = false;
let zoom = 1;
// The board opens on what the seat needs (focusBoard), its labels at their drawn size,
// not on a thumbnail of it (on a phone, or beside the moves on a desktop); "Whole board"
// shows all of it until "Your view" is asked for again.
let wholeBoard = false;

function text(tag, content, className) {
  const element = document.createElement(tag);
  element.textContent = content;
  if (className) element.className = className;
  return element;
}

function who(seat) {
  if (current && seat === current.seat) return "you";
  if (seat < 0) return (current && current.chance) || "chance";  // a chance step: no seat
  const bot = current && current.bots ? current.bots[String(seat)] : null;
  return bot ? `seat ${seat} (${bot})` : `seat ${seat}`;
}

function gameInAddress() {
  return new URLSearchParams(location.search).get("game");
}

function keepGameInAddress(id) {
  if (id && gameInAddress() !== id) {
    history.replaceState(null, "", `${location.pathname}?game=${encodeURIComponent(id)}`);
  }
  document.body.dataset.game = id || "";
  const save = document.getElementById("save");  // the game so far, as a record to resume
  save.hidden = !id;
  if (id) save.href = `/record?game=${encodeURIComponent(id)}`;
}

function cardsTitle(cards) {
  return cards.map((card) => card.text).join("\n\n");
}

// A few choices (a clergy tile to keep, a card to pick) show their cards' whole text; many
// show it as a tooltip (and under the board, when the card is tapped in the hand).
const SPELLED_OUT = 6;

function moveButton(choice, spelled) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "move";
  button.dataset.move = choice.move;
  button.append(text("span", choice.move, "notation"));
  const names = choice.cards.map((card) => card.name).join(", ");
  const words = choice.text !== choice.move ? choice.text : "";
  const said = [words, names].filter(Boolean).join(" - ");
  if (said) button.append(text("span", said, "words"));
  if (spelled) {
    for (const card of choice.cards) {
      const body = card.text.split("\n").slice(1).join("\n");
      if (body) button.append(text("span", body, "card-text"));
    }
  }
  if (choice.cards.length) button.title = cardsTitle(choice.cards);
  button.addEventListener("click", () => play(choice.move));
  return button;
}

// The final sheet twice: a row per seat (wide screens), and the same turned on its side, a
// column per seat and a row per category (a phone: the total in sight, no sideways scroll).
// The stylesheet shows the one that fits.
function scoreTable(score) {
  const grid = score.grid;
  const winners = score.winners.length === 1
    ? `winner: ${who(score.winners[0])}`
    : `winners: ${score.winners.map(who).join(", ")}`;
  const wide = document.getElementById("score-table");
  const head = document.createElement("tr");
  head.append(...grid.columns.map((name) => text("th", name)));
  const rows = grid.rows.map((cells) => {
    const row = document.createElement("tr");
    if (String(cells[0]).includes("winner")) row.className = "winner";
    row.append(...cells.map((cell, i) => text(i === 0 ? "th" : "td", String(cell))));
    return row;
  });
  wide.replaceChildren(text("caption", winners), head, ...rows);
  const tall = document.getElementById("score-tall");
  const seats = document.createElement("tr");
  seats.append(...grid.rows.map((cells) => text("th", String(cells[0]),
    String(cells[0]).includes("winner") ? "winner" : "")));
  seats.prepend(text("th", ""));
  const lines = grid.columns.slice(1).map((name, i) => {
    const row = document.createElement("tr");
    if (name === "total") row.className = "total";
    row.append(text("th", name), ...grid.rows.map((cells) => text("td", String(cells[i + 1]))));
    return row;
  });
  tall.replaceChildren(text("caption", winners), seats, ...lines);
}

function showThinking(thinking) {
  if (!thinking) {
    thinkingBar.hidden = true;
    return;
  }
  const shown = thinking.planned
    ? ` (${thinking.done} of ${thinking.planned})` : "";
  status.textContent = `${who(thinking.seat)} is thinking...${shown}`;
  thinkingBar.hidden = false;
  if (thinking.planned) {
    thinkingBar.max = thinking.planned;
    thinkingBar.value = thinking.done;
  } else {
    thinkingBar.removeAttribute("value");  // an indeterminate bar: working, no measure
  }
  document.body.dataset.turn = "bots";
  document.body.dataset.thinking = String(thinking.seat);
}

function show(position) {
  current = position;
  sending = false;
  if (!message.classList.contains("notice")) message.textContent = "";
  keepGameInAddress(position.game);
  board.innerHTML = position.svg;
  if (wholeBoard || !focusBoard(position)) fitBoard();
  const hand = document.getElementById("hand");
  hand.replaceChildren(...position.hand_cards.map((card) => {
    const item = text("li", card.name);
    if (card.name !== card.id) item.append(" ", text("span", card.id, "card-id"));
    if (card.text) item.title = card.text;
    item.addEventListener("click", () => { picked.textContent = card.text || card.name; });
    return item;
  }));
  const spelled = position.choices.length <= SPELLED_OUT;
  document.getElementById("moves").replaceChildren(
    ...position.choices.map((choice) => moveButton(choice, spelled)));
  document.getElementById("decision").textContent =
    position.decision_kind ? `(${position.decision_kind}, decision ${position.decision})` : "";
  const history = document.getElementById("history");
  history.replaceChildren(...position.moves.map((move) => {
    const item = text("li", `${who(move.seat)}: `, move.mine ? "mine" : "");
    item.value = move.number;
    item.append(text("span", move.move, "notation"));
    if (move.text !== move.move) item.append(` - ${move.text}`);
    if (move.cards.length) {
      item.append(` (${move.cards.map((card) => card.name).join(", ")})`);
      item.title = cardsTitle(move.cards);
    }
    return item;
  }));
  history.scrollTop = history.scrollHeight;
  const events = document.getElementById("events");
  events.replaceChildren(...position.events.slice().reverse().map(
    (event) => text("li", event.text, event.mine ? "mine" : "")));
  const score = document.getElementById("score");
  const ending = position.over && score.hidden;
  score.hidden = !position.over;
  if (position.score) scoreTable(position.score);
  if (ending) score.scrollIntoView({ block: "start" });  // the game just ended: the sheet
  undoButton.disabled = !position.can_undo;
  status.textContent = position.over ? "game over"
    : position.legal.length ? `your decision (seat ${position.seat})`
    : `${who(position.to_act)} is deciding`;
  document.body.dataset.decision = String(position.decision);
  document.body.dataset.over = String(position.over);
  document.body.dataset.turn = position.over ? "over" : position.legal.length ? "yours" : "bots";
  delete document.body.dataset.thinking;
  showThinking(position.thinking);
}

// While a request is on its way the buttons are disabled, so a double click sends it once;
// an error from the server enables them again (nothing was played).
function waiting(yes) {
  sending = yes;
  for (const button of document.querySelectorAll("#moves button")) button.disabled = yes;
  undoButton.disabled = yes || !(current && current.can_undo);
}

function send(request) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    message.textContent = "not connected to the table: reconnecting...";
    return false;
  }
  socket.send(JSON.stringify(request));
  return true;
}

function play(move) {
  if (!current || sending) return;
  if (send({ type: "move", move: move, decision: current.decision })) waiting(true);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const game = gameInAddress();
  const query = game ? `?game=${encodeURIComponent(game)}` : "";
  socket = new WebSocket(`${scheme}://${location.host}/ws${query}`);
  socket.addEventListener("open", () => {
    retry = 0;
    status.textContent = "connected";
    if (message.textContent.startsWith("connection lost")) message.textContent = "";
  });
  socket.addEventListener("message", (incoming) => {
    const data = JSON.parse(incoming.data);
    if (data.type === "position") show(data);
    else if (data.type === "thinking") showThinking(data);
    else if (data.type === "notice") {
      message.textContent = data.message;
      message.classList.add("notice");
    } else if (data.type === "error") {
      message.classList.remove("notice");
      message.textContent = data.message;
      waiting(false);
    }
  });
  socket.addEventListener("close", (event) => {
    waiting(true);
    thinkingBar.hidden = true;
    // 1008: this page may not play here; 1013: too many new games. Both are final.
    if (event.code === 1008 || event.code === 1013) {
      status.textContent = "disconnected";
      message.textContent = event.reason || "the table closed the connection";
      return;
    }
    retry += 1;
    const delay = Math.min(10, 2 ** (retry - 1));
    status.textContent = `disconnected: reconnecting in ${delay} s`;
    message.textContent = "connection lost; the game is kept by the table";
    setTimeout(connect, delay * 1000);
  });
}

// The board: fits the width by default; zoom in to read it and scroll (or pan) around.
function fitBoard() {
  const picture = board.querySelector("svg");
  if (!picture) return;
  picture.style.width = `${Math.round(zoom * 100)}%`;
  document.body.dataset.zoom = String(zoom);
}

function setZoom(value) {
  zoom = Math.min(4, Math.max(1, value));
  fitBoard();
}

// What the seat's decision needs, in drawing units: the pieces its moves name (the
// pieces of another seat left out), else its own board; null without a picture.
function focusArea(position, picture) {
  const words = new Set();
  for (const move of position.legal) {
    for (const word of String(move).split(" ").slice(1)) words.add(word.toLowerCase());
  }
  const seat = String(position.seat);
  const named = [...picture.querySelectorAll("[data-id], [data-tile]")].filter((piece) => {
    const id = (piece.dataset.id || piece.dataset.tile || "").toLowerCase();
    const owner = piece.dataset.owner;
    return id && words.has(id) && (owner === undefined || owner === seat);
  });
  const own = picture.querySelector(`[data-kind="player"][data-owner="${seat}"]`);
  const shared = named.filter((piece) => piece.dataset.owner === undefined);
  const chosen = shared.length ? shared : named;  // a display first, else the seat's own
  let pieces = chosen.length ? chosen : own ? [own] : [];
  const box = (found) => {
    const boxes = found.map((piece) => piece.getBBox());
    const left = Math.min(...boxes.map((b) => b.x));
    const top = Math.min(...boxes.map((b) => b.y));
    return { x: left, y: top,
      width: Math.max(...boxes.map((b) => b.x + b.width)) - left,
      height: Math.max(...boxes.map((b) => b.y + b.height)) - top };
  };
  if (!pieces.length) return null;
  let area = box(pieces);
  const view = picture.viewBox.baseVal;
  if (chosen.length && own && area.height > view.height / 2) {  // spread out: its own board
    pieces = [own];
    area = box(pieces);
  }
  area.kind = pieces === chosen ? "choices" : "own-board";
  return area;
}

// Zoom so that the drawing shows at its own size (a label of 11 units is 11 px) and
// scroll to the area of focusArea; false when there is nothing to focus on.
function focusBoard(position) {
  const picture = board.querySelector("svg");
  if (!picture || !picture.viewBox.baseVal || !board.clientWidth) return false;
  const area = focusArea(position, picture);
  if (!area) return false;
  const view = picture.viewBox.baseVal;
  zoom = Math.min(4, Math.max(1, Math.ceil(100 * view.width / board.clientWidth) / 100));
  fitBoard();
  const scale = picture.getBoundingClientRect().width / view.width;
  board.scrollLeft = Math.max(0, area.x * scale - 8);
  board.scrollTop = Math.max(0, area.y * scale - 8);
  document.body.dataset.focus = area.kind;
  return true;
}

document.getElementById("zoom-in").addEventListener("click", () => setZoom(zoom * 1.5));
document.getElementById("zoom-out").addEventListener("click", () => setZoom(zoom / 1.5));
document.getElementById("zoom-fit").addEventListener("click", () => {
  wholeBoard = true;
  document.body.dataset.focus = "whole";
  setZoom(1);
});
document.getElementById("zoom-focus").addEventListener("click", () => {
  wholeBoard = false;
  if (current) focusBoard(current);
});

// A piece's tooltip (its <title>) is also shown under the board when it is pointed at or
// tapped, where a phone has no hover.
function pieceTitle(target) {
  for (let node = target; node && node !== board; node = node.parentNode) {
    const title = node.querySelector ? node.querySelector(":scope > title") : null;
    if (title) return title.textContent;
  }
  return null;
}
for (const kind of ["click", "mouseover"]) {
  board.addEventListener(kind, (event) => {
    const said = pieceTitle(event.target);
    if (said) picked.textContent = said;
  });
}

undoButton.addEventListener("click", () => {
  if (!sending && send({ type: "undo" })) waiting(true);
});
document.getElementById("new-game").addEventListener("click", () => {
  if (current && (current.over || current.decision === 0)) {
    send({ type: "new" });  // nothing to lose
    return;
  }
  confirmBox.hidden = false;
  document.getElementById("confirm-no").focus();
});
document.getElementById("confirm-yes").addEventListener("click", () => {
  confirmBox.hidden = true;
  message.classList.remove("notice");
  message.textContent = "";
  send({ type: "new" });
});
document.getElementById("confirm-no").addEventListener("click", () => {
  confirmBox.hidden = true;
});
connect();
