// The browser table: shows what the server sends and sends back the move clicked, with
// the number of the decision it answers (the server refuses a stale one).
"use strict";

const status = document.getElementById("status");
const message = document.getElementById("message");
let socket = null;
let current = null;

function text(tag, content, className) {
  const element = document.createElement(tag);
  element.textContent = content;
  if (className) element.className = className;
  return element;
}

function show(position) {
  current = position;
  message.textContent = "";
  document.getElementById("board").innerHTML = position.svg;
  const hand = document.getElementById("hand");
  hand.replaceChildren(...position.hand.map((card) => text("li", card)));
  const moves = document.getElementById("moves");
  moves.replaceChildren(...position.legal.map((move) => {
    const button = text("button", move);
    button.type = "button";
    button.className = "move";
    button.dataset.move = move;
    button.addEventListener("click", () => play(move));
    return button;
  }));
  document.getElementById("decision").textContent =
    position.decision_kind ? `(${position.decision_kind}, decision ${position.decision})` : "";
  const events = document.getElementById("events");
  events.replaceChildren(...position.events.slice().reverse().map(
    (event) => text("li", event.text, event.mine ? "mine" : "")));
  const score = document.getElementById("score");
  score.hidden = !position.over;
  document.getElementById("score-table").textContent =
    position.score ? position.score.table : "";
  status.textContent = position.over ? "game over"
    : position.legal.length ? `your decision (seat ${position.seat})`
    : `seat ${position.to_act} is deciding`;
  document.body.dataset.decision = String(position.decision);
  document.body.dataset.over = String(position.over);
}

// While a move is on its way the buttons are disabled, so a double click sends it once;
// an error from the server enables them again (nothing was played).
function waiting(yes) {
  for (const button of document.querySelectorAll("#moves button")) button.disabled = yes;
}

function play(move) {
  if (!socket || !current) return;
  waiting(true);
  socket.send(JSON.stringify({ type: "move", move: move, decision: current.decision }));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => { status.textContent = "connected"; });
  socket.addEventListener("message", (incoming) => {
    const data = JSON.parse(incoming.data);
    if (data.type === "position") show(data);
    else if (data.type === "error") {
      message.textContent = data.message;
      waiting(false);
    }
  });
  socket.addEventListener("close", (event) => {
    status.textContent = "disconnected";
    waiting(true);
    if (!message.textContent) {
      message.textContent = event.reason || "the connection to the table was closed; reload the page";
    }
  });
}

document.getElementById("new-game").addEventListener("click", () => {
  if (socket) socket.send(JSON.stringify({ type: "new" }));
});
connect();
