// The lobby: pick a game, who sits where, create the table, hand out the links.
const $ = (id) => document.getElementById(id);
let games = [];

function seatRows() {
  const n = Number($("players").value);
  const box = $("seats");
  const old = [...box.querySelectorAll("input")].map((i) => i.value);
  box.innerHTML = "";
  for (let s = 0; s < n; s++) {
    const label = document.createElement("label");
    label.textContent = `Seat ${s}: `;
    const input = document.createElement("input");
    input.id = `seat-${s}`;
    input.value = old[s] ?? (s === 0 ? "human" : "greedy");
    input.title = "human, or an agent spec (random, greedy, mcts:iterations=200, strong)";
    label.appendChild(input);
    box.appendChild(label);
  }
}

function gameChanged() {
  const g = games.find((x) => x.name === $("game").value);
  if (!g) return;
  $("players").min = g.min_players;
  $("players").max = g.max_players;
  if (Number($("players").value) < g.min_players) $("players").value = g.min_players;
  if (Number($("players").value) > g.max_players) $("players").value = g.max_players;
  $("variants").innerHTML = (g.variants.length ? "<b>Variants</b> " : "") + g.variants.map((v) =>
    `<label><input type="checkbox" class="variant" id="variant-${v}" value="${v}"> ${v}</label>`).join("");
  // modules the game declares; one it cannot play yet is shown, disabled, with its reason
  $("modules").innerHTML = (g.modules.length ? "<b>Modules</b> " : "") + g.modules.map((m) =>
    `<label title="${m.reason.replaceAll('"', "&quot;")}"><input type="checkbox" class="module" id="module-${m.name}"`
    + ` value="${m.name}"${m.available ? "" : " disabled"}> ${m.name}${m.available ? "" : " (not available)"}</label>`).join("");
  seatRows();
}

async function create(event) {
  event.preventDefault();
  $("error").textContent = "";
  const n = Number($("players").value);
  const body = {
    game: $("game").value,
    players: n,
    seats: [...Array(n).keys()].map((s) => $(`seat-${s}`).value.trim()),
    variants: [...document.querySelectorAll(".variant:checked")].map((c) => c.value),
    modules: [...document.querySelectorAll(".module:checked")].map((c) => c.value),
    undo: $("undo").checked,
  };
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  const response = await fetch("/api/tables", { method: "POST", body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) { $("error").textContent = data.error; return; }
  const rows = data.seats.map((s) => s.link
    ? `<li>Seat ${s.seat} (person): <a class="seat-link" data-seat="${s.seat}" href="${s.link}" target="_blank">${s.link}</a></li>`
    : `<li>Seat ${s.seat}: ${s.player}</li>`);
  rows.push(`<li>Spectators: <a id="watch-link" href="${data.watch}" target="_blank">${data.watch}</a></li>`);
  $("links").innerHTML = `<p>Table <code id="table-id">${data.id}</code></p><ul>${rows.join("")}</ul>`;
}

async function start() {
  games = await (await fetch("/api/games")).json();
  $("game").innerHTML = games.map((g) => `<option value="${g.name}">${g.title} (${g.name})</option>`).join("");
  $("game").addEventListener("change", gameChanged);
  $("players").addEventListener("change", seatRows);
  $("create").addEventListener("submit", create);
  gameChanged();
}
start();
