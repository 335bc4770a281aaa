// Replay a record file (hexkit play --save) or a study's result row (a line of
// hexkit simulate's results file) step by step with a slider.
const $ = (id) => document.getElementById(id);
let replayId = null;
let rows = [];

async function show(step) {
  const data = await (await fetch(`/api/replays/${replayId}/${step}`)).json();
  $("board").innerHTML = data.svg || `<pre class="board"></pre>`;
  if (!data.svg) $("board").firstChild.textContent = data.board;
  $("stepno").textContent = data.step;
  $("log").textContent = data.log.map(([s, p, t]) => `[${s}] ${p === null ? "" : "P" + p + " "}${t}`).join("\n");
  document.body.dataset.step = data.step;
  document.body.dataset.over = data.over;
}

async function open(text) {
  $("error").textContent = "";
  $("status").textContent = "loading (a finished study game is played again from its row)…";
  const response = await fetch("/api/replays", { method: "POST", body: text });
  const data = await response.json();
  $("status").textContent = "";
  if (!response.ok) { $("error").textContent = data.error; return; }
  replayId = data.id;
  $("step").max = data.steps;
  $("step").value = 0;
  $("step").disabled = false;
  $("steps").textContent = data.steps;
  document.body.dataset.steps = data.steps;
  await show(0);
}

function rowLabel(row) {
  const scores = row.error ? `failed: ${row.error}` : `scores ${JSON.stringify(row.scores)}`;
  return `seed ${row.seed}: ${(row.seats || []).join(" vs ")}, ${scores}`;
}

$("file").addEventListener("change", async () => {
  const file = $("file").files[0];
  if (!file) return;
  const text = await file.text();
  const lines = text.split("\n").filter((l) => l.trim());
  $("rows").hidden = true;
  let parsed = null;
  try { parsed = lines.map((l) => JSON.parse(l)); } catch { parsed = null; }
  if (parsed && parsed.length && parsed.every((r) => r && "seed" in r && "seats" in r && !("actions" in r))) {
    // a results file: choose the game to replay by its row
    rows = lines;
    $("row").innerHTML = parsed.map((r, i) => `<option value="${i}">${rowLabel(r)}</option>`).join("");
    $("rows").hidden = false;
    await open(rows[0]);
    return;
  }
  await open(text);
});
$("row").addEventListener("change", () => open(rows[Number($("row").value)]));
$("step").addEventListener("input", () => show(Number($("step").value)));
