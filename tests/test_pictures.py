"""Pictures for notebooks: the SVG boards, the HTML sheets and the deduction table.

Every SVG is parsed with ElementTree (well-formed XML, the SVG namespace, a viewBox
and a title) and checked against the game state it draws; every HTML fragment is
parsed with html.parser and checked for balanced tags and its content.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from html.parser import HTMLParser

import attrs
import pytest

from hogwarts_rules import CHANCE, ChanceOutcome, ExternalDice
from hogwarts_rules import adventure as ad
from hogwarts_rules import clue as cl
from hogwarts_rules import hufflepuff_ravenclaw as hr
from hogwarts_rules.adventure.svg import NO_HOUSE_COLOUR, SEAT_COLOURS
from hogwarts_rules.clue.deduction import ENVELOPE, Notebook
from hogwarts_rules.clue.svg import pawn_labels

SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = "Ann <script>&\"'</script>"  # a legal name: it does not start with '<'


# ----- helpers ---------------------------------------------------------------------------------


def parse_svg(text: str) -> ET.Element:
    assert text.startswith("<svg")
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    view_box = root.get("viewBox")
    assert view_box is not None and len(view_box.split()) == 4
    title = root.find(f"{SVG}title")
    assert title is not None and title.text
    return root


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def all_text(root: ET.Element) -> str:
    """Every text node and attribute value of a parsed document, joined."""
    pieces: list[str] = []
    for element in root.iter():
        pieces.extend(filter(None, (element.text, element.tail)))
        pieces.extend(element.attrib.values())
    return "\n".join(pieces)


VOID = {"br", "hr", "img", "input", "meta", "link", "wbr", "col", "area", "source"}


class Checker(HTMLParser):
    """Collects tags and text, and fails on a closing tag that does not match."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.starts: list[tuple[str, dict[str, str | None]]] = []
        self.data: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.starts.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.starts.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, (self.stack, tag)
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.data.append(data)

    def tags(self, tag: str, **wanted: str) -> Iterator[dict[str, str | None]]:
        for name, attributes in self.starts:
            if name == tag and all(attributes.get(k) == v for k, v in wanted.items()):
                yield attributes

    @property
    def text(self) -> str:
        return "".join(self.data)


def parse_html(text: str) -> Checker:
    checker = Checker()
    checker.feed(text)
    checker.close()
    assert checker.stack == [], checker.stack
    return checker


# ----- First Year Adventure ----------------------------------------------------------------------


def adventure_midgame(names: Sequence[str], seed: int, steps: int) -> ad.Game:
    game, _ = ad.new_game(list(names), seed=seed).apply(ad.RollOff())
    bots = {name: ad.HeuristicBot() for name in names}
    for _ in range(steps):
        (who,) = game.to_act
        game, _ = game.apply(bots[who].choose(game.view(who), who, game.legal_actions()))
    return game


def test_adventure_pawns_stand_on_their_spaces_in_house_colours() -> None:
    game = adventure_midgame(["Ann", "Ben", "Cat", "Dan"], seed=3, steps=60)
    assert any(p.house for p in game.players.values())  # a mid-game state, some sorted
    root = parse_svg(ad.board_svg(game))
    pawns = with_class(root, "pawn")
    assert sorted(p.get("data-player") or "" for p in pawns) == sorted(game.players)
    for pawn in pawns:
        player = game.players[pawn.get("data-player") or ""]
        assert pawn.get("data-space") == player.space.value
        seat = list(game.players).index(player.name)
        colour = ad.HOUSE_COLOURS[player.house] if player.house else SEAT_COLOURS[seat]
        assert pawn.get("fill") == colour
    # Every space of the board is drawn once, and every pawn is inside its space's box.
    spaces = {e.get("data-space"): e for e in with_class(root, "space")}
    assert set(spaces) == {space.value for space in ad.Space}
    for pawn in pawns:
        box = spaces[pawn.get("data-space")]
        x, y, w, h = (float(box.get(k) or 0) for k in ("x", "y", "width", "height"))
        assert x <= float(pawn.get("cx") or 0) <= x + w
        assert y <= float(pawn.get("cy") or 0) <= y + h


