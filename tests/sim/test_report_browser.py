"""Issue 17's "Done when": the HTML reports, opened in headless Chromium at 1280 px,
have no overlapping labels, no clipped or squashed text, no sideways scrolling, and
every plot shown at its own size (the PNG and SVG picture sizes, the label counts).

Skipped when Playwright or a chromium binary is missing; ``.ci/run`` installs
chromium, so these run in CI.
"""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hexkit.sim import Study, load_results, simulate
from hexkit.sim.report import DPI, PAGE_WIDTH, plot_sizes, report_file
from hexkit.sim.sweep import parse_setting, run_sweep, write_sweep_report
from hexkit.sim.tournament import Tournament, run_tournament, write_tournament_report

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api",
                               reason="Playwright is not installed (pip install 'hexkit[browser]')")
CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser"),
                             "/usr/bin/chromium") if p and Path(p).exists()), None)
if CHROMIUM is None:
    pytest.skip("no chromium binary found (apt-get install chromium; .ci/run does it)",
                allow_module_level=True)

VIEWPORT = 1280

LAYOUT = r"""
() => {
  const leaves = [...document.querySelectorAll(
      'th, td, h1, h2, caption, li, p, img, figcaption, strong, small')];
  const boxes = leaves.map(e => [e, e.getBoundingClientRect()])
      .filter(([e, r]) => r.width > 0 && r.height > 0);
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, s] = boxes[j];
    if (a.contains(b) || b.contains(a)) continue;
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left);
    const h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    if (w > 1 && h > 1) overlaps.push(a.textContent.slice(0, 40) + ' / ' + b.textContent.slice(0, 40));
  }
  const clipped = [...document.querySelectorAll('th, td, caption')]
      .filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent.slice(0, 40));
  const images = [...document.images].map(i => {
      const r = i.getBoundingClientRect();
      return {alt: i.alt, natural: [i.naturalWidth, i.naturalHeight], shown: [r.width, r.height],
              right: r.right};
  });
  const tables = Object.fromEntries([...document.querySelectorAll('table')].map(t =>
      [t.querySelector('caption').firstChild.textContent, t.tBodies[0].rows.length]));
  return {overlaps, clipped, images, tables, scroll: document.documentElement.scrollWidth,
          width: document.documentElement.clientWidth};
}
"""


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield browser.new_page(viewport={"width": VIEWPORT, "height": 900})
        browser.close()


def _layout(page: Any, html: Path) -> dict[str, Any]:
    page.goto(html.resolve().as_uri())
    result: dict[str, Any] = page.evaluate(LAYOUT)
    return result


def _check_page(layout: dict[str, Any], plots: int) -> None:
    assert layout["overlaps"] == []
    assert layout["clipped"] == []
    assert layout["scroll"] == layout["width"] == VIEWPORT  # no sideways scrolling
    assert len(layout["images"]) == plots
    for image in layout["images"]:
        # every plot is drawn at its own pixel size: never squashed, inside the page
        assert image["natural"][0] == PAGE_WIDTH * DPI, image["alt"]
        assert image["shown"] == image["natural"], image["alt"]
        assert image["right"] <= VIEWPORT


def _empyreal_rows(games: int) -> list[dict[str, Any]]:
    """Rows shaped like a 4-player Empyreal study: 6 Companies x 5 Captains (29 seen)."""
    companies = ["Kings' Line", "Golden Sands Company", "Kerigan Transcontinental",
                 "Afterworld Express", "Caterpillar Conveyance Consortium", "Gesselheim Imperial"]
    captains = ["Irialandradayamorella", "Seth Cremmul", "Runika Zenanen", "Bartok Kulle",
                "Dolores Malephaise"]
    labels = [f"{c} ({k})" for c in companies for k in captains][:29]
    luck = random.Random(3)
    rows = []
    for seed in range(games):
        factions = luck.sample(labels, 4)
        seats = [["greedy", "random"][(s + seed) % 2] for s in range(4)]
        winner = luck.randrange(4)
        scores = [60 + luck.randrange(20) + (15 if s == winner else 0) for s in range(4)]
        rows.append({"game": "empyreal", "version": "1.0", "seed": seed, "index": seed,
                     "seats": seats, "factions": factions, "scores": scores, "winner": winner,
                     "order": sorted(range(4), key=lambda s: -scores[s]),
                     "decided_by": ["total VP"] * 3, "decisions": 700 + seed, "turns": 30,
                     "error": None, "end_reason": "5 Demand Tiles",
                     "breakdown": [{"deliveries": s - 20, "awards": 20} for s in scores]})
    return rows


def test_a_29_faction_empyreal_report_reads_at_1280_px(page: Any, tmp_path: Path) -> None:
    import json

    results = tmp_path / "empyreal.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in _empyreal_rows(300)))
    frame = load_results(results)
    assert {"company", "captain"} <= set(frame.columns)
    tables, page_path = report_file(results, tmp_path / "report")
    layout = _layout(page, page_path)
    pngs = sorted((tmp_path / "report").glob("*.png"))
    _check_page(layout, plots=len(pngs))
    assert len(pngs) >= 8
    # one row per value in each table, as many as the frame has
    assert layout["tables"]["Win rate by faction"] == frame.faction.nunique() == 29
    assert layout["tables"]["Win rate by captain"] == frame.captain.nunique() == 5
    assert layout["tables"]["Win rate by company"] == frame.company.nunique() == 6
    # the 29-bar chart is tall enough for 29 labels (0.3 inch each) at page width
    width, height = plot_sizes(tmp_path / "report" / "win_rate_faction.png")
    assert width == PAGE_WIDTH * DPI and height >= 29 * 0.3 * DPI


def test_a_real_study_sweep_and_tournament_report_read_at_1280_px(page: Any, tmp_path: Path) -> None:
    study = Study(game="hex", players=2, agents=("random", "greedy"), games=6, seed=1,
                  options={"size": 4})
    simulate(study, tmp_path / "r.jsonl", backend="serial")
    _, report = report_file(tmp_path / "r.jsonl", tmp_path / "report")
    _check_page(_layout(page, report), plots=len(list((tmp_path / "report").glob("*.png"))))

    base = Study(game="hex", players=2, agents=("random", "greedy"), games=4, seed=1)
    points = run_sweep(base, [parse_setting("size=3,4,5,6,7")], tmp_path / "sweep", backend="serial")
    _, sweep = write_sweep_report(points, tmp_path / "sweep")
    layout = _layout(page, sweep)
    _check_page(layout, plots=1)

    tournament = Tournament(game="hex", agents=("random", "greedy", "mcts:iterations=20"),
                            players=2, games=2, options={"size": 3})
    result = run_tournament(tournament, tmp_path / "t", backend="serial")
    _, rated = write_tournament_report(result, tmp_path / "t")
    layout = _layout(page, rated)
    _check_page(layout, plots=1)
    assert any(v == 3 for k, v in layout["tables"].items() if k.startswith("Ratings"))
