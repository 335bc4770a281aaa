"""The last generic questions, typed: payments (``pay``, ``pay.private``), upkeep food and effect questions.

Each is answered by its handler with the rule examples' numbers; another
seat's view of a private payment shows no card; a wrong answer changes
nothing; a save holding the old ``Step`` form loads as the typed question
(or, for a Soot 0.3.2 payment question without continuation, as the one
``Step`` form left) and plays the same, and one that does not fit is refused
naming the field.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from hexkit.errors import IllegalActionError, InvalidRecordError
from hexkit.rng import Rng
from hexkit.serialize import codec
from hexkit_soot import GAME
from hexkit_soot.actions import (Choose, ChoosePayment, ChoosePrivatePayment, EffectQuestion, PayUpkeepFood, Step,
                                 TYPED_QUESTIONS)
from hexkit_soot.effects.events import DroughtChoice
from hexkit_soot.ledger import data
from hexkit_soot.rules.payment import Rerun
from hexkit_soot.rules.refine import Firing
from hexkit_soot.rules.upkeep import pay_food
from hexkit_soot.state import SootState

from tests.soot.test_payment_choices import builder_short_of_stone, labels, pick_label, upkeep
from tests.soot.test_payment_resume import drought_asking, smelter_asking

PORTED = ("pay", "pay.private", "upkeep.food", "effect")


def _json(state: SootState) -> str:
    return codec(GAME).state_to_json(state)


def _wild_cards() -> SootState:
    return builder_short_of_stone(["Foreman", "Land Grant", "Foreman"])


def _upkeep_asking() -> SootState:
    """P0 owes 3 food (3 camps) with 1 Grain and 2 Livestock: two ways (rulebook, Upkeep: food values)."""
    s = upkeep({"Grain": 1, "Livestock": 2}, camps=3)
    s.players[0].camps_founded = 3
    assert not pay_food(s, 0)
    return s


def _old(state: SootState, top: Any, **fields: Any) -> dict[str, Any]:
    """``top`` as an untagged ``Step`` of its kind, with its options (the form saved before it was typed)."""
    c = codec(GAME)
    return {"player": top.player, "prompt": top.prompt, "kind": top.kind, "tag": "", "data": [],
            "options": [c.converter.unstructure(a, Choose) for a in GAME.legal_actions(state)], **fields}


# -- each typed question, answered by its handler ---------------------------------------


def test_a_fuel_payment_is_a_typed_question_listing_the_ways() -> None:
    s = smelter_asking()  # a Smelter firing: 2 fuel from 2 Coal and 2 Charcoal (rulebook, Refine)
    q = s.pending[-1]
    assert type(q) is ChoosePayment and q.kind == "pay" and isinstance(q.then, Firing)
    assert (q.what, q.by_unit, q.offered, q.shown) == (
        "fuel for the Smelter", False, (0, 1, 2), ("2 Coal", "1 Coal + 1 Charcoal", "2 Charcoal"))
    assert [(a.code, a.arg) for a in GAME.legal_actions(s)] == [("way", 0), ("way", 1), ("way", 2)]
    assert labels(s) == ["fuel for the Smelter: 2 Coal", "fuel for the Smelter: 1 Coal + 1 Charcoal",
                         "fuel for the Smelter: 2 Charcoal"]
    pick_label(s, "fuel for the Smelter: 1 Coal + 1 Charcoal")
    p = s.players[0]
    assert (p.stock["Coal"], p.stock["Charcoal"], p.stock["Pig Iron"]) == (1, 1, 2)


def test_a_wild_card_payment_is_a_private_typed_question() -> None:
    s = _wild_cards()  # a Sawmill short of 1 Timber, paid with one card of three (rulebook, Cards)
    q = s.pending[-1]
    assert type(q) is ChoosePrivatePayment and q.kind == "pay.private" and q.private
    assert (q.what, q.offered, q.shown) == ("cards as wild resources", (0, 1), ("1 Foreman", "1 Land Grant"))
    pick_label(s, "cards as wild resources: 1 Land Grant")
    assert s.players[0].hand == ["Foreman", "Foreman"] and s.discard[-1] == "Land Grant"


def test_upkeep_food_pays_through_its_typed_question() -> None:
    s = _upkeep_asking()
    q = s.pending[-1]
    assert type(q) is ChoosePayment and isinstance(q.then, Rerun)
    assert q.then.step == PayUpkeepFood(player=0, prompt="Upkeep: 3 food owed")
    assert q.shown == ("1 Livestock + 1 Grain", "2 Livestock")
    pick_label(s, "Upkeep food: 2 Livestock")  # overpays by 1: the player's call
    assert s.players[0].stock == {"Grain": 1} and s.players[0].currency == 8
    assert any(e.text.endswith("upkeep 3 food: paid 2 Livestock") for e in s.log)


def test_an_effect_question_is_typed_and_answered_through_its_continuation() -> None:
    s = drought_asking()  # Drought B: each player pays 1 food or 2 currency, from the holder on
    q = s.pending[-1]
    assert type(q) is EffectQuestion and q.kind == "effect"
    assert (q.player, q.source, q.stage) == (1, "Drought", "pay:1:0") and isinstance(q.then, DroughtChoice)
    grain = list(data(s).goods).index("Grain")
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(s)] == [("food", grain, "pay 1 Grain"),
                                                                         ("cash", 2, "pay 2¤")]
    before = s.players[1].currency
    GAME.apply(s, Choose(code="cash", arg=2))
    assert s.players[1].currency == before - 2
    nxt = s.pending[-1]
    assert isinstance(nxt, EffectQuestion) and isinstance(nxt.then, DroughtChoice) and nxt.player == 2


# -- hidden: another seat's view of a private payment -----------------------------------


def test_another_seats_view_of_a_private_payment_shows_no_card() -> None:
    s = _wild_cards()
    for seat in (1,):
        view = GAME.view(s, seat)
        q = view.pending[-1]
        assert type(q) is ChoosePrivatePayment and q.screened and q.then is None and q.shown == ()
        assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(view)] == [("way", -1, "?")]
        text = codec(GAME).state_to_json(view)
        question = text[text.index('"pending"'):]
        for card in ("Foreman", "Land Grant"):
            assert card not in question
    own = GAME.view(s, 0).pending[-1]
    assert own == s.pending[-1]  # the payer sees its own ways


def test_a_private_payment_asked_unit_by_unit_hides_the_cards_chosen_so_far() -> None:
    s = _wild_cards()
    q = s.pending.pop()
    assert isinstance(q, ChoosePrivatePayment)
    s.pending.append(ChoosePrivatePayment(player=0, prompt="cards as wild resources: next unit; so far 1 Foreman?",
                                          what=q.what, by_unit=True, offered=(0, 1), shown=("Foreman", "Land Grant"),
                                          then=q.then))
    s.invalidate_legal()
    view = GAME.view(s, 1)
    shown = view.pending[-1]
    assert shown.prompt == "cards as wild resources: next unit?"
    assert [(a.code, a.arg, a.label) for a in GAME.legal_actions(view)] == [("unit", -1, "?")]
    assert "Foreman" not in repr(shown) and "Land Grant" not in repr(shown)


def test_a_public_payment_naming_a_screened_ingredient_is_masked_for_other_seats() -> None:
    s = smelter_asking()
    q = s.pending.pop()
    assert isinstance(q, ChoosePayment)
    s.players[0].stock["Cultural Artifact"] = 1  # behind P0's screen
    s.supply.take_exact("Cultural Artifact", 1)
    s.pending.append(ChoosePayment(player=0, prompt="input: pay with?", what="input", by_unit=False,
                                   offered=(0, 1), shown=("1 Cultural Artifact", "1 Cloth"), then=q.then))
    s.invalidate_legal()
    view = GAME.view(s, 1).pending[-1]
    assert isinstance(view, ChoosePayment) and view.screened and "Cultural" not in repr(view)
    assert (view.what, view.prompt, view.then) == ("", "pay with?", None)
    s.pending[-1] = ChoosePayment(player=0, prompt="1 Cultural Artifact: pay with?", what="1 Cultural Artifact",
                                  by_unit=False, offered=(0, 1), shown=("1 from caravan 0", "1 from the network"),
                                  then=q.then)  # where an ingredient comes from: its name is in what is paid
    s.invalidate_legal()
    view = GAME.view(s, 1).pending[-1]
    assert isinstance(view, ChoosePayment) and view.screened and "Cultural" not in repr(view)
    plain = smelter_asking()
    assert GAME.view(plain, 1).pending[-1] == plain.pending[-1]  # no ingredient named: shown as asked


# -- a wrong answer changes nothing ------------------------------------------------------


@pytest.mark.parametrize("make", [smelter_asking, _wild_cards, _upkeep_asking, drought_asking],
                         ids=["pay", "pay.private", "upkeep food", "effect"])
def test_a_wrong_answer_is_refused_and_changes_nothing(make: Any) -> None:
    s = make()
    before = _json(s)
    for wrong in (Choose(code="way", arg=9), Choose(code="unit", arg=0), Choose(code="food", arg=-1)):
        with pytest.raises(IllegalActionError):
            GAME.apply(s, wrong)
        assert _json(s) == before


def test_a_masked_payment_in_a_view_cannot_be_answered() -> None:
    view = GAME.view(_wild_cards(), 1)
    before = _json(view)
    with pytest.raises(IllegalActionError):
        GAME.apply(view, Choose(code="way", arg=0))
    assert _json(view) == before


# -- old saves ----------------------------------------------------------------------------


@pytest.mark.parametrize("make", [smelter_asking, _wild_cards, _upkeep_asking],
                         ids=["pay", "pay.private", "upkeep food"])
def test_a_payment_step_with_a_continuation_loads_as_the_typed_question_and_plays_the_same(make: Any) -> None:
    s = make()
    top = s.pending[-1]
    saved = codec(GAME).state_to_dict(s)
    old = copy.deepcopy(saved)
    old["state"]["pending"][-1] = _old(s, top, then=saved["state"]["pending"][-1]["then"])
    if isinstance(top.then, Rerun):  # Soot 0.3.3 saved the Rerun's paying question untagged too
        old["state"]["pending"][-1]["then"]["step"] = {"player": top.then.step.player, "prompt": top.then.step.prompt,
                                                       "kind": top.then.step.kind, "tag": "", "data": [],
                                                       "options": []}
    loaded = codec(GAME).state_from_dict(old)
    assert loaded.pending[-1] == top
    pick = GAME.legal_actions(s)[-1]
    for state in (s, loaded):
        GAME.apply(state, pick)
    assert _json(loaded) == _json(s)


def test_an_upkeep_payment_saved_by_soot_0_3_2_resumes_through_the_step_left() -> None:
    s = _upkeep_asking()
    top = s.pending[-1]
    assert isinstance(top.then, Rerun)
    saved = codec(GAME).state_to_dict(s)
    older = copy.deepcopy(saved)
    older["state"]["pending"][-1:] = [
        {"player": 0, "prompt": "Upkeep: 3 food owed", "kind": "upkeep.food", "tag": "", "data": [], "options": []},
        _old(s, top, tag="food", data=[0])]
    loaded = codec(GAME).state_from_dict(older)
    assert isinstance(loaded.pending[-1], Step) and loaded.pending[-1].kind == "pay"  # the one payment Step left
    assert loaded.pending[-2] == PayUpkeepFood(player=0, prompt="Upkeep: 3 food owed")
    pick = GAME.legal_actions(s)[0]
    for state in (s, loaded):
        GAME.apply(state, pick)
    assert loaded.players[0].stock == s.players[0].stock == {"Livestock": 1}
    assert _json(loaded) == _json(s)


@pytest.mark.parametrize("keep_then", [True, False], ids=["0.3.3", "0.3.2"])
def test_an_effect_step_loads_as_the_typed_question_and_plays_the_same(keep_then: bool) -> None:
    s = drought_asking()
    top = s.pending[-1]
    saved = codec(GAME).state_to_dict(s)
    old = copy.deepcopy(saved)
    old["state"]["pending"][-1] = _old(s, top, tag="Drought|pay:1:0",
                                       then=saved["state"]["pending"][-1]["then"] if keep_then else None)
    loaded = codec(GAME).state_from_dict(old)
    want = top if keep_then else EffectQuestion(player=1, prompt=top.prompt, source="Drought", stage="pay:1:0",
                                                options=top.options, then=None)
    assert loaded.pending[-1] == want
    grain = list(data(s).goods).index("Grain")
    for state in (s, loaded):
        GAME.apply(state, Choose(code="food", arg=grain))
    assert _json(loaded) == _json(s)


@pytest.mark.parametrize(("make", "change", "field"), [
    (smelter_asking, {"options": [{"code": "way", "arg": 0, "label": "fuel: 2 Coal"},
                                  {"code": "unit", "arg": 1, "label": "fuel: 1 Coal"}]}, "options"),
    (smelter_asking, {"options": [{"code": "way", "arg": 0, "label": "fuel: 2 Coal"},
                                  {"code": "way", "arg": 1, "label": "other: 1 Coal"}]}, "options"),
    (smelter_asking, {"options": [{"code": "way", "arg": 1, "label": "fuel: 2 Coal"}]}, "options"),
    (smelter_asking, {"data": [3]}, "data"),
    (drought_asking, {"tag": "Drought"}, "tag"),
    (drought_asking, {"tag": "Drought|pay:1:0", "data": [1]}, "data"),
    (drought_asking, {"tag": "Drought|pay:1:0", "options": []}, "options"),
])
def test_an_old_step_that_does_not_fit_is_refused_naming_the_field(make: Any, change: dict[str, Any],
                                                                    field: str) -> None:
    s = make()
    saved = codec(GAME).state_to_dict(s)
    saved["state"]["pending"][-1] = {**_old(s, s.pending[-1], then=saved["state"]["pending"][-1]["then"]), **change}
    with pytest.raises(InvalidRecordError, match=rf"state.pending.*{field}"):
        codec(GAME).state_from_dict(saved)


def test_an_old_upkeep_food_step_with_data_is_refused_naming_the_field() -> None:
    s = _upkeep_asking()
    saved = codec(GAME).state_to_dict(s)
    saved["state"]["pending"][-1]["then"]["step"] = {"player": 0, "prompt": "Upkeep", "kind": "upkeep.food",
                                                     "tag": "", "data": [3], "options": []}
    with pytest.raises(InvalidRecordError, match=r"data: a 'upkeep.food' question holds no data"):
        codec(GAME).state_from_dict(saved)


# -- integrity on load --------------------------------------------------------------------


@pytest.mark.parametrize(("make", "edit", "field", "says"), [
    (smelter_asking, {"shown": ["2 Coal", "2 Charcoal", "1 Coal + 1 Charcoal"]}, "then", "not this question"),
    (smelter_asking, {"offered": [0, 2, 1]}, "offered", "numbered from 0"),
    (smelter_asking, {"shown": ["2 Coal"]}, "shown", "1 texts for 3 answers"),
    (smelter_asking, {"screened": True}, "screened", "only another seat's view"),
    (smelter_asking, {"player": 1}, "then", "P0's, but P1 is asked"),
    (drought_asking, {"source": "No Such Card"}, "source", "not a registered effect"),
    (drought_asking, {"screened": True}, "screened", "only another seat's view"),
    (_upkeep_asking, {"offered": [1, 0]}, "offered", "numbered from 0"),
])
def test_a_damaged_typed_question_is_refused_on_load_naming_the_field(make: Any, edit: dict[str, Any], field: str,
                                                                      says: str) -> None:
    saved = codec(GAME).state_to_dict(make())
    saved["state"]["pending"][-1].update(edit)
    with pytest.raises(InvalidRecordError, match=rf"state.pending.\d+.{field}") as caught:
        codec(GAME).state_from_dict(saved)
    assert says in str(caught.value)


def test_an_upkeep_food_question_outside_upkeep_is_refused() -> None:
    s = _upkeep_asking()
    saved = codec(GAME).state_to_dict(s)
    saved["state"]["pending"][-1:] = [{"type": "PayUpkeepFood", "player": 0, "prompt": "Upkeep"},
                                      saved["state"]["pending"][-1]]
    saved["state"]["phase"] = "production"
    with pytest.raises(InvalidRecordError, match=r"state.pending.\d+.*upkeep food question in phase 'production'"):
        codec(GAME).state_from_dict(saved)


# -- no Step of these kinds is ever asked ---------------------------------------------------


def test_random_games_never_ask_a_bare_step_of_the_ported_kinds() -> None:
    """Random games of 1-6 players with modules: every payment and effect question is typed; a ``Step``
    is only the turn menu (old saves aside)."""
    seen: dict[str, int] = {}
    for players, seed, variants in ((1, 3, ()), (2, 4, ("labor",)), (3, 5, ("shares",)), (4, 6, ()),
                                    (5, 7, ("long-valley",)), (6, 8, ())):
        s = GAME.new(GAME.make_config(players, variants), seed)
        chooser = Rng(seed)
        while not GAME.is_over(s):
            for q in s.pending:
                assert not (isinstance(q, Step) and q.kind in PORTED), (players, seed, q)
                assert isinstance(q, (Step, *TYPED_QUESTIONS))
                if isinstance(q, Step):
                    assert q.kind == "turn", q.kind
            top = s.pending[-1]
            if top.kind in PORTED:
                seen[top.kind] = seen.get(top.kind, 0) + 1
            legal = GAME.legal_actions(s)
            GAME.apply(s, legal[chooser.randbelow(len(legal))])
    assert seen.get("pay", 0) > 0 and seen.get("effect", 0) > 0, seen


def _unit_by_unit_ingredient() -> SootState:
    """P0 asked unit by unit for a payment naming a Cultural Artifact, one of them behind its screen."""
    s = smelter_asking()
    q = s.pending.pop()
    assert isinstance(q, ChoosePayment)
    s.players[0].stock["Cultural Artifact"] = 1
    s.supply.take_exact("Cultural Artifact", 1)
    s.pending.append(ChoosePayment(player=0, prompt="input: next unit; so far 1 Cultural Artifact?", what="input",
                                   by_unit=True, offered=(0, 1), shown=("Cultural Artifact", "Cloth"), then=q.then))
    s.invalidate_legal()
    return s


@pytest.mark.parametrize("make", [_wild_cards, _unit_by_unit_ingredient], ids=["pay.private", "pay"])
def test_a_masked_payment_changes_only_declared_hidden_fields_and_a_view_again_is_the_same(make: Any) -> None:
    import fnmatch

    from hexkit_soot.game import HIDDEN_FIELDS
    from tests.soot.test_hidden import as_json, changed_paths

    s = make()
    view = GAME.view(s, 1)
    changed = {p for p in changed_paths(s, view) if p.startswith("pending.")}
    assert changed and all(any(fnmatch.fnmatchcase(p, pat) for pat in HIDDEN_FIELDS) for p in changed), changed
    assert as_json(GAME.view(view, 1)) == as_json(view)
    assert view.pending[-1].prompt in ("cards as wild resources: pay with?", "next unit?")