def test_adventure_house_colours() -> None:
    assert dict(ad.HOUSE_COLOURS) == {
        "Gryffindor": "#ae0001",
        "Hufflepuff": "#f0c419",
        "Ravenclaw": "#1f4fa3",
        "Slytherin": "#1a7a3c",
    }
    game = ad.new_game(["Ann", "Ben"], seed=1)
    sorted_game = attrs.evolve(
        game,
        players=game.players.set(
            "Ann", attrs.evolve(game.players["Ann"], house=ad.House.RAVENCLAW)
        ),
    )
    fills = {
        p.get("data-player"): p.get("fill")
        for p in with_class(parse_svg(sorted_game.to_svg()), "pawn")
    }
    assert fills == {"Ann": "#1f4fa3", "Ben": SEAT_COLOURS[1]}


def test_adventure_pawns_differ_before_the_sorting() -> None:
    # Every pawn was grey until sorted, and Harry and Hermione were both "H".
    game = ad.new_game(["Harry", "Hermione", "Ron", "Neville"], seed=1)
    root = parse_svg(game.to_svg())
    pawns = with_class(root, "pawn")
    assert len({p.get("fill") for p in pawns}) == 4
    assert {p.get("stroke") for p in pawns} == {NO_HOUSE_COLOUR}  # the "not sorted" ring
    labels = {e.get("data-player"): e.text for e in with_class(root, "pawn-label")}
    assert labels == {"Harry": "Ha", "Hermione": "He", "Ron": "Ro", "Neville": "Ne"}
    key = " ".join(text for g in with_class(root, "key") for text in g.itertext())
    assert all(house in key for house in ad.HOUSE_COLOURS)
    assert "not sorted yet" in key


def test_pawn_labels_never_collide() -> None:
    assert pawn_labels(["Harry", "Hermione", "Ron", "Ginny", "Luna", "Neville"]) == [
        "Ha",
        "He",
        "Ro",
        "Gi",
        "Lu",
        "Ne",
    ]
    for names in (["Ann", "Anna", "Annabel"], ["Zoe", "Zoe", "Zed"], ["A", "B"], ["Bo", "Bob"]):
        labels = pawn_labels(names)
        assert len(set(labels)) == len(labels), names


def test_clue_pawn_labels_and_key() -> None:
    students = {"Ann": "Harry", "Ben": "Hermione", "Cat": "Ron"}
    game, _ = cl.new_game(["Ann", "Ben", "Cat"], seed=4, students=students).apply(cl.Deal())
    root = parse_svg(game.view("Ann").to_svg())
    labels = {e.get("data-player"): e.text for e in with_class(root, "pawn-label")}
    assert labels == {"Ann": "Ha", "Ben": "He", "Cat": "Ro"}
    key = " ".join(text for g in with_class(root, "key") for text in g.itertext())
    for words in ("open door", "closed door", "star square", "fireplace", "token"):
        assert words in key


def test_adventure_panel_lists_points_clues_and_skills() -> None:
    game = adventure_midgame(["Ann", "Ben", "Cat"], seed=9, steps=80)
    root = parse_svg(game.to_svg())
    panels = {g.get("data-player") or "": g for g in with_class(root, "player")}
    assert list(panels) == list(game.order)
    for name, panel in panels.items():
        p = game.players[name]
        text = all_text(panel)
        assert panel.get("data-house-points") == str(p.house_points)
        assert panel.get("data-clues") == str(p.clues)
        assert f"House points: {p.house_points}" in text
        assert f"Clues: {p.clues}" in text
        for skill in ("Magic", "Flying", "Study", "Chess"):
            assert f"{skill} {p.skill(skill.lower())}" in text


def test_adventure_methods_and_width() -> None:
    game = ad.new_game(["Ann", "Ben"], seed=2)
    assert game.to_svg() == game._repr_svg_() == ad.board_svg(game)
    root = parse_svg(game.to_svg(width=480))
    assert root.get("width") == "480"
    for bad in (0, -5, 2.5, True):
        with pytest.raises(ValueError, match="width"):
            ad.board_svg(game, width=bad)  # type: ignore[arg-type]


