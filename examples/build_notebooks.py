"""Write the example notebooks (``examples/*.ipynb``) from the cells below, without outputs.

The notebooks are generated so that their code can be reviewed here, as plain Python.
After editing a cell, run ``python examples/build_notebooks.py`` and commit the
notebooks it writes (``tests/test_examples.py`` executes every one of them). Editing a
notebook in Jupyter works too, but then clear its outputs before committing and copy
the change here, or the next run of this script undoes it.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import nbformat
from nbformat import v4

HERE = Path(__file__).resolve().parent
INSTALL = """\
To run it, install the library with the `notebook` extra (matplotlib, pandas, tqdm and a
Jupyter kernel), and a Jupyter front end if you have none (JupyterLab, or VS Code):

```sh
pip install "hogwarts-rules[notebook]"   # from a checkout: pip install ".[notebook]"
pip install jupyterlab
jupyter lab examples/
```

A checkout with the development tools installed (`pip install -e . --group dev`) has
everything but the front end."""


def md(text: str) -> nbformat.NotebookNode:
    """A markdown cell; ``{INSTALL}`` stands for the installation note."""
    return v4.new_markdown_cell(textwrap.dedent(text).strip().replace("{INSTALL}", INSTALL))


def code(text: str) -> nbformat.NotebookNode:
    return v4.new_code_cell(textwrap.dedent(text).strip())


def picture(text: str) -> nbformat.NotebookNode:
    """A code cell whose last expression Jupyter draws (an SVG board, an HTML sheet).

    The tag lets ``tests/test_examples.py`` check that the cell did produce a picture.
    """
    cell = code(text)
    cell.metadata["tags"] = ["picture"]
    return cell


def notebook(*cells: nbformat.NotebookNode) -> nbformat.NotebookNode:
    nb = v4.new_notebook(cells=list(cells))
    for number, cell in enumerate(nb.cells, 1):
        cell.id = f"cell-{number:02d}"  # stable ids: regenerating changes nothing
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    nb.metadata["language_info"] = {"name": "python"}
    return nb


# ----- adventure_tour.ipynb -------------------------------------------------------------

ADVENTURE = notebook(
    md(
        """
        # A tour of First Year Adventure

        `hogwarts_rules.adventure` is the rules engine of *Harry Potter's First Year
        Adventure*, the roll-and-move board game for 2 to 4 players. This notebook
        starts a seeded game, looks at the legal actions, applies a few and reads their
        events, lets the library's bots finish the game, and draws the board.

        A game is an immutable value: `game.apply(action)` returns the next game and
        the events, and never changes `game`.

        {INSTALL}
        """
    ),
    code(
        """
        import json
        from collections import Counter

        from hogwarts_rules import adventure as ad


        def narrate(events):
            \"\"\"Print each event's one-line description.\"\"\"
            for event in events:
                print(event.description)
        """
    ),
    md(
        """
        ## A seeded game

        The seed fixes the dice, so this game is the same on every machine. Before the
        first turn, nobody has to act (`to_act` is empty) and the only legal action is
        the roll for who goes first.
        """
    ),
    code(
        """
        game = ad.new_game(["Harry", "Ron", "Hermione"], seed=7)
        game.to_act, game.legal_actions()
        """
    ),
    code(
        """
        game, events = game.apply(ad.RollOff())
        narrate(events)
        game.to_act, game.legal_actions()
        """
    ),
    md(
        """
        ## Applying actions

        A player's first turn is spent on the tables of the starting space. Each event
        has a `description` for narration and typed fields for programs: a
        `TableRolled` says which table, the dice and the result.
        """
    ),
    code(
        """
        game, events = game.apply(ad.TakeTurn("Harry"))
        narrate(events)
        """
    ),
    code(
        """
        rolled = events[0]
        type(rolled).__name__, rolled.table, rolled.total
        """
    ),
    code(
        """
        harry = game.players["Harry"]
        harry.space.value, harry.magic, harry.flying, harry.raised_by
        """
    ),
    md(
        """
        Most turns offer a single action. Let heuristic bots play until someone has a
        real choice to make: the game then waits for a `Decision` with a prompt, and
        the legal actions are its options.
        """
    ),
    code(
        """
        bots = {name: ad.HeuristicBot() for name in game.seat_names}
        while len(game.legal_actions()) == 1:
            (player,) = game.to_act
            action = bots[player].choose(game.view(player), player, game.legal_actions(player))
            game, events = game.apply(action)
        narrate(events)
        print()
        print(game.awaiting.prompt)
        game.legal_actions()
        """
    ),
    code(
        """
        game, events = game.apply(ad.ChooseHouse("Ron", "Gryffindor"))
        narrate(events)
        """
    ),
    md(
        """
        ## The board

        Jupyter draws a game as its board (`game.to_svg()` gives the same picture as a
        string): the pawns in their houses' colours, and every player's house points,
        clues and skills.
        """
    ),
    picture(
        """
        game
        """
    ),
    md(
        """
        ## What a seat sees

        A bot (or a player's screen) is handed a seat's **view**, `game.view(seat)`: a
        typed, frozen `AdventureView`. The board game keeps no secrets, so it shows every
        player's record, but never the dice, which would predict every roll.
        `game.view(None)` is the table's view, what a spectator sees; a view draws the
        same board as the game.
        """
    ),
    code(
        """
        view = game.view("Ron")
        type(view).__name__, view.viewer, view.round, view.legal_actions, hasattr(view, "dice")
        """
    ),
    code(
        """
        table = game.view(None)
        table.viewer, table.legal_actions, sorted(table.to_dict())[:5]
        """
    ),
    md(
        """
        ## Letting the bots finish

        Every bot of every game has one method, `choose(view, seat, actions)`. A program
        that drives the game does what `hogwarts_rules.play_out(game, bots)` does: ask
        the seat in `game.to_act` to choose among its legal actions
        (`game.legal_actions(seat)`) seeing only its view, apply the choice, and keep
        the events.
        """
    ),
    code(
        """
        log = []
        while not game.is_over:
            (player,) = game.to_act
            action = bots[player].choose(game.view(player), player, game.legal_actions(player))
            game, events = game.apply(action)
            log.extend(events)

        narrate(log[-3:])
        print()
        print(game.outcome.description)
        game.round, game.outcome.winners, dict(game.scores)
        """
    ),
    code(
        """
        Counter(type(event).__name__ for event in log).most_common(5)
        """
    ),
    picture(
        """
        game
        """
    ),
    md(
        """
        ## Saving and replaying

        `to_dict()` is JSON-safe: the set-up and every action. `from_dict` loads it and
        checks it by replaying the actions under the rules, so the loaded game is equal
        to the saved one.
        """
    ),
    code(
        """
        saved = json.dumps(game.to_dict())
        loaded = ad.Game.from_dict(json.loads(saved))
        len(saved), len(game.history), loaded == game, ad.Game.replay(game.record) == game
        """
    ),
)


# ----- clue_tour.ipynb --------------------------------------------------------------------

CLUE = notebook(
    md(
        """
        # A tour of Clue

        `hogwarts_rules.clue` is the rules engine of *Clue: World of Harry Potter*, a
        game of hidden information. The full `clue.Game` holds every secret (the
        envelope, every hand), so a program gives each player only their **view**
        (`game.view(player)`) and the **events they may see**
        (`events_for(events, player)`).

        This notebook deals a seeded game, looks at a player's view, follows a
        suggestion and its refutation as each player sees it, keeps a detective
        notebook with exact probabilities, and draws the board.

        {INSTALL}
        """
    ),
    code(
        """
        import pandas as pd

        from hogwarts_rules import clue
        from hogwarts_rules.events import events_for


        def narrate(events):
            \"\"\"Print each event's one-line description.\"\"\"
            for event in events:
                print(event.description)
        """
    ),
    md(
        """
        ## The deal

        Three players, each with a student chosen in advance. The first action is
        always `clue.Deal()`. These events are the table's: they include everyone's
        hand.
        """
    ),
    code(
        """
        students = {"Ann": "Harry", "Ben": "Hermione", "Cat": "Neville"}
        game = clue.new_game(["Ann", "Ben", "Cat"], seed=26, students=students)
        game, events = game.apply(clue.Deal())
        narrate(events)
        """
    ),
    md(
        """
        Each player is told only their own hand and face-down Help card:
        """
    ),
    code(
        """
        narrate(events_for(events, "Ann"))
        """
    ),
    md(
        """
        ## A player's view

        A `ClueView` holds the player's own cards, everything public (positions, wheels,
        Floo powder, hand sizes, every suggestion) and what is awaited: who must act,
        and this player's legal actions. It never holds the envelope or another hand.
        """
    ),
    code(
        """
        view = game.view("Ann")
        view.hand, view.hidden_help, view.to_act, view.legal_actions
        """
    ),
    code(
        """
        view.seat("Ben"), view.envelope
        """
    ),
    md(
        """
        Jupyter draws a view as the board with that player's own cards beside it, and
        the game itself as the board everyone at the table sees (public facts only).
        """
    ),
    picture(
        """
        view
        """
    ),
    md(
        """
        `game.view(None)` is the table's view, what a spectator sees: no hand at all,
        and, like every view, nothing of the dice.
        """
    ),
    code(
        """
        table = game.view(None)
        table.viewer, table.hand, [seat.hand_size for seat in table.seats], hasattr(table, "dice")
        """
    ),
    md(
        """
        ## A suggestion, seen by each player

        Ann walks out of her start, and Ben walks into the Forbidden Forest. There he
        suggests Peter Pettigrew with the Incendio. Cat, on Ben's left, has none of the
        three cards and passes. Ann must show Ben one of hers: the game waits for her,
        though it is still Ben's turn.
        """
    ),
    code(
        """
        for action in (
            clue.RollDice("Ann"),
            clue.MoveTo("Ann", "3,7"),
            clue.RollDice("Ben"),
            clue.MoveTo("Ben", "Forbidden Forest"),
            clue.Suggest("Ben", "Peter Pettigrew", "Incendio"),
        ):
            game, events = game.apply(action)
        narrate(events)
        game.current_player, game.to_act, game.awaiting.prompt
        """
    ),
    code(
        """
        game.view("Ann").legal_actions
        """
    ),
    md(
        """
        Ann shows the Incendio. Ben and Ann see which card it was; Cat only sees that a
        card was shown:
        """
    ),
    code(
        """
        game, events = game.apply(clue.ShowCard("Ann", "Incendio"))
        for player in game.setup.players:
            print(f"{player}: {[event.description for event in events_for(events, player)]}")
        """
    ),
    picture(
        """
        game
        """
    ),
    md(
        """
        ## The detective notebook

        `clue.Notebook.from_view(view)` writes down everything a player's view says,
        and `solve()` counts every deal of the cards consistent with it: each card's
        probability of being with each player or in the envelope is an exact
        `Fraction`.

        Notebook bots play on until six suggestions have been made (a bot's
        `choose(view, seat, actions)` sees only that seat's view); then we read Ann's
        notebook.
        """
    ),
    code(
        """
        bots = {name: clue.NotebookBot() for name in game.seat_names}
        while len(game.suggestions) < 6:
            (player,) = game.to_act
            view = game.view(player)
            game, _ = game.apply(bots[player].choose(view, player, view.legal_actions))

        view = game.view("Ann")
        for record in view.suggestions:
            asked = ", ".join((record.suspect, record.item, record.location))
            print(f"{record.player}: {asked}; passed {record.passed}; shown by {record.shown_by}")
        view.shown_to_me
        """
    ),
    code(
        """
        book = clue.Notebook.from_view(view)
        for fact in book.facts:
            print(fact.text)
        """
    ),
    code(
        """
        result = book.solve()
        result.deals, result.envelope_probability("Scabior"), result.solution
        """
    ),
    md(
        """
        Jupyter shows a deduction as its probability table: a row per card, a column per
        owner.
        """
    ),
    picture(
        """
        result
        """
    ),
    md(
        """
        `result.table()` gives the same probabilities as floats, card by owner, ready
        for pandas:
        """
    ),
    code(
        """
        table = pd.DataFrame(result.table()).T
        table.sort_values("<envelope>", ascending=False).head(8).round(3)
        """
    ),
    code(
        """
        for certainty in result.certainties:
            if certainty.owner != "Ann":
                print(certainty.text)
        """
    ),
    md(
        """
        The deduction also helps to decide: which suspect and item to suggest in a
        location (the cards whose place is most uncertain), and which accusation is
        most likely right.
        """
    ),
    code(
        """
        result.best_suggestion("Hogwarts"), result.best_accusation()
        """
    ),
    md(
        """
        ## The end

        `clue.DetectiveBot` plays with this deduction. It takes Ann's seat, notebook
        bots the others', and `clue.play_out` (the library's one `play_out` loop, with
        Clue's step limit) finishes the game.
        """
    ),
    code(
        """
        bots["Ann"] = clue.DetectiveBot()
        final = clue.play_out(game, bots)
        print(final.outcome.description)
        final.envelope, len(final.suggestions), final.wrong_accusations
        """
    ),
    picture(
        """
        final
        """
    ),
)


# ----- hufflepuff_ravenclaw_tour.ipynb ----------------------------------------------------

HUFFLEPUFF_RAVENCLAW = notebook(
    md(
        """
        # A tour of Hufflepuff & Ravenclaw

        `hogwarts_rules.hufflepuff_ravenclaw` (imported as `hr`) is the d20 roll-under
        mechanics of the *Hufflepuff & Ravenclaw* role-playing game, as a game master's
        table: skill tests, Youth spent after the roll, contests, spells, damage and
        brawls, with exact odds.

        This notebook makes two characters, runs a skill test with scripted dice,
        computes exact odds, and plays a brawl. Jupyter shows characters and scenes as
        character sheets.

        {INSTALL}
        """
    ),
    code(
        """
        import json

        from hogwarts_rules import ScriptedDice
        from hogwarts_rules import hufflepuff_ravenclaw as hr


        def narrate(events):
            \"\"\"Print each event's one-line description.\"\"\"
            for event in events:
                print(event.description)
        """
    ),
    md(
        """
        ## Characters

        `hr.Character.first_year` fills in a first-year's sheet: 3 in every stat and
        quality unless given, no skills unless given, and 7 points of Youth.
        """
    ),
    code(
        """
        sky = hr.Character.first_year(
            "Sky",
            stats={"Agility": 4},
            skills={"Brawl": 1, "Mischief": 2, "Charms": 1},
            spells=["Lumos"],
            classes=["Charms"],
        )
        weasley = hr.Character.first_year(
            "Weasley",
            stats={"Agility": 3, "Size": 3},
            qualities={"Fortitude": 2},
            skills={"Brawl": 2, "Notice": 1},
        )
        sky.stat("Agility"), sky.skill("Mischief"), sky.youth, sky.size
        """
    ),
    picture(
        """
        sky
        """
    ),
    md(
        """
        ## A skill test, with scripted dice

        Scripted dice say what the rolls will be, for tutorials and tests. Sky sneaks
        past the portraits: Bravery + Mischief, with a -2 modifier because guards are
        close by. The Target Number is 3 and Sky rolls 11.
        """
    ),
    code(
        """
        scene = hr.new_game([sky, weasley], dice=ScriptedDice([11]))
        sneak = hr.SkillTest("Sky", "Mischief", "Bravery", (hr.Modifier(-2, "guards close by"),))
        scene, events = scene.apply(sneak)
        narrate(events)
        """
    ),
    md(
        """
        The roll is a failure, but Sky has Youth: each point spent after the roll adds
        3 to the Target Number. The scene waits for Sky's decision, and the legal
        actions are its options.
        """
    ),
    code(
        """
        print(scene.awaiting.prompt)
        scene.to_act, scene.legal_actions()[:4]
        """
    ),
    code(
        """
        scene, events = scene.apply(hr.SpendYouth("Sky", 3))
        narrate(events)
        scene.characters["Sky"].youth
        """
    ),
    md(
        """
        ## Exact odds

        `hr.success_chance(target, youth=...)` counts the faces of the die: the chance
        that a test against a Target Number succeeds when the player may spend up to
        that much Youth after seeing the roll. It is an exact `Fraction`.
        """
    ),
    code(
        """
        hr.success_chance(3), hr.success_chance(3, youth=3)
        """
    ),
    code(
        """
        print("TN  " + "".join(f"{f'Youth {youth}':>10}" for youth in range(0, 8, 2)))
        for target in range(1, 13, 2):
            chances = [hr.success_chance(target, youth=youth) for youth in range(0, 8, 2)]
            print(f"{target:>2}  " + "".join(f"{float(chance):>10.0%}" for chance in chances))
        """
    ),
    code(
        """
        odds = hr.contest_odds(5, 5)  # a contest where both sides need 5 or less
        odds.first_wins, odds.second_wins, odds.tie
        """
    ),
    md(
        """
        ## A brawl

        The brawl from the rules text: each `BrawlRound` is one exchange in which both
        sides roll Agility + Brawl at once; a hit does damage by the attacker's Size.
        Here nobody spends Youth, and the game master stops after six rounds.
        """
    ),
    code(
        """
        def play(scene, action):
            \"\"\"Apply an action, answer every Youth question with 0, narrate the events.\"\"\"
            scene, events = scene.apply(action)
            while scene.to_act:
                (name,) = scene.to_act
                scene, more = scene.apply(hr.SpendYouth(name, 0))
                events += more
            narrate(event for event in events if not isinstance(event, hr.YouthSpent))
            return scene


        rolls = [9, 10, 3, 17, 15, 6, 9, 11, 7, 12, 1, 5, 2]
        scene = hr.new_game([sky, weasley], dice=ScriptedDice(rolls))
        brawl = hr.BrawlRound(hr.Fighter("Sky"), hr.Fighter("Weasley"))
        for number in range(1, 7):
            print(f"Round {number}")
            scene = play(scene, brawl)
        """
    ),
    code(
        """
        weasley = scene.characters["Weasley"]
        weasley.damage, weasley.wound, weasley.is_conscious
        """
    ),
    md(
        """
        The scene as Jupyter shows it: every character's sheet, with damage, wounds and
        the skills check-marked for experience.
        """
    ),
    picture(
        """
        scene
        """
    ),
    md(
        """
        ## What a seat sees

        Like every game of the library, a scene gives each seat a typed, frozen view,
        `scene.view(seat)` (a `SceneView`): every character sheet, since the mechanics
        keep no secrets, what is awaited and the seat's legal actions, but never the
        dice. `scene.view(None)` is the table's view; Jupyter draws a view as the same
        character sheets.
        """
    ),
    code(
        """
        view = scene.view(None)
        type(view).__name__, sorted(view.characters), view.ended, hasattr(view, "dice")
        """
    ),
    md(
        """
        ## Saving

        Like every game of the library, a scene round-trips through JSON and replays
        exactly.
        """
    ),
    code(
        """
        loaded = hr.Game.from_dict(json.loads(json.dumps(scene.to_dict())))
        loaded == scene, len(scene.history)
        """
    ),
)


# ----- simulation.ipynb -------------------------------------------------------------------

SIMULATION = notebook(
    md(
        """
        # Simulating many games

        `hogwarts_rules.frontends.simulation` lets the library's bots play many seeded
        games of First Year Adventure or Clue (any game of the catalogue with bots) and
        returns one plain record per game: a flat
        `dict` that loads straight into a pandas `DataFrame`. `summarize` turns the
        records into win rates with 95% confidence intervals and the distribution of
        game lengths.

        This notebook plays 200 games of First Year Adventure between heuristic bots and
        100 games of Clue between detective and notebook bots, then tabulates and plots
        the results.

        {INSTALL}
        """
    ),
    code(
        """
        import time
        from concurrent.futures import ProcessPoolExecutor
        from multiprocessing import get_context

        import matplotlib.pyplot as plt
        import pandas as pd
        from tqdm import tqdm

        from hogwarts_rules.frontends import simulation
        """
    ),
    md(
        """
        ## Playing the games

        `simulate(game, games, ...)` plays game `i` with a seed derived from the master
        `seed` and `i` alone, so a run gives the same records every time, on every
        machine, however it is split up. A `progress` callback is told how many games
        are done; here it moves a tqdm progress bar.

        Without `executor=`, the games run here, one after the other. Here they run on
        two worker processes: any `concurrent.futures.Executor` will do (a
        `ProcessPoolExecutor`, or a Dask client's `get_executor()`, as in
        `simulate_on_dask.py`), and the records stay the same. The "spawn" start method
        starts clean worker processes, which is safe inside a Jupyter kernel on every
        platform.
        """
    ),
    code(
        """
        def run(game, games, **options):
            \"\"\"simulation.simulate, with a progress bar.\"\"\"
            with tqdm(total=games, unit="game", desc=game) as bar:
                return simulation.simulate(
                    game, games, progress=lambda done, total: bar.update(done - bar.n), **options
                )


        start = time.perf_counter()
        with ProcessPoolExecutor(max_workers=2, mp_context=get_context("spawn")) as pool:
            adventure_records = run("adventure", 200, seed=1, executor=pool)
            clue_records = run("clue", 100, bots="detective,notebook", seed=1, executor=pool)
        elapsed = time.perf_counter() - start
        print(f"{len(adventure_records) + len(clue_records)} games in {elapsed:.1f} s")
        """
    ),
    md(
        """
        ## The records

        Every record has the same columns for a game kind: the seed, who won and why,
        the length (rounds for First Year Adventure, turns for Clue), and per seat its
        name, bot and whether it won, plus each game's own columns (houses and house
        points; students, suggestions and wrong accusations).
        """
    ),
    code(
        """
        adventure_df = pd.DataFrame(adventure_records)
        clue_df = pd.DataFrame(clue_records)
        adventure_df[["index", "seed", "rounds", "reason", "winners", "seat1_house"]].head()
        """
    ),
    code(
        """
        clue_df[["index", "turns", "suggestions", "wrong_accusations", "reason", "winners"]].head()
        """
    ),
    md(
        """
        ## Summaries

        `summarize(records)` gives the win rate of every seat and of every house (or
        Clue student), each with its 95% Wilson interval, and the game lengths.
        `table()` prints it as a terminal would.
        """
    ),
    code(
        """
        adventure_summary = simulation.summarize(adventure_records)
        print(adventure_summary.table())
        """
    ),
    code(
        """
        clue_summary = simulation.summarize(clue_records)
        print(clue_summary.table())
        """
    ),
    md(
        """
        The Clue seats alternate detective and notebook bots. pandas answers "which bot
        wins more?" from the records directly: stack the seats' `bot` and `won` columns
        and group by bot.
        """
    ),
    code(
        """
        seats = range(1, clue_df["players"].max() + 1)
        columns = ["bot", "won"]
        by_seat = pd.concat(
            clue_df[[f"seat{i}_bot", f"seat{i}_won"]].set_axis(columns, axis=1) for i in seats
        )
        by_seat.groupby("bot")["won"].agg(games="count", wins="sum", win_rate="mean")
        """
    ),
    md(
        """
        ## Plots

        How long the games last:
        """
    ),
    code(
        """
        fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.5))
        left.hist(adventure_df["length"], bins=20, color="tab:green")
        left.set(title="First Year Adventure", xlabel="rounds", ylabel="games")
        right.hist(clue_df["length"], bins=20, color="tab:purple")
        right.set(title="Clue", xlabel="turns", ylabel="games")
        fig.tight_layout()
        plt.show()
        """
    ),
    md(
        """
        Who wins, by seat, with the 95% intervals as error bars. Seats that were equally
        strong would all sit near one in four (the dotted line); intervals that overlap
        it say that 100 or 200 games cannot tell the seats apart.
        """
    ),
    code(
        """
        def plot_win_rates(ax, summary, title):
            \"\"\"A bar per seat: its win rate, with its 95% interval as an error bar.\"\"\"
            rows = summary.by_seat
            rates = [row.rate for row in rows]
            errors = [
                [row.rate - row.low for row in rows],
                [row.high - row.rate for row in rows],
            ]
            seats = range(len(rows))
            ax.bar(seats, rates, yerr=errors, capsize=4)
            ax.set_xticks(seats, [row.label for row in rows], rotation=20, ha="right")
            ax.axhline(1 / len(rows), color="grey", linestyle=":")
            ax.set(title=f"{title} ({summary.games} games)", ylabel="win rate", ylim=(0, 1))


        fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
        plot_win_rates(left, adventure_summary, "First Year Adventure")
        plot_win_rates(right, clue_summary, "Clue")
        fig.tight_layout()
        plt.show()
        """
    ),
    md(
        """
        Any single game can be looked at again: `play_one(game, i, ...)` plays game `i`
        of a run alone and returns the same record.
        """
    ),
    code(
        """
        longest = int(adventure_df["length"].idxmax())
        again = simulation.play_one("adventure", longest, seed=1)
        assert again == adventure_records[longest]
        again["rounds"], again["winners"]
        """
    ),
)


NOTEBOOKS = {
    "adventure_tour.ipynb": ADVENTURE,
    "clue_tour.ipynb": CLUE,
    "hufflepuff_ravenclaw_tour.ipynb": HUFFLEPUFF_RAVENCLAW,
    "simulation.ipynb": SIMULATION,
}


def main() -> None:
    for name, nb in NOTEBOOKS.items():
        nbformat.validate(nb)
        nbformat.write(nb, HERE / name)
        print(f"wrote examples/{name}")


if __name__ == "__main__":
    main()
