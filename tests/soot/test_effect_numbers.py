"""The effect numbers of ``effects.toml`` (issue 13, item 4): ``--set effects.<name>=...``
reaches the effect, a bad value is refused by name, every number is read by some effect, and
the card, event and upgrade texts that quote a number follow it.

Source: rulebook §21 (upgrade tiles and passives); data ``effects.toml``,
``cards.toml`` and ``events.toml`` (assumed cards and events).
"""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import attrs
import pytest

import hexkit_soot
from hexkit.data import InvalidDataError
from hexkit.errors import ConfigError
from hexkit.hexes import Hex
from hexkit.sim.study import Study
from hexkit.sim.sweep import sweep_studies
from hexkit_soot import GAME
from hexkit_soot.actions import Step
from hexkit_soot.config import game_data
from hexkit_soot.data import DATA_DIR, EffectNumbers, fill_text, load_data
from hexkit_soot.effects import Hook, modify
from hexkit_soot.ledger import data
from hexkit_soot.present import present_answer
from hexkit_soot.rules.camps import place_camp
from hexkit_soot.rules.cards import card_id
from hexkit_soot.rules.market_update import apply_event
from hexkit_soot.rules.setup import give_package
from hexkit_soot.state import Camp, SootState

from tests.soot.helpers import answer, legal

SITE = Hex(0, 1)


def position(overrides: dict[str, object] | None = None, archetypes: tuple[str, ...] = ("Railroad Baron", "Merchant"),
             upgrades: tuple[str, ...] = ()) -> SootState:
    """Round 2, Action phase, P0 to play, with the config's data overrides; P0 owns ``upgrades``."""
    state = GAME.new(GAME.make_config(len(archetypes), overrides=overrides or {}), seed=11)
    state.pending.clear()
    for seat, name in enumerate(archetypes):
        give_package(state, seat, name)
    state.round = 2
    state.phase = "actions"
    state.order = list(range(len(archetypes)))
    for p in state.players:
        p.actions = 3
    state.players[0].upgrades.extend(upgrades)
    state.pending.append(Step(player=0, prompt="turn", kind="turn"))
    state.invalidate_legal()
    return state


def play(state: SootState, card: str) -> None:
    state.players[0].hand.append(card)
    answer(state, "Play Card", card_id(state, card))


def tile_id(state: SootState, terrain: str, site: str = "") -> int:
    return data(state).tile_list().index((terrain, site, False))


# -- --set reaches the effect ------------------------------------------------------------------

@pytest.mark.parametrize("overrides, points, currency", [
    ({}, 3, 4 + 3),  # the packaged card: 3 points and 3 currency (Baron starts with 4)
    ({"effects.royal_charter_points": 5}, 5, 4 + 3),
    ({"effects.royal_charter_points": "5", "effects.royal_charter_currency": 1}, 5, 4 + 1),
])
def test_royal_charter_scores_its_data_numbers(overrides: dict[str, object], points: int, currency: int) -> None:
    state = position(overrides)
    play(state, "The Royal Charter")
    assert state.players[0].points == points
    assert state.players[0].currency == currency


@pytest.mark.parametrize("overrides, extra", [({}, 2), ({"effects.deep_survey_tokens": 3}, 3)])
def test_deep_survey_adds_its_data_number_of_tokens(overrides: dict[str, object], extra: int) -> None:
    state = position(overrides, ("Prospector", "Merchant"), ("Deep Survey",))
    state.tiles[SITE] = tile_id(state, "Hill", "Iron Ore")
    place_camp(state, 0, SITE, "Mining Camp")
    assert state.stacks[SITE] == data(state).sites["Iron Ore"].stack + extra


def test_harsh_winter_b_pays_per_camp_up_to_the_data_cap() -> None:
    for overrides, paid in (({}, 3), ({"effects.harsh_winter_currency_max": 1}, 1),
                            ({"effects.harsh_winter_currency_per_camp": 2, "effects.harsh_winter_currency_max": 9}, 8)):
        state = position(overrides)
        state.players[0].currency = 10
        for r in range(1, 5):  # four camps of P0
            state.camps[Hex(r, -r)] = Camp(owner=0, kind="Farm")
        index = next(i for i, e in enumerate(data(state).events) if e.name == "Harsh Winter")
        apply_event(state, index, "B", 1)
        assert state.players[0].currency == 10 - paid, overrides


