// One seat (or a spectator) at a table, over the WebSocket protocol (docs/protocol.md).
// Everything shown comes from the server's "state" message for this seat.
const PROTOCOL = 1;
const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.hash.slice(1));
const token = params.get("token") || "";
let socket = null;
let current = null;   // the last state message
let welcome = null;

function send(message) {
  socket.send(JSON.stringify({ v: PROTOCOL, ...message }));
}

function answer(index) {
  if (!current || !current.question) return;
  $("error").textContent = "";
  send({ type: "answer", step: current.question.step, index });
  // until the next state arrives: no second answer to the same question
  for (const b of document.querySelectorAll("#answers button")) b.disabled = true;
  for (const p of document.querySelectorAll("#board polygon.offered")) p.classList.remove("offered");
  $("status").textContent = "sent";
}

function esc(text) {
  const d = document.createElement("div");
  d.textContent = text;
  return d.innerHTML;
}

function renderBoard(state) {
  const board = $("board");
  board.innerHTML = state.svg || `<pre class="board">${esc(state.board)}</pre>`;
  const question = state.question;
  if (!question) return new Set();
  const onBoard = new Set();
  const byHex = new Map();
  for (const a of question.answers) {
    if (a.kind !== "hex" || !a.hex) continue;
    if (!byHex.has(a.hex)) byHex.set(a.hex, []);
    byHex.get(a.hex).push(a);
  }
  for (const [hex, answers] of byHex) {
    const polygon = board.querySelector(`polygon.hex[data-hex="${hex}"]`);
    if (!polygon) continue;   // a hex not drawn yet (unexplored): offered as a button
    polygon.classList.add("offered");
    polygon.setAttribute("data-answers", answers.map((a) => a.index).join(","));
    const title = polygon.querySelector("title");
    if (title) title.textContent = answers.map((a) => a.label).join(" | ");
    polygon.addEventListener("click", () => {
      if (answers.length === 1) { answer(answers[0].index); return; }
      // several answers on one hex (different costs): show just those as buttons
      renderAnswers(state, new Set(), answers.map((a) => a.index));
    });
    for (const a of answers) onBoard.add(a.index);
  }
  return onBoard;
}

function renderAnswers(state, onBoard, only = null) {
  const box = $("answers");
  box.innerHTML = "";
  const question = state.question;
  if (!question) return;
  for (const a of question.answers) {
    if (only ? !only.includes(a.index) : onBoard.has(a.index)) continue;
    const b = document.createElement("button");
    b.textContent = a.label;
    b.dataset.index = a.index;
    b.dataset.kind = a.kind;
    if (a.component) b.dataset.component = a.component;
    if (a.kind === "hex") b.classList.add("hexanswer");
    b.addEventListener("click", () => answer(a.index));
    box.appendChild(b);
  }
  if (onBoard.size && !only) {
    const note = document.createElement("p");
    note.id = "board-hint";
    note.textContent = `or click one of the ${onBoard.size} highlighted hexes`;
    box.appendChild(note);
  }
}

function renderScores(state) {
  if (!state.scores) { $("scores").textContent = "—"; return; }
  const s = state.scores;
  const rows = s.order.map((seat, place) =>
    `<tr><td>${place + 1}.</td><th>P${seat}</th><td class="total">${s.totals[seat]}</td></tr>`).join("");
  $("scores").innerHTML = `<table class="scores">${rows}</table>${state.result ? `<p id="result">${esc(state.result)}</p>` : ""}`;
}

function render(state) {
  current = state;
  const onBoard = renderBoard(state);
  $("prompt").textContent = state.over ? "Game over" :
    state.question ? state.question.prompt : `Waiting for ${state.waiting}`;
  renderAnswers(state, onBoard);
  $("status").textContent = state.over ? "game over" : state.thinking ? `P${state.to_move} is thinking` :
    state.to_move === state.seat ? "your turn" : `P${state.to_move} to move`;
  $("status").className = state.thinking ? "thinking" : "";
  $("status").dataset.step = state.step;
  $("private").innerHTML = state.private.length ? state.private.map((l) => `<div class="private-line">${esc(l)}</div>`).join("")
    : (state.seat === null ? "spectator: public information only" : "nothing hidden");
  renderScores(state);
  $("log").textContent = state.log.map((e) => `[${e.step}] ${e.player === null ? "" : "P" + e.player + " "}${e.text}`).join("\n");
  $("log").scrollTop = $("log").scrollHeight;
  $("textboard").textContent = state.board;
  $("undo").hidden = !(welcome && welcome.undo && state.seat !== null);
  $("undo").disabled = !state.can_undo;
  document.body.dataset.step = state.step;
  document.body.dataset.over = state.over;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${tableId}`);
  socket.addEventListener("open", () => send({ type: "join", token }));
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "welcome") {
      welcome = message;
      const rules = [...message.variants, ...message.modules];
      $("title").textContent = `${message.title} · table ${message.table}` + (rules.length ? ` · ${rules.join(", ")}` : "");
      $("who").textContent = message.seat === null ? "spectator" : `you are P${message.seat}`;
      document.body.dataset.seat = message.seat === null ? "spectator" : message.seat;
    } else if (message.type === "state") {
      render(message);
    } else if (message.type === "error") {
      $("error").textContent = message.message;
      document.body.dataset.error = message.code;
    }
  });
  socket.addEventListener("close", (event) => {
    if (event.code === 4401 || event.code === 4404 || event.code === 4400) {
      $("prompt").textContent = "Cannot join this table";
      return;
    }
    setTimeout(connect, 1000);   // the server restarted or the network dropped: join again
  });
}

$("undo").addEventListener("click", () => send({ type: "undo" }));
connect();
