"""The core of the text notation: tokens, names, errors, JSON and chance, game records."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hogwarts_rules import ExternalDice, IllegalActionError, InvalidDataError, find_game
from hogwarts_rules.actions import ChanceOutcome, Practice, Rekey
from hogwarts_rules.engine import MAX_ACTIONS, GameBase
from hogwarts_rules.errors import CORE_ERROR_CODES
from hogwarts_rules.notation import (
    RECORD_HEADER,
    NameTable,
    format_action,
    load_record,
    parse_action,
    read_names,
    record_text,
    tokenize,
)

SUSPECTS = NameTable("suspect", ("Fenrir Greyback", "Lucius Malfoy", "Draco Malfoy", "Scabior"))
PLACES = NameTable("location", ("Malfoy Manor", "Hog's Head", "The Burrow", "12 Grimmauld Place"))


def test_tokens_split_at_spaces_and_keep_quoted_runs() -> None:
    assert tokenize("  suggest  Scabior   necklace ") == ["suggest", "Scabior", "necklace"]
    assert tokenize('damage "Student 3" 2 "a \\"hex\\""') == ["damage", "Student 3", "2", 'a "hex"']
    assert tokenize('""') == [""]
    with pytest.raises(IllegalActionError) as caught:
        tokenize('damage "Sky')
    assert caught.value.code == "bad_notation" and "unterminated" in caught.value.message


def test_names_by_word_start_run_or_whole_name() -> None:
    assert SUSPECTS.find(["greyback"]) == ("Fenrir Greyback",)
    assert SUSPECTS.find(["FEN"]) == ("Fenrir Greyback",)
    assert SUSPECTS.find(["malfoy"]) == ("Lucius Malfoy", "Draco Malfoy")
    assert SUSPECTS.find(["draco", "malfoy"]) == ("Draco Malfoy",)
    assert SUSPECTS.find(["Draco Malfoy"]) == ("Draco Malfoy",)
    assert PLACES.find(["hogs", "head"]) == ("Hog's Head",)
    assert PLACES.find(["Hog's"]) == ("Hog's Head",)
    assert PLACES.find(["burrow"]) == ("The Burrow",)
    assert PLACES.find(["12"]) == ("12 Grimmauld Place",)
    assert PLACES.find(["x"]) == () and PLACES.find([]) == ()


def test_a_whole_word_beats_the_start_of_a_word() -> None:
    table = NameTable("item", ("Love Potion", "Lovegood's Hat"))
    assert table.find(["love"]) == ("Love Potion",)
    assert table.find(["lov"]) == ("Love Potion", "Lovegood's Hat")


def test_short_names_are_the_longest_telling_word_or_the_quoted_name() -> None:
    assert [SUSPECTS.short(n) for n in SUSPECTS.names] == ["greyback", "lucius", "draco", "scabior"]
    assert PLACES.short("12 Grimmauld Place") == "grimmauld"
    assert PLACES.short("The Burrow") == "burrow"
    same = NameTable("character", ("Sky", "Student 3"), full=True)
    assert [same.short(n) for n in same.names] == ["Sky", '"Student 3"']
    twins = NameTable("x", ("Red Cap", "Red Cap Two"))
    assert twins.short("Red Cap") == '"Red Cap"'
    for table in (SUSPECTS, PLACES, same, twins):
        for name in table.names:
            assert table.one(tokenize(table.short(name))) == name


def test_errors_name_what_did_not_match() -> None:
    with pytest.raises(IllegalActionError) as caught:
        SUSPECTS.one(["snape"])
    assert caught.value.code == "bad_notation"
    assert caught.value.message.startswith("'snape' names no suspect (Fenrir Greyback,")
    with pytest.raises(IllegalActionError, match="'malfoy' could be Lucius Malfoy, Draco Malfoy"):
        SUSPECTS.one(["malfoy"])
    with pytest.raises(IllegalActionError, match="'snape' names no suspect or location"):
        read_names(["snape", "burrow"], (SUSPECTS, PLACES))
    with pytest.raises(IllegalActionError, match="expected a suspect then a location"):
        read_names(["scabior"], (SUSPECTS, PLACES))
    long = "x" * 500
    with pytest.raises(IllegalActionError) as caught:
        SUSPECTS.one([long])
    assert len(caught.value.message) < 200


def test_several_names_are_read_by_every_cut() -> None:
    assert read_names(["fenrir", "greyback", "hogs", "head"], (SUSPECTS, PLACES)) == (
        "Fenrir Greyback",
        "Hog's Head",
    )
    assert read_names(["draco", "malfoy", "manor"], (SUSPECTS, PLACES)) == (
        "Draco Malfoy",
        "Malfoy Manor",
    )
    ambiguous = NameTable("a", ("A B", "A")), NameTable("b", ("B C", "C"))
    with pytest.raises(IllegalActionError, match="reads several ways"):
        read_names(["a", "b", "c"], ambiguous)


def test_core_codes_are_listed() -> None:
    assert {"bad_notation", "no_notation", "bad_record"} <= set(CORE_ERROR_CODES)


def test_every_game_of_the_library_has_a_notation() -> None:
    for kind in ("adventure", "clue", "hr"):
        assert find_game(kind).notation is not None


def test_core_actions_and_json() -> None:
    game = find_game("clue").new_game(3, seed=1)
    assert format_action(game, Practice()) == "practice"
    assert parse_action(game, "PRACTICE") == Practice()
    assert format_action(game, Rekey("12")) == "rekey 12"
    assert parse_action(game, "rekey 12") == Rekey("12")
    with pytest.raises(IllegalActionError, match="seed"):
        parse_action(game, "rekey twelve")
    assert parse_action(game, '{"type": "clue.deal"}') == game.legal_actions()[0]
    for text, words in (("{nope", "not JSON"), ('{"type": "nope"}', "not an action")):
        with pytest.raises(IllegalActionError, match=words) as caught:
            parse_action(game, text)
        assert caught.value.code == "bad_notation"


@pytest.mark.parametrize("text", ["", "   ", "fly", "x" * 30_000])
def test_text_that_names_nothing_is_refused(text: str) -> None:
    game = find_game("adventure").new_game(2, seed=1)
    with pytest.raises(IllegalActionError) as caught:
        parse_action(game, text)
    assert caught.value.code == "bad_notation"
    assert len(caught.value.message) < 400


def test_not_text_is_refused() -> None:
    game = find_game("adventure").new_game(2, seed=1)
    with pytest.raises(IllegalActionError) as caught:
        parse_action(game, 7)  # type: ignore[arg-type]
    assert caught.value.code == "bad_notation"


def test_a_game_without_notation_says_so(toy: str) -> None:
    spec = find_game(toy)
    assert spec.notation is None
    game = spec.new_game(2, seed=1)
    with pytest.raises(IllegalActionError) as caught:
        parse_action(game, "go")
    assert caught.value.code == "no_notation"
    with pytest.raises(IllegalActionError) as caught:
        format_action(game, game.legal_actions()[0])
    assert caught.value.code == "no_notation"


def test_chance_outcomes_by_number_and_by_name() -> None:
    game = find_game("clue").new_game(3, dice=ExternalDice())
    game, _ = game.apply(parse_action(game, "deal"))
    assert game.awaiting is not None  # the missing student is drawn
    for action in game.legal_actions():
        assert isinstance(action, ChanceOutcome)
        text = format_action(game, action)
        assert text.startswith("chance ") and parse_action(game, text) == action
    with pytest.raises(IllegalActionError, match="names no outcome"):
        parse_action(game, "chance snape")
    adventure = find_game("adventure").new_game(2, dice=ExternalDice())
    adventure, _ = adventure.apply(parse_action(adventure, "rolloff"))
    assert parse_action(adventure, "chance 4") == ChanceOutcome(4)
    assert format_action(adventure, ChanceOutcome(4)) == "chance 4"
    with pytest.raises(IllegalActionError, match="outcome"):
        parse_action(adventure, "chance")


def _random_game(kind: str, players: int, seed: int, steps: int, **options: Any) -> GameBase:
    rng = random.Random(seed)
    game = find_game(kind).new_game(players, seed=seed, **options)
    for _ in range(steps):
        legal = game.legal_actions()
        if game.is_over or not legal:
            break
        game, _ = game.apply(rng.choice(legal))
    return game


@pytest.mark.parametrize(("kind", "players"), [("clue", 3), ("adventure", 4)])
def test_a_record_loads_back_as_the_same_game(kind: str, players: int) -> None:
    game = _random_game(
        kind, players, 5, 400, **({"max_rounds": 20} if kind == "adventure" else {})
    )
    text = record_text(game)
    lines = text.splitlines()
    assert lines[0] == RECORD_HEADER and lines[1] == f"game: {game.KIND}"
    assert lines[2].startswith("setup: {")
    assert lines[3].startswith("1. ")
    loaded = load_record(text)
    assert loaded.to_dict() == game.to_dict()
    assert load_record(text.replace("\n", "\r\n")).to_dict() == game.to_dict()


def test_a_record_with_external_dice_holds_the_rolls() -> None:
    rng = random.Random(3)
    game = find_game("adventure").new_game(2, dice=ExternalDice(), max_rounds=3)
    while not game.is_over:
        game, _ = game.apply(rng.choice(game.legal_actions()))
    text = record_text(game)
    assert "chance " in text and text.rstrip().splitlines()[-1].startswith("# over (")
    assert load_record(text).to_dict() == game.to_dict()


def test_a_hand_written_record_loads() -> None:
    text = """# by hand
    game: adventure
    setup: {"players": ["Harry", "Ron"], "dice": {"kind": "seeded", "seed": "7", "state": "7"}}

    rolloff
    2.  [Harry]   turn
    """
    game = load_record(text)
    assert len(game.history) == 2 and game.history[1].actor == "Harry"


def test_a_record_longer_than_max_actions_is_refused_before_it_is_replayed() -> None:
    """As `from_dict`: the count is checked first, so a huge record costs no replay."""
    text = """game: adventure
    setup: {"players": ["Harry", "Ron"], "dice": {"kind": "seeded", "seed": "7", "state": "7"}}
    # a comment is no move
    rolloff
    turn
    """
    assert len(load_record(text, max_actions=2).history) == 2
    with pytest.raises(InvalidDataError) as caught:
        load_record(text, max_actions=1)
    assert caught.value.code == "too_many_actions"
    assert "2 moves, more than the 1 allowed" in caught.value.message
    # The default bound is `MAX_ACTIONS`, and the moves past it are not even read.
    flood = text + "not a move\n" * MAX_ACTIONS
    with pytest.raises(InvalidDataError) as caught:
        load_record(flood)
    assert caught.value.code == "too_many_actions"


def test_a_record_ends_lines_at_newlines_only() -> None:
    # U+2028, U+2029, form feed and NEL inside a comment do not start a new line.
    text = SETUP + "# a note\u2028rolloff\u2029 more\x0cturn\x85no\nrolloff\r\n"
    game = load_record(text)
    assert len(game.history) == 1


def test_a_record_of_any_named_game_loads_back() -> None:
    game = find_game("adventure").new_game(["Ann Bob", "Ron"], seed=7)
    game, _ = game.apply(parse_action(game, "rolloff"))
    assert load_record(record_text(game)).to_dict() == game.to_dict()


SETUP = (
    'game: adventure\nsetup: {"players": ["Harry", "Ron"], '
    '"dice": {"kind": "seeded", "seed": "7", "state": "7"}}\n'
)


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        ("", "bad_record", "needs a 'game:'"),
        ("1. rolloff", "bad_record", "line 1: expected 'game:'"),
        ("game: adventure\nsetup: {", "bad_record", "line 2: the set-up is not JSON"),
        ('game: adventure\nsetup: {"players": 3}', "bad_record", "line 2"),
        (
            SETUP + "rolloff\n[Ron] fly",
            "illegal_record",
            "line 4: 'fly' is not a First Year Adventure action",
        ),
        (
            SETUP + "[Ginny] rolloff",
            "illegal_record",
            "line 3: '[Ginny] rolloff' names no seat",
        ),
        (
            SETUP + "rolloff\n[Ron] turn\n[Ron] turn",
            "illegal_record",
            "line 4",
        ),
    ],
)
def test_bad_records_are_refused_with_the_line(text: str, code: str, words: str) -> None:
    with pytest.raises(InvalidDataError) as caught:
        load_record(text)
    assert caught.value.code == code
    assert words in caught.value.message


def test_a_seat_named_in_a_record_must_be_the_one_acting() -> None:
    start = find_game("adventure").new_game(["Harry", "Ron"], seed=7)
    game, _ = start.apply(parse_action(start, "rolloff"))
    deciding = game.to_act[0]
    other = next(seat for seat in game.seat_names if seat != deciding)
    text = record_text(game) + f"2. [{other}] turn\n"
    with pytest.raises(InvalidDataError, match="line 5"):
        load_record(text)


def check_round_trips(game: GameBase, rng: random.Random, steps: int) -> int:
    """Play ``steps`` random actions; at every position, every legal action round-trips.

    Returns how many actions were checked.
    """
    checked = 0
    for _ in range(steps):
        legal = game.legal_actions()
        if game.is_over or not legal:
            break
        deciding = game.to_act[0] if game.to_act else None
        for action in legal:
            text = format_action(game, action)
            assert len(text) <= 48, text
            assert parse_action(game, text, action.actor) == action, text
            assert parse_action(game, text.upper(), action.actor) == action, text
            if action.actor is None or action.actor == deciding:
                assert parse_action(game, text) == action, text
            checked += 1
        game, _ = game.apply(rng.choice(legal))
    return checked