def test_passives_and_upgrades_read_their_data_numbers() -> None:
    plain = position({}, ("Town Founder", "Prospector"), ("Switching Yard", "Market Intelligence"))
    assert modify(plain, 0, Hook.CHARTER, 1) == 2
    assert modify(plain, 1, Hook.EXPLORE_MULTIPLIER, 1) == 2
    assert modify(plain, 0, Hook.TOLL_RATE, 1) == 2
    assert modify(plain, 0, Hook.CONTRACT_LIMIT, 2) == 3
    changed = position({"effects.town_founder_charter": 4, "effects.prospector_grant_multiplier": 3,
                        "effects.switching_yard_toll": 5, "effects.market_intelligence_contracts": 4},
                       ("Town Founder", "Prospector"), ("Switching Yard", "Market Intelligence"))
    assert modify(changed, 0, Hook.CHARTER, 1) == 4
    assert modify(changed, 1, Hook.EXPLORE_MULTIPLIER, 1) == 3
    assert modify(changed, 0, Hook.TOLL_RATE, 1) == 5
    assert modify(changed, 0, Hook.CONTRACT_LIMIT, 2) == 4


def test_efficient_furnace_takes_its_number_off_down_to_its_floor() -> None:
    plain = position({}, ("Industrialist", "Merchant"), ("Efficient Furnace",))
    assert [modify(plain, 0, Hook.FUEL_USE, v) for v in (0, 1, 2, 3)] == [0, 1, 1, 2]
    deeper = position({"effects.efficient_furnace_fuel": 2}, ("Industrialist", "Merchant"), ("Efficient Furnace",))
    assert [modify(deeper, 0, Hook.FUEL_USE, v) for v in (0, 1, 2, 3, 4)] == [0, 1, 1, 1, 2]


def test_a_sweep_varies_an_effect_number() -> None:
    base = Study(game="soot", players=2, agents=("random",), games=1)
    points = sweep_studies(base, [("effects.bank_draft_currency", ["3", "5"])])
    assert [game_data(study.config()).effects.bank_draft_currency for _, study in points] == [3, 5]


# -- a bad value is refused by name ---------------------------------------------------------------

@pytest.mark.parametrize("path, value", [("effects.bank_draft_currency", -1), ("effects.surveyors_chain_hexes", 0),
                                         ("effects.royal_charter_points", "many")])
def test_a_refused_override_names_the_path_and_the_file_place(path: str, value: object) -> None:
    with pytest.raises(ConfigError) as err:
        GAME.make_config(2, overrides={path: value})
    name = path.split(".")[1]
    assert path in str(err.value)
    assert "effects.toml:number[" in str(err.value) and f"({name}).value" in str(err.value)


def test_an_override_that_lets_exhausted_seams_b_empty_a_stack_is_refused() -> None:
    with pytest.raises(InvalidDataError) as err:
        GAME.make_config(2, overrides={"effects.exhausted_seams_thinned_tokens": 2})
    assert "exhausted_seams_thinned_at_least" in str(err.value)
    assert "effects.toml:number[" in str(err.value)


