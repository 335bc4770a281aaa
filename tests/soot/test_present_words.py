"""Secret objectives read as words at the terminal and in answer labels, not as data keys."""

from hexkit_soot.data import MEASURES, SecretObjective
from hexkit_soot.present import MEASURE_WORDS, goal_text


def test_every_measure_has_words() -> None:
    assert set(MEASURE_WORDS) == set(MEASURES)
    assert all("_" not in words for words in MEASURE_WORDS.values())


def test_goal_text_of_two_objectives_from_scoring_toml() -> None:
    fortune = SecretObjective(name="Debt Free Fortune", measure="currency_no_loans", target=10, points=5,
                              source="assumed: test")
    clean = SecretObjective(name="Clean Industry", measure="clean_with_facility", target=1, points=5,
                            source="assumed: test")
    assert goal_text(fortune) == "reach 10 currency with no loan for 5 VP"
    assert goal_text(clean) == "end with a facility with soot 3 or less for 5 VP"