def test_adventure_finished_game() -> None:
    names = ("Harry", "Ron", "Hermione")
    game, _ = ad.new_game(list(names), seed=7).apply(ad.RollOff())
    game = ad.play_out(game, {name: ad.HeuristicBot() for name in names})
    assert game.outcome is not None
    root = parse_svg(game.to_svg())
    title = root.find(f"{SVG}title")
    assert title is not None and "won" in (title.text or "")
    assert {p.get("data-space") for p in with_class(root, "pawn")} == {"Great Hall"}


def test_adventure_hostile_name_is_escaped() -> None:
    game = adventure_midgame([HOSTILE, "Ben"], seed=4, steps=10)
    svg = game.to_svg()
    assert "<script>" not in svg
    root = parse_svg(svg)
    assert not [e for e in root.iter() if e.tag.endswith("script")]
    (pawn,) = [p for p in with_class(root, "pawn") if p.get("data-player") == HOSTILE]
    assert pawn.get("data-space") == game.players[HOSTILE].space.value
    names = [e.text for e in with_class(root, "player-name")]
    assert HOSTILE in names


# ----- Clue --------------------------------------------------------------------------------------

PLAYERS = ("Ann", "Ben", "Cat")
STUDENTS = {"Ann": "Harry", "Ben": "Hermione", "Cat": "Ron"}
ENVELOPE_CARDS = ("Scabior", "Stupefy", "Hogwarts")


def feed(game: cl.Game, values: Sequence[int | str]) -> cl.Game:
    for value in values:
        assert game.to_act == (CHANCE,)
        game, _ = game.apply(ChanceOutcome(value))
    return game


def dealt(players: Sequence[str] = PLAYERS, students: Mapping[str, str] = STUDENTS) -> cl.Game:
    """A game dealt with external dice: the envelope is ENVELOPE_CARDS, Neville is missing."""
    game = cl.new_game(list(players), dice=ExternalDice(), students=dict(students))
    game, _ = game.apply(cl.Deal())
    rest = [card for card in cl.MYSTERY_CARDS if card not in ENVELOPE_CARDS]
    helps = ["Alohomora", "Felix Felicis", "Alohomora"][: len(players)]
    return feed(game, ["Neville", *ENVELOPE_CARDS, *rest, *helps])


def clue_midgame(seed: int, steps: int) -> cl.Game:
    names = ["Ann", "Ben", "Cat", "Dan"]
    bots: dict[str, cl.Bot] = {name: cl.NotebookBot() for name in names}
    return cl.play_out(cl.new_game(names, seed=seed), bots, max_steps=steps)


def doors_drawn(root: ET.Element) -> dict[str, ET.Element]:
    return {e.get("data-door-id") or "": e for e in root.iter() if e.get("data-door")}


def test_clue_pawns_stand_on_their_positions() -> None:
    game = clue_midgame(seed=5, steps=120)
    assert not game.is_over and game.tokens  # mid-game, suggestions made
    root = parse_svg(cl.board_svg(game))
    pawns = {p.get("data-player"): p for p in with_class(root, "pawn")}
    assert set(pawns) == set(game.seats)
    for name, seat in game.seats.items():
        assert seat.position is not None
        assert pawns[name].get("data-position") == cl.cell_name(seat.position)
        assert pawns[name].get("data-student") == seat.student
        assert pawns[name].get("fill") == cl.STUDENT_COLOURS[seat.student or ""]
    tokens = {t.get("data-token"): t.get("data-location") for t in with_class(root, "token")}
    assert tokens == dict(game.tokens)


