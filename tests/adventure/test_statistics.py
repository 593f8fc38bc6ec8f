"""Statistics: over many seeded games, table results follow the exact odds of the tables.

Each game is played by random bots, whose choices (keep a roll, use a Remembrall or a
stored +1) do not depend on the dice, so every roll on a table is a fair roll. The
seeds are fixed, so the test is deterministic; the threshold (p = 0.001) is generous,
yet a table wired to the wrong dice, modifier or rows fails it by far.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

import attrs
import pytest

from hogwarts_rules import adventure as ad

NAMES = ("Harry", "Ron", "Hermione", "Neville")
GAMES = 300
ROLL_OFFS = 3000

# Upper 0.001 quantiles of the chi-square distribution, by degrees of freedom.
CRITICAL_P001 = {
    1: 10.828,
    2: 13.816,
    3: 16.266,
    4: 18.467,
    5: 20.515,
    6: 22.458,
    7: 24.322,
    8: 26.124,
}


def exact_distribution(key: str, modifier: int) -> dict[str, Fraction]:
    """The probability of each row of a table, for its dice plus a fixed modifier."""
    table = ad.TABLES[key]
    probability = Fraction(1, 6**table.dice)
    odds: dict[str, Fraction] = {row.result: Fraction(0) for row in table.rows}
    for faces in itertools.product(range(1, 7), repeat=table.dice):
        odds[table.row_for(sum(faces) + modifier).result] += probability
    assert sum(odds.values()) == 1
    return odds


def chi_square(
    observed: Mapping[str, int], expected: Mapping[str, Fraction | float]
) -> tuple[float, int]:
    """The statistic and its degrees of freedom; impossible results must not occur at all.

    ``expected`` gives each result's probability (or, summed over rolls, its expected
    count share: see `expected_shares`); results expected fewer than 5 times are pooled.
    """
    n = sum(observed.values())
    assert set(observed) <= set(expected), set(observed) - set(expected)
    for key, p in expected.items():
        if p == 0:
            assert observed.get(key, 0) == 0, f"{key!r} cannot happen, yet happened"
    cells = sorted((key for key, p in expected.items() if p > 0), key=lambda k: expected[k])
    groups: list[list[str]] = []
    for key in cells:  # from the least likely up: pool until each group expects 5 or more
        if groups and sum(n * expected[k] for k in groups[-1]) < 5:
            groups[-1].append(key)
        else:
            groups.append([key])
    if len(groups) > 1 and sum(n * expected[k] for k in groups[0]) < 5:
        groups[1] += groups.pop(0)
    statistic = 0.0
    for group in groups:
        count = sum(observed.get(k, 0) for k in group)
        mean = n * sum(float(expected[k]) for k in group)
        statistic += (count - mean) ** 2 / mean
    return statistic, len(groups) - 1


def assert_fits(observed: Mapping[str, int], expected: Mapping[str, Fraction | float]) -> None:
    statistic, df = chi_square(observed, expected)
    assert df >= 1, "too few rolls for a chi-square test"
    assert statistic < CRITICAL_P001[df], (
        f"chi-square {statistic:.1f} >= {CRITICAL_P001[df]} (df {df}); "
        f"observed {dict(observed)}, expected "
        f"{ {k: round(float(p) * sum(observed.values()), 1) for k, p in expected.items()} }"
    )


@attrs.frozen
class Games:
    rolls: tuple[tuple[ad.TableRolled, ...], ...]  # per game, in order
    first_player_seats: tuple[int, ...]
    dice_faces: Counter[int]


def play_games(seeds: Iterable[int]) -> Games:
    per_game: list[tuple[ad.TableRolled, ...]] = []
    seats: list[int] = []
    faces: Counter[int] = Counter()
    for seed in seeds:
        game = ad.new_game(list(NAMES), seed=seed, max_rounds=300)
        bots = {name: ad.RandomBot(seed * len(NAMES) + i) for i, name in enumerate(NAMES)}
        rolled: list[ad.TableRolled] = []
        while not game.is_over:
            actions = game.legal_actions()
            who = game.to_act[0] if game.to_act else NAMES[0]
            game, events = game.apply(bots[who].choose(game.view(who), who, actions))
            for event in events:
                if isinstance(event, ad.TableRolled):
                    rolled.append(event)
                    faces.update(event.dice)
                elif isinstance(event, ad.AmountRolled):
                    faces.update(event.dice)
                elif isinstance(event, ad.TurnOrderSet):
                    seats.append(NAMES.index(event.order[0]))
        per_game.append(tuple(rolled))
    return Games(tuple(per_game), tuple(seats), faces)


@pytest.fixture(scope="module")
def games() -> Games:
    return play_games(range(GAMES))


# Tables whose modifier is fixed, or fixed by the modifiers the roll shows.
CASES: list[tuple[str, tuple[tuple[str, int], ...]]] = [
    ("childhood", ()),
    ("magical_talent", ()),
    ("additional_talent", ()),
    ("admissions", ()),
    ("gringotts_wealth", ()),
    ("gringotts_visit", ()),
    ("ollivanders", (("wealth", 0),)),
    ("ollivanders", (("wealth", 1),)),
    ("familiar", (("wealth", -1),)),
    ("platform", (("family", 1),)),
    ("platform", (("family", -1),)),
    ("great_hall", ()),
    ("troll", (("Magic skill", 0),)),
    ("mail", (("owl", 0),)),
    ("package", ()),
    ("hallways", (("cloak", 0),)),
    ("dorm_rooms", ()),
    ("library", (("Study skill", 0),)),
    ("flying_lessons", (("Flying skill", 1),)),
    ("potions", (("Study skill", 1),)),
    ("third_floor", ()),
    ("hagrids_cottage", ()),
    ("defence", ()),
    ("dark_woods", ()),
    ("wizards_chess", ()),
    ("herbology", ()),
    ("mirror", (("previously obsessed", 0), ("mean family", 1))),
    ("fluffy", (("Magic skill", 1),)),
]


@pytest.mark.parametrize(
    ("key", "modifiers"),
    CASES,
    ids=[f"{key}{''.join(f'[{n}={v}]' for n, v in mods)}" for key, mods in CASES],
)
def test_table_results_follow_the_exact_odds(
    games: Games, key: str, modifiers: tuple[tuple[str, int], ...]
) -> None:
    observed = Counter(
        roll.result
        for rolls in games.rolls
        for roll in rolls
        if roll.table == key and roll.modifiers == modifiers
    )
    assert sum(observed.values()) >= 100, f"only {sum(observed.values())} rolls"
    assert_fits(observed, exact_distribution(key, sum(v for _, v in modifiers)))


def expected_shares(rolls: Sequence[ad.TableRolled]) -> dict[str, float]:
    """The share of rolls expected on each row, each roll with its own modifiers."""
    shares: dict[str, float] = {}
    odds_by_modifier: dict[tuple[str, int], dict[str, Fraction]] = {}
    for roll in rolls:
        modifier = sum(v for _, v in roll.modifiers)
        odds = odds_by_modifier.get((roll.table, modifier))
        if odds is None:
            odds = odds_by_modifier[roll.table, modifier] = exact_distribution(roll.table, modifier)
        for result, p in odds.items():
            shares[result] = shares.get(result, 0.0) + float(p) / len(rolls)
    return shares


@pytest.mark.parametrize("key", list(ad.TABLES))
def test_every_table_follows_the_exact_odds_given_each_rolls_modifiers(
    games: Games, key: str
) -> None:
    # All rolls of the table, whatever their modifiers: the expected count of each row
    # is the sum over the rolls of its probability given that roll's modifiers.
    rolls = [roll for rolls in games.rolls for roll in rolls if roll.table == key]
    assert len(rolls) >= 50, f"only {len(rolls)} rolls"
    assert_fits(Counter(roll.result for roll in rolls), expected_shares(rolls))


def test_first_sorting_roll_follows_the_exact_odds(games: Games) -> None:
    observed: Counter[str] = Counter()
    for rolls in games.rolls:
        seen: set[str] = set()
        for roll in rolls:
            if roll.table == "sorting" and roll.player not in seen:
                seen.add(roll.player)
                observed[roll.result] += 1
        assert seen == set(NAMES)
    assert sum(observed.values()) == GAMES * len(NAMES)
    assert_fits(observed, exact_distribution("sorting", 0))


def test_every_table_roll_reads_its_row(games: Games) -> None:
    rolled = Counter[str]()
    for rolls in games.rolls:
        for roll in rolls:
            table = ad.TABLES[roll.table]
            assert len(roll.dice) == table.dice
            assert roll.total == sum(roll.dice) + sum(v for _, v in roll.modifiers)
            assert roll.result == table.row_for(roll.total).result
            rolled[roll.table] += 1
    assert set(rolled) == set(ad.TABLES), set(ad.TABLES) - set(rolled)


def test_dice_faces_are_uniform(games: Games) -> None:
    observed = {str(face): count for face, count in games.dice_faces.items()}
    assert_fits(observed, {str(face): Fraction(1, 6) for face in range(1, 7)})


def test_who_goes_first_in_the_games_is_uniform(games: Games) -> None:
    assert len(games.first_player_seats) == GAMES
    observed = Counter(NAMES[seat] for seat in games.first_player_seats)
    assert_fits(observed, {name: Fraction(1, len(NAMES)) for name in NAMES})


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_roll_off_is_uniform_over_seats(n_players: int) -> None:
    names = NAMES[:n_players]
    observed: Counter[str] = Counter()
    for seed in range(ROLL_OFFS):
        game, events = ad.new_game(list(names), seed=seed).apply(ad.RollOff())
        (order,) = [e.order for e in events if isinstance(e, ad.TurnOrderSet)]
        rolls = [e.rolls for e in events if isinstance(e, ad.RolledOff)]
        assert [name for name, _ in rolls[0]] == list(names)
        for earlier, later in itertools.pairwise(rolls):
            best = max(roll for _, roll in earlier)
            assert [name for name, _ in later] == [n for n, r in earlier if r == best]
        (winner,) = [name for name, roll in rolls[-1] if roll == max(r for _, r in rolls[-1])]
        assert order[0] == winner == game.current_player
        observed[winner] += 1
    assert_fits(observed, {name: Fraction(1, n_players) for name in names})


def test_exact_distribution_examples() -> None:
    assert exact_distribution("troll", 0) == {
        "Mauled by Troll": Fraction(21, 36),  # 2 to 7 on 2D6
        "Defeat Troll": Fraction(15, 36),
    }
    assert exact_distribution("hallways", 1)["Observe altercation between Snape & Quirrell"] == (
        Fraction(1, 6)
    )
    assert exact_distribution("sorcerers_stone", 0)["Defeat Voldemort"] == Fraction(1, 36)
