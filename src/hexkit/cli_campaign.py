"""``hexkit campaign soot start|next|status|study``: Soot & Timber campaigns from the CLI.

A campaign file (JSON, :class:`hexkit_soot.campaign.Campaign`) holds the
seats, the carried state and every finished game, so a campaign resumes
after any game: ``start`` writes it, each ``next`` plays one game (agents,
or people with ``--human SEAT``) and rewrites it, ``status`` prints it.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Optional

import typer

from hexkit.agents.spec import split_agent_specs

__all__ = ["campaign_app", "register", "study_lines"]

campaign_app = typer.Typer(help="Linked-game campaigns (Soot & Timber: three games).", no_args_is_help=True)
soot_app = typer.Typer(help="A Soot & Timber campaign: three linked games.", no_args_is_help=True)
campaign_app.add_typer(soot_app, name="soot")


@soot_app.command("start")
def start_command(
    file: Path = typer.Argument(..., help="The campaign file to write (refused if it exists)."),
    players: int = typer.Option(4, "--players", "-p", help="Number of players (2-6)."),
    seed: int = typer.Option(0, "--seed", "-s", help="Campaign seed."),
    agents: str = typer.Option("greedy", "--agents", "-a", help="Comma-separated agent specs, cycled over the seats."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", help="Another module on in every game (repeatable)."),
) -> None:
    """Start a campaign and write its file (no game played yet)."""
    from hexkit.errors import HexkitError
    from hexkit_soot.campaign import Campaign
    if file.exists():
        raise HexkitError(f"{file}: already exists (use `hexkit campaign soot next {file}`)")
    c = Campaign.start(players, seed, split_agent_specs(agents), variant or [])
    c.save(file)
    typer.echo(c.status())


@soot_app.command("next")
def next_command(
    file: Path = typer.Argument(..., help="The campaign file (rewritten after the game)."),
    human: Optional[list[int]] = typer.Option(None, "--human", help="A seat a person plays at the prompt (repeatable)."),
) -> None:
    """Play the campaign's next game and record it (resumable: the file is written only after it ends)."""
    from hexkit.errors import HexkitError
    from hexkit.record import record_from_json
    from hexkit_soot import GAME
    from hexkit_soot.campaign import Campaign
    c = Campaign.load(file)
    if c.done:
        raise HexkitError(f"{file}: the campaign is over\n{c.status()}")
    if human:
        from hexkit.terminal import play_humans
        index = len(c.games)
        seed = c.game_seed(index)
        with tempfile.TemporaryDirectory() as tmp:
            save = Path(tmp) / "game.json"
            status = play_humans(GAME, c.config(), seed, list(c.agents), human, save)
            if status != 0:
                raise typer.Exit(status)  # stopped: the campaign file is unchanged
            record = record_from_json(GAME, save.read_text(encoding="utf-8"))
        state = GAME.new(c.config(), seed)
        for action in record.actions:
            GAME.apply(state, action)
        c = c.finish_game(state, seed, record)
    else:
        c = c.next_game()
    c.save(file)
    typer.echo(c.status())


@soot_app.command("status")
def status_command(file: Path = typer.Argument(..., help="The campaign file.")) -> None:
    """Print the campaign: games played, totals, envelope, winner."""
    from hexkit_soot.campaign import Campaign
    typer.echo(Campaign.load(file).status())


@soot_app.command("study")
def study_command(
    games: int = typer.Option(10, "--games", "-n", help="Number of whole campaigns."),
    players: int = typer.Option(4, "--players", "-p", help="Number of players (2-6)."),
    seed: int = typer.Option(0, "--seed", "-s", help="First campaign's seed."),
    agents: str = typer.Option("greedy", "--agents", "-a", help="Comma-separated agent specs."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", "-v", help="Another module (repeatable)."),
) -> None:
    """Play N whole campaigns; print how often each seat won and the mean campaign totals."""
    for line in study_lines(games, players, seed, split_agent_specs(agents), variant or []):
        typer.echo(line)


def study_lines(games: int, players: int, seed: int, agents: list[str], variants: list[str]) -> list[str]:
    """Play ``games`` whole campaigns and report them (``campaign soot study``, ``simulate soot --campaign``).

    Args:
        games: campaigns to play (each three games); campaign ``i`` has seed ``seed + i``.
        players: seats (2-6).
        seed: the first campaign's seed.
        agents: agent specs cycled over the seats.
        variants: other modules on in every game.

    Returns:
        The report's lines: a header naming the modules, then per seat its
        campaign wins (both partners of a winning partnership are credited) and mean
        campaign total.

    Raises:
        ConfigError: a bad player count or module combination.
    """
    from hexkit_soot.campaign import play_campaigns
    done = play_campaigns(games, players, seed, agents, variants)
    wins = [0] * players
    sums = [0] * players
    for c in done:
        for win in c.winners():  # both partners of a winning partnership
            wins[win] += 1
        for s, t in enumerate(c.totals()):
            sums[s] += t
    modules = ", ".join(["campaign", *sorted(set(variants) - {"campaign"})])
    lines = [f"{games} campaigns (3 games each), {players} players, agents {', '.join(agents)}, "
             f"seeds {seed}..{seed + games - 1}, modules: {modules}"]
    lines.extend(f"P{s}: {wins[s]} campaign wins, mean total {sums[s] / games:.1f}" for s in range(players))
    return lines


def register(app: typer.Typer) -> None:
    """Add ``campaign`` to the ``hexkit`` app.

    Args:
        app: the root app.
    """
    app.add_typer(campaign_app, name="campaign")