def test_clue_doors_follow_the_wheels() -> None:
    game = dealt()
    before = doors_drawn(parse_svg(game.to_svg()))
    board = game.content.board
    assert set(before) == {door.id for door in board.doors}
    assert game.closed_doors() == frozenset()
    assert {e.get("data-door") for e in before.values()} == {"open"}
    # Ann rolls the Gringotts face: the Gringotts wheel turns one notch.
    game, _ = game.apply(cl.RollDice("Ann"))
    game = feed(game, ["Gringotts", 3])
    assert game.wheels["Gringotts"] == 1
    closed = game.closed_doors()
    assert "gringotts-east" in closed  # this notch closes the door that was open
    root = parse_svg(game.to_svg())
    after = doors_drawn(root)
    for door_id, element in after.items():
        state = "closed" if door_id in closed else "open"
        assert element.get("data-door") == state
        assert element.get("id") == f"door-{door_id}"
        assert f"door-{state}" in (element.get("class") or "").split()
        bars = [e for e in element.iter() if e.get("class") == "door-bar"]
        assert len(bars) == (1 if state == "closed" else 0)
    assert before["gringotts-east"].get("data-door") == "open"
    assert after["gringotts-east"].get("data-door") == "closed"
    wheels = {w.get("data-wheel"): w.get("data-notch") for w in with_class(root, "wheel")}
    assert wheels == {name: str(notch) for name, notch in game.wheels.items()}


def test_clue_fireplaces_and_stars() -> None:
    game = clue_midgame(seed=8, steps=90)
    root = parse_svg(game.to_svg())
    board = game.content.board
    fireplaces = {
        f.get("data-location"): f.get("data-fireplace") for f in with_class(root, "fireplace")
    }
    assert set(fireplaces) == set(board.fireplaces)
    lit = {loc for loc, state in fireplaces.items() if state == "lit"}
    assert lit == set(game.lit_fireplaces())
    assert lit and lit != set(board.fireplaces)  # some lit, some not
    for element in with_class(root, "fireplace"):
        flames = with_class(element, "flame")
        assert len(flames) == (1 if element.get("data-fireplace") == "lit" else 0)
    stars = {s.get("data-cell") for s in with_class(root, "star")}
    expected = {
        f"{r},{c}"
        for r, row in enumerate(board.grid)
        for c, square in enumerate(row)
        if square == "*"
    }
    assert stars == expected
    locations = {e.get("data-location") for e in with_class(root, "location")}
    assert locations == set(board.locations)


def private_cards(game: cl.Game, player: str) -> set[str]:
    """Mystery cards the player may not see: others' hands and the envelope."""
    hidden = set(game.envelope)
    for name, seat in game.seats.items():
        if name != player:
            hidden |= set(seat.hand)
    return hidden - set(game.seats[player].hand)


def test_clue_view_shows_only_what_the_player_knows() -> None:
    game = dealt()
    view = game.view("Ann")
    root = parse_svg(view.to_svg())
    assert view.to_svg() == view._repr_svg_() == cl.board_svg(view)
    cards = [e.get("data-card") for e in with_class(root, "hand-card")]
    assert cards == list(view.hand)
    assert [e.get("data-card") for e in with_class(root, "hidden-help")] == list(view.hidden_help)
    # Before any suggestion no token has moved: no card of another hand, nor of the
    # envelope, appears anywhere, except location names, which the board prints.
    text = all_text(root)
    for card in private_cards(game, "Ann") - set(cl.LOCATIONS):
        assert card not in text, card
    # In the players' panels and the player's own notes, no private card at all.
    panels = with_class(root, "seat") + with_class(root, "private") + with_class(root, "status")
    assert len(panels) == len(PLAYERS) + 2
    outside = "\n".join(all_text(panel) for panel in panels)
    for card in private_cards(game, "Ann"):
        assert card not in outside, card
    # Other players' face-down Help cards are only counted.
    for name in ("Ben", "Cat"):
        for card in game.seats[name].hidden_help:
            if card not in view.hidden_help:
                assert card not in text


def test_clue_view_mid_game_never_leaks() -> None:
    game = clue_midgame(seed=5, steps=120)
    for player in game.seats:
        view = game.view(player)
        root = parse_svg(view.to_svg())
        drawn = {e.get("data-card") for e in root.iter() if e.get("data-card")}
        known = set(view.hand) | set(view.hidden_help)
        known |= {card for _, card in view.shown_to_me} | {card for _, card in view.shown_by_me}
        assert drawn == known
        public = set(cl.LOCATIONS) | set(game.tokens)
        text = all_text(root)
        for card in private_cards(game, player) - public - known:
            assert card not in text, card