def _folder(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


def test_a_bad_value_in_a_data_folder_names_the_entry(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    path = folder / "effects.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('name = "bank_draft_currency"\nvalue = 3', 'name = "bank_draft_currency"\nvalue = -3'),
                    encoding="utf-8")
    with pytest.raises(InvalidDataError) as err:
        load_data(folder)
    index = [line for line in text.splitlines() if line.startswith("name = ")].index('name = "bank_draft_currency"')
    assert f"effects.toml:number[{index}] (bank_draft_currency).value" in str(err.value)
    assert "must not be negative" in str(err.value)


def test_a_folder_without_effects_toml_plays_the_packaged_numbers(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    (folder / "effects.toml").unlink()
    assert load_data(folder).effects == load_data().effects


def test_a_text_quoting_no_number_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    path = folder / "cards.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("{bank_draft_currency}", "{bank_draft_cash}"),
                    encoding="utf-8")
    with pytest.raises(InvalidDataError) as err:
        load_data(folder)
    assert "bank_draft_cash" in str(err.value) and "Bank Draft" in str(err.value)


# -- no dead number -----------------------------------------------------------------------------

def _names_read_in_code() -> set[str]:
    """Every attribute name read in the code (not the docstrings) of the Soot effects (``hexkit_soot/effects``)."""
    names: set[str] = set()
    for path in (Path(hexkit_soot.__file__).parent / "effects").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                names.add(node.attr)
    return names


def test_every_effect_number_is_read_by_some_effect() -> None:
    read = _names_read_in_code()
    dead = [f.name for f in attrs.fields(EffectNumbers) if f.name not in read]
    assert dead == []


def test_the_data_file_gives_every_number_with_a_source() -> None:
    import tomllib

    entries = tomllib.loads((DATA_DIR / "effects.toml").read_text(encoding="utf-8"))["number"]
    assert [e["name"] for e in entries] == [f.name for f in attrs.fields(EffectNumbers)]
    assert all(e["source"].startswith(("rulebook: §21", "rulebook: Soot", "assumed: ")) for e in entries)
    assert len(entries) == 88


# -- the texts follow the numbers -------------------------------------------------------------------

def test_the_packaged_texts_read_as_before() -> None:
    d = load_data()
    assert d.card_texts["The Royal Charter"] == "Score 3 points and gain 3 currency."
    assert d.card_texts["The Telegraph"] == "Draw 2 cards blind and gain 1 bonus action."
    assert d.event_texts["Wagon Train Arrives"] == ("Every player gains 2 Grain in their warehouse network.",
                                                    "Every player gains 1 currency.")
    assert d.upgrade_texts["Master Engineer"] == "One more action each round, only for Refine or Move."


def test_the_texts_follow_an_override() -> None:
    d = game_data(GAME.make_config(2, overrides={
        "effects.royal_charter_points": 1, "effects.telegraph_actions": 2, "effects.wagon_train_grain": 4,
        "effects.master_engineer_actions": 2, "numbers.premium_distance": 5}))
    assert d.card_texts["The Royal Charter"] == "Score 1 point and gain 3 currency."
    assert d.card_texts["The Telegraph"] == "Draw 2 cards blind and gain 2 bonus actions."
    assert d.event_texts["Wagon Train Arrives"][0] == "Every player gains 4 Grain in their warehouse network."
    assert d.event_texts["Last Frontier"][1] == "Every player scores 1 point per camp at distance 5 or more."
    assert d.upgrade_texts["Master Engineer"] == "2 more actions each round, only for Refine or Move."


def test_a_card_offered_in_the_menu_shows_the_overridden_number() -> None:
    state = position({"effects.bank_draft_currency": 5})
    state.players[0].hand.append("Bank Draft")
    state.invalidate_legal()
    play_card = next(a for a in legal(state) if a.code == "Play Card" and a.arg == card_id(state, "Bank Draft"))
    shown = present_answer(state, play_card)
    assert shown is not None and "Gain 5 currency." in shown.label


def test_an_event_offers_its_options_with_the_overridden_numbers() -> None:
    d = game_data(GAME.make_config(2, overrides={"effects.drought_currency": 3, "effects.drought_steps": 1}))
    assert d.event_texts["Drought"] == ("Processed Foods rises 1 step.", "Every player pays 1 food or 3 currency.")


def test_fill_text_forms() -> None:
    numbers = {"n": 2, "one": 1}
    assert fill_text("{n} and {one}", numbers) == "2 and 1"
    assert fill_text("{n:# card/# cards}, {one:# card/# cards}", numbers) == "2 cards, 1 card"
    assert fill_text("{one:One more/# more}; token{n:/s}", numbers) == "One more; tokens"
    assert fill_text("{missing} stays", numbers) == "{missing} stays"


def test_the_toll_and_the_market_intelligence_peek_follow_the_data() -> None:
    from hexkit_soot.config import data
    from hexkit_soot.effects.upgrades import market_intelligence_peek

    game = GAME
    state = game.new(game.make_config(2, overrides={"numbers.toll": 3, "effects.market_intelligence_peek": 5}), 1)
    assert data(state).numbers.toll == 3
    assert market_intelligence_peek(state, 0) == 0  # no tile, no peek
    state.players[0].upgrades.append("Market Intelligence")
    assert market_intelligence_peek(state, 0) == 5
    view = game.view(state, 0)
    assert view.contract_deck[-5:] == state.contract_deck[-5:]  # the top five stay in place
