"""The browser client in a real headless browser: Playwright driving Debian's chromium.

Skipped, with the reason, when Playwright or a chromium binary is missing
here; ``.ci/run`` installs chromium, so they run in CI.
"""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install 'hexkit[browser]')")
CHROMIUM = next((p for p in (shutil.which("chromium"), shutil.which("chromium-browser"),
                             "/usr/bin/chromium") if p and Path(p).exists()), None)
if CHROMIUM is None:
    pytest.skip("no chromium binary found (apt-get install chromium; .ci/run does it)",
                allow_module_level=True)

import uvicorn  # noqa: E402

from hexkit.server.app import create_app  # noqa: E402


class LiveServer:
    """uvicorn serving the app in a thread, on loopback."""

    def __init__(self, db: Path, port: int) -> None:
        self.db, self.port = db, port
        self.server: uvicorn.Server | None = None
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        config = uvicorn.Config(create_app(self.db), host="127.0.0.1", port=self.port, log_level="warning",
                                ws="websockets-sansio")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return
            time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        assert self.server is not None and self.thread is not None
        self.server.should_exit = True
        self.thread.join(timeout=20)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(tmp_path / "tables.sqlite3", _free_port())
    server.start()
    yield server
    if server.server is not None and not server.server.should_exit:
        server.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def _create(live: LiveServer, **body: Any) -> dict[str, Any]:
    import urllib.request

    request = urllib.request.Request(f"{live.url}/api/tables", data=json.dumps(body).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 201
        data: dict[str, Any] = json.loads(response.read())
    return data


def _my_turn(page: Any) -> None:
    page.wait_for_function("document.getElementById('status').textContent === 'your turn'"
                           " || document.body.dataset.over === 'true'", timeout=60_000)


def _step(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.step"))


def _click_first(page: Any) -> None:
    """Answer by clicking: a highlighted hex if there is one, else the first button."""
    before = _step(page)
    hexes = page.locator("#board polygon.hex.offered")
    if hexes.count():
        hexes.first.dispatch_event("click")
    else:
        page.locator("#answers button").first.click()
    page.wait_for_function(f"Number(document.body.dataset.step) > {before}", timeout=60_000)


def test_whole_hex_game_by_clicking_hexes(live: LiveServer, browser: Any) -> None:
    page = browser.new_page()
    page.goto(live.url + "/")
    page.select_option("#game", "hex")
    page.fill("#seat-1", "random")
    page.click("#go")
    link = page.locator("a.seat-link").first.get_attribute("href")
    assert link and "#seat=0&token=" in link
    page.goto(link)
    clicks = 0
    while True:
        _my_turn(page)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        assert page.locator("#board polygon.hex.offered").count() > 0
        _click_first(page)
        clicks += 1
    assert clicks >= 6
    assert "Game over" in page.inner_text("#prompt") and page.inner_text("#result")
    page.close()


@pytest.mark.parametrize("game", ["empyreal", "soot"])
def test_opening_turns_by_clicking(live: LiveServer, browser: Any, game: str) -> None:
    data = _create(live, game=game, players=2, seats=["human", "random"], seed=5)
    page = browser.new_page()
    page.goto(data["seats"][0]["link"])
    for _ in range(6):
        _my_turn(page)
        assert page.locator("#answers button, #board polygon.hex.offered").count() > 0
        _click_first(page)
    _my_turn(page)
    assert _step(page) >= 6
    assert page.inner_text("#log").count("\n") >= 3
    page.close()


def test_two_browsers_each_see_only_their_own_hand(live: LiveServer, browser: Any) -> None:
    data = _create(live, game="soot", players=2, seats=["human", "human"], seed=11)
    contexts = [browser.new_context(), browser.new_context()]
    pages = [c.new_page() for c in contexts]
    for s, page in enumerate(pages):
        page.goto(data["seats"][s]["link"])
        page.wait_for_function("document.body.dataset.step !== undefined")
    for _ in range(8):  # the draft and the secret objectives, each seat on its own screen
        mover = next(s for s, p in enumerate(pages)
                     if p.inner_text("#status") == "your turn" or p.locator("#answers button").count())
        _click_first(pages[mover])
        for p in pages:
            p.wait_for_function(f"Number(document.body.dataset.step) >= {_step(pages[mover])}")
    private = [p.inner_text("#private") for p in pages]
    assert all("Secret objective" in text or "Objectives dealt" in text for text in private), private
    manager_names = [set(l.split(":", 1)[1].split("(")[0].strip() for l in text.splitlines()
                         if l.startswith("Secret objective")) for text in private]
    for s in (0, 1):
        for name in manager_names[1 - s] - manager_names[s]:
            assert name not in pages[s].content(), f"seat {s} sees {name}"
    for c in contexts:
        c.close()


def test_reload_resumes_and_restart_loses_nothing(live: LiveServer, browser: Any) -> None:
    data = _create(live, game="hex", players=2, seats=["human", "random"], seed=2)
    page = browser.new_page()
    page.goto(data["seats"][0]["link"])
    for _ in range(2):
        _my_turn(page)
        _click_first(page)
    _my_turn(page)
    step, log = _step(page), page.inner_text("#log")
    page.reload()
    _my_turn(page)
    assert _step(page) == step and page.inner_text("#log") == log
    live.stop()
    live.start()  # a new server over the same SQLite file
    page.reload()
    _my_turn(page)
    assert _step(page) == step and page.inner_text("#log") == log
    _click_first(page)  # and play goes on
    page.close()


def _answer_at_random(page: Any, rng: Any) -> None:
    """Answer the pending question by a real click: a highlighted hex or an answer button."""
    before = _step(page)
    hexes = page.locator("#board polygon.hex.offered")
    buttons = page.locator("#answers button")
    n_hex, n_button = hexes.count(), buttons.count()
    assert n_hex + n_button > 0, page.inner_text("#prompt")
    pick = rng.randrange(n_hex + n_button)
    if pick < n_hex:
        polygon = hexes.nth(pick)
        several = "," in (polygon.get_attribute("data-answers") or "")
        polygon.dispatch_event("click")
        if several:  # one hex, several answers (costs): its buttons are shown now
            page.locator("#answers button").first.click()
    else:
        buttons.nth(pick - n_hex).click()
    page.wait_for_function(f"Number(document.body.dataset.step) > {before}", timeout=60_000)


def _play_to_the_end(page: Any, rng: Any, limit: int) -> int:
    clicks = 0
    while clicks < limit:
        _my_turn(page)
        if page.evaluate("document.body.dataset.over") == "true":
            return clicks
        _answer_at_random(page, rng)
        clicks += 1
    raise AssertionError(f"no end after {limit} answers")


@pytest.mark.parametrize(("game", "opponent"), [("empyreal", "greedy"), ("soot", "greedy")])
def test_a_full_game_in_the_browser_against_an_agent(live: LiveServer, browser: Any, game: str,
                                                     opponent: str) -> None:
    import random

    data = _create(live, game=game, players=2, seats=["human", opponent], seed=21)
    page = browser.new_page()
    page.goto(data["seats"][0]["link"])
    clicks = _play_to_the_end(page, random.Random(3), limit=1500)
    assert clicks >= 20
    assert page.inner_text("#prompt") == "Game over"
    assert page.locator("#scores table.scores tr").count() == 2  # final scores, both seats
    totals = [int(t) for t in page.locator("#scores td.total").all_inner_texts()]
    assert len(totals) == 2 and page.inner_text("#result").strip()
    assert page.locator("#answers button").count() == 0  # nothing left to answer
    page.close()


def test_two_people_at_one_empyreal_table_never_see_the_others_hidden_draws(
        live: LiveServer, browser: Any) -> None:
    import random

    data = _create(live, game="empyreal", players=2, seats=["human", "human"], seed=8)
    contexts = [browser.new_context() for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    for s in (0, 1):
        pages[s].goto(data["seats"][s]["link"])
    pages[2].goto(data["watch"])  # a spectator: what is public
    for p in pages:
        p.wait_for_function("document.body.dataset.step !== undefined")
    rng = random.Random(1)
    hidden_checked = 0
    for _ in range(400):
        step = max(_step(p) for p in pages)
        for p in pages:
            p.wait_for_function(f"Number(document.body.dataset.step) >= {step}")
        if pages[0].evaluate("document.body.dataset.over") == "true":
            break
        mover = next((s for s in (0, 1) if pages[s].inner_text("#status") == "your turn"), None)
        if mover is None:
            time.sleep(0.05)
            continue
        offered = {c.split(":", 1)[1] for c in pages[mover].locator("#answers button[data-component]")
                   .evaluate_all("bs => bs.map(b => b.dataset.component)")}
        public = pages[2].content()
        secret = {name for name in offered if name not in public}
        for name in secret:  # a face-down draw only the mover sees
            assert name not in pages[1 - mover].content(), f"seat {1 - mover} sees {name}"
        hidden_checked += len(secret)
        if hidden_checked >= 3:
            break
        _answer_at_random(pages[mover], rng)
    assert hidden_checked >= 3, "no hidden draw came up"
    for c in contexts:
        c.close()


def test_lobby_variants_and_modules(live: LiveServer, browser: Any) -> None:
    page = browser.new_page()
    page.goto(live.url + "/")
    page.select_option("#game", "soot")
    assert page.locator("#module-trust").is_enabled()  # built: offered
    assert page.locator("#module-shares").is_enabled()  # built: offered
    assert page.locator("#module-labor").is_enabled()
    page.select_option("#game", "empyreal")
    assert page.locator("#modules input").count() == 0
    page.check("#variant-open")
    page.check("#variant-awards")
    page.fill("#seat-1", "random")
    page.click("#go")
    link = page.locator("a.seat-link").first.get_attribute("href")
    page.goto(link)
    page.wait_for_function("document.getElementById('title').textContent.includes('awards, open')")
    page.goto(live.url + "/")
    page.select_option("#game", "empyreal")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    page.check("#variant-team")
    page.click("#go")
    page.wait_for_function("document.getElementById('error').textContent !== ''")
    assert "variants: " in page.inner_text("#error") and "teams" in page.inner_text("#error")
    page.close()


def test_replay_a_study_result_row_in_the_browser(live: LiveServer, browser: Any, tmp_path: Path) -> None:
    from hexkit.sim.study import Study, play_game

    study = Study(game="hex", players=2, agents=("random", "greedy"), games=2, seed=30)
    rows = [play_game(study, i) for i in range(2)]
    results = tmp_path / "results.jsonl"
    results.write_text("".join(json.dumps(r) + "\n" for r in rows))
    page = browser.new_page()
    page.goto(live.url + "/replay")
    page.set_input_files("#file", str(results))
    page.wait_for_function("document.body.dataset.steps !== undefined")
    assert page.locator("#row option").count() == 2 and "seed 30" in page.inner_text("#row")
    page.select_option("#row", "1")  # the second game, seed 31
    steps = rows[1]["decisions"]
    page.wait_for_function(f"document.body.dataset.steps === '{steps}'")
    page.locator("#step").fill(str(steps))
    page.wait_for_function(f"document.body.dataset.step === '{steps}'")
    assert page.evaluate("document.body.dataset.over") == "true"
    assert page.locator("#board svg").count() == 1 and page.inner_text("#log").strip()
    page.close()