def test_clue_game_picture_is_public_only() -> None:
    game = dealt()
    root = parse_svg(game.to_svg())
    assert not [e for e in root.iter() if e.get("data-card")]
    assert not with_class(root, "private")
    text = all_text(root)
    for card in set(cl.MYSTERY_CARDS) - set(cl.LOCATIONS):  # all hidden before suggestions
        assert card not in text, card
    for seat in game.seats.values():
        for card in seat.hidden_help:
            assert card not in text
    seats = {g.get("data-player"): g for g in with_class(root, "seat")}
    for name, seat in game.seats.items():
        assert f"{len(seat.hand)} mystery cards" in all_text(seats[name])
        assert seats[name].get("data-floo") == str(seat.floo)
    assert game._repr_svg_() == game.to_svg()


def test_clue_hostile_name_is_escaped() -> None:
    students = {HOSTILE: "Harry", "Ben": "Hermione", "Cat": "Ron"}
    game = dealt((HOSTILE, "Ben", "Cat"), students)
    for svg in (game.to_svg(), game.view(HOSTILE).to_svg(), game.view("Ben").to_svg()):
        assert "<script>" not in svg
        root = parse_svg(svg)
        pawns = [p for p in with_class(root, "pawn") if p.get("data-player") == HOSTILE]
        assert len(pawns) == 1
        assert HOSTILE in [e.text for e in with_class(root, "player-name")]


def test_clue_view_content_must_fit() -> None:
    game = dealt()
    view = game.view("Ann")
    odd = attrs.evolve(view, closed_doors=frozenset({"no-such-door"}))
    with pytest.raises(ValueError, match="content"):
        odd.to_svg()
    assert odd._repr_svg_() is None  # Jupyter then shows the text repr
    other = cl.load_content({**cl.content_to_dict(game.content), "name": "house rules"})
    with pytest.raises(ValueError, match="content"):
        cl.board_svg(game, content=other)
    assert cl.board_svg(view, content=other) == view.to_svg()  # the same board
    with pytest.raises(ValueError, match="width"):
        game.to_svg(width=0)


def test_clue_before_the_deal_and_at_the_end() -> None:
    game = cl.new_game(list(PLAYERS), seed=2)
    root = parse_svg(game.to_svg())
    assert with_class(root, "pawn") == []
    names = ["Ann", "Ben", "Cat"]
    final = cl.play_out(cl.new_game(names, seed=3), {n: cl.NotebookBot() for n in names})
    assert final.is_over
    root = parse_svg(final.to_svg())
    title = root.find(f"{SVG}title")
    assert title is not None and "over" in (title.text or "")
    text = all_text(root)
    assert "\u2605 winner" in text or final.winner is None


# ----- the deduction table -----------------------------------------------------------------------


def test_deduction_table_matches_probabilities() -> None:
    game = clue_midgame(seed=5, steps=120)
    deduction = Notebook.from_view(game.view("Ann")).solve()
    table = deduction._repr_html_()
    assert table == cl.deduction_html(deduction)
    parsed = parse_html(table)
    cells = list(parsed.tags("td"))
    assert len(cells) == len(cl.MYSTERY_CARDS) * len(deduction.owners)
    seen = set()
    for cell in cells:
        card, owner = cell["data-card"] or "", cell["data-owner"] or ""
        p = deduction.probability(card, owner)
        assert Fraction(cell["data-fraction"] or "") == p
        assert cell["class"] == ("certain" if p == 1 else "impossible" if p == 0 else "possible")
        seen.add((card, owner))
    assert seen == {(c, o) for c in cl.MYSTERY_CARDS for o in deduction.owners}
    categories = [t["data-category"] for t in parsed.tags("tbody")]
    assert categories == ["suspect", "item", "location"]
    owners = [t["data-owner"] for t in parsed.tags("th") if "data-owner" in t]
    assert owners == list(deduction.owners)
    assert "Envelope" in parsed.text and ENVELOPE not in parsed.text


