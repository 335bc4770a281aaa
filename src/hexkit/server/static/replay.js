// Replay a record file (hexkit play --save, a study's records) step by step with a slider.
const $ = (id) => document.getElementById(id);
let replayId = null;

async function show(step) {
  const data = await (await fetch(`/api/replays/${replayId}/${step}`)).json();
  $("board").innerHTML = data.svg || `<pre class="board"></pre>`;
  if (!data.svg) $("board").firstChild.textContent = data.board;
  $("stepno").textContent = data.step;
  $("log").textContent = data.log.map(([s, p, t]) => `[${s}] ${p === null ? "" : "P" + p + " "}${t}`).join("\n");
  document.body.dataset.step = data.step;
}

$("file").addEventListener("change", async () => {
  const file = $("file").files[0];
  if (!file) return;
  const response = await fetch("/api/replays", { method: "POST", body: await file.text() });
  const data = await response.json();
  if (!response.ok) { $("error").textContent = data.error; return; }
  $("error").textContent = "";
  replayId = data.id;
  $("step").max = data.steps;
  $("step").value = 0;
  $("step").disabled = false;
  $("steps").textContent = data.steps;
  show(0);
});
$("step").addEventListener("input", () => show(Number($("step").value)));