def test_deduction_table_percentages_and_escaping() -> None:
    players = ["Ann", HOSTILE, "Cat"]
    book = Notebook.start(players, hand_sizes=dict.fromkeys(players, 6))
    book = book.holds("Ann", ["Scabior", "Stupefy", "Hogwarts"])
    deduction = book.solve()
    table = deduction._repr_html_()
    assert "<script>" not in table
    parsed = parse_html(table)
    assert not list(parsed.tags("script"))
    assert HOSTILE in parsed.text
    rows = parsed.text
    # Scabior is certainly Ann's; Fenrir Greyback is in the envelope with chance 1/5.
    assert deduction.probability("Scabior", "Ann") == 1
    assert deduction.envelope_probability("Fenrir Greyback") == Fraction(1, 5)
    assert "\u2714 100%" in rows and "20%" in rows
    certain = list(parsed.tags("td", **{"class": "certain"}))
    assert {(c["data-card"], c["data-owner"]) for c in certain} == {
        (card, "Ann") for card in ("Scabior", "Stupefy", "Hogwarts")
    }


# ----- Hufflepuff & Ravenclaw --------------------------------------------------------------------


def rich_character(name: str) -> hr.Character:
    sheet = hr.Character.first_year(
        name,
        stats={"Agility": 4},
        skills={"Brawl": 2, "Charms": 1, "Gossip": -1},
        traits={"Quick <hands>": hr.Trait(2, frozenset({"Brawl"})), "Fear of heights": -3},
        spells=["Lumos", "Alohomora"],
        classes=["Charms", "Potions"],
    )
    return attrs.evolve(sheet, damage=2, youth=5, checks=frozenset({"Brawl"}))


def test_character_sheet() -> None:
    sky = rich_character("Sky")
    sheet = sky._repr_html_()
    assert sheet == hr.character_html(sky)
    parsed = parse_html(sheet)
    (div,) = parsed.tags("div", **{"class": "hr-character"})
    assert div["data-character"] == "Sky"
    (health,) = parsed.tags("div", **{"class": "hr-health"})
    assert health["data-wound"] == sky.wound.value == "major"
    assert health["data-damage"] == "2"
    (youth,) = parsed.tags("div", **{"class": "hr-youth"})
    assert youth["data-youth"] == "5"
    text = parsed.text
    for word in (
        "year 1",
        "Youth: 5 of 7",
        "Size 3",
        "Agility",
        "Intellect",
        "Fortitude",
        "Bravery",
        "Brawl",
        "+2",
        "check mark",
        "Potions",
        "Quick <hands>",
        "Fear of heights",
        "Disadvantage",
        "Lumos",
        "Alohomora",
        "Check marks: Brawl",
        "Classes: Charms, Potions",
    ):
        assert word in text, word
    adult = attrs.evolve(hr.Character.first_year("Hagrid"), year=None, youth=0)
    assert "none (an adult)" in parse_html(hr.character_html(adult)).text


def test_character_sheet_escapes_everything() -> None:
    nasty = "<script>alert(1)</script>&\"'"
    sheet = hr.character_html(rich_character(nasty))
    assert "<script>" not in sheet
    parsed = parse_html(sheet)
    assert not list(parsed.tags("script"))
    (div,) = parsed.tags("div", **{"class": "hr-character"})
    assert div["data-character"] == nasty
    assert nasty in parsed.text


def test_scene_side_by_side() -> None:
    scene = hr.new_game([rich_character(HOSTILE), "Weasley"], dice=ExternalDice())
    scene, _ = scene.apply(hr.Damage("Weasley", 1, "a fall"))
    html_text = scene._repr_html_()
    assert html_text == hr.scene_html(scene)
    assert "<script>" not in html_text
    parsed = parse_html(html_text)
    sheets = [d["data-character"] for d in parsed.tags("div", **{"class": "hr-character"})]
    assert sheets == [HOSTILE, "Weasley"]
    wounds = [d["data-wound"] for d in parsed.tags("div", **{"class": "hr-health"})]
    assert wounds == [c.wound.value for c in scene.characters.values()]
    assert "The game master's move." in parsed.text
    waiting, _ = scene.apply(hr.SkillTest("Weasley", "Brawl", "Agility"))
    assert "Waiting for a roll" in parse_html(waiting._repr_html_()).text
    deciding, _ = waiting.apply(ChanceOutcome(11))
    assert "Waiting for Weasley: Weasley rolled 11" in parse_html(deciding._repr_html_()).text
    ended, _ = scene.apply(hr.EndScene())
    assert "The scene has ended." in parse_html(ended._repr_html_()).text
