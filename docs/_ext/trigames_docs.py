"""What the documentation reads from the app at build time, so that no page copies it.

- A game's rules page includes ``src/trigames/games/<game>/rules.md``; the include gets the
  text the app's rules page shows (:meth:`Game.rules`: the file, then what holds in every game,
  then the game's ladder from :func:`~trigames.ai.ladder.rules_with_ladder`).
- ```` ```diagram ```` blocks (:mod:`trigames.diagrams`) become figures with the engine's SVG
  picture of the position, as on the app's rules pages.
- ```` ```{ladder} GAME ```` is a game's ladder as a table (``ai/ladders/GAME.json``).
- ```` ```{levels} ```` is the table of the levels: what each one plays in each game.
- A code in a table may break after a comma, and nowhere else (a player spec in a ladder,
  ``strong(seconds=8,workers=2,deep=true)``, on a phone), as on the app's rules pages.
- A docstring's cross-reference finds its target where the API pages document it: a member
  of a class documented under its public name (``trigames.core.protocol.Game.play`` is
  ``trigames.Game.play``), or a short name documented once (``GAMES_KEPT``).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path, PurePath

from docutils import nodes
from docutils.nodes import Element
from docutils.statemachine import StringList
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode
from sphinx.util.typing import ExtensionMetadata

from trigames.ai.ladder import LADDER_FOLDER, load_ladder, rules_with_ladder
from trigames.ai.registry import LEVEL_NAMES, resolve
from trigames.core.errors import TrigamesError
from trigames.diagrams import parse_diagram
from trigames.games import game_class, list_games, load_game


def _package_file(package: str, *parts: str) -> str:
    """The path of a file of the installed package (an editable install: the source file)."""
    return str(resources.files(package).joinpath(*parts))


def include_rules(app: Sphinx, path: PurePath, docname: str, content: list[str]) -> None:
    """An included ``games/<game>/rules.md`` becomes the rules as the app shows them."""
    parts = Path(path).parts
    if parts[-1:] != ("rules.md",) or parts[-3:-2] != ("games",):
        return
    game = game_class(parts[-2])
    content[0] = rules_with_ladder(game.name, game.rules())
    env = app.env
    env.note_dependency(_package_file("trigames.core", "every_game.md"))
    env.note_dependency(_package_file("trigames.ai", LADDER_FOLDER, f"{game.name}.json"))


class DiagramDirective(SphinxDirective):
    """A ```` ```diagram ```` block: the position's picture and its caption."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        try:
            diagram = parse_diagram("\n".join(self.content))
            state = diagram.position()
        except TrigamesError as error:
            raise self.error(str(error)) from None
        picture = state.game.render_svg(state, labels=True)
        figure = nodes.figure(classes=["diagram"])
        figure += nodes.raw("", picture, format="html")
        if diagram.caption:
            figure += nodes.caption(diagram.caption, diagram.caption)
        return [figure]


class _MarkdownDirective(SphinxDirective):
    """A directive whose output is Markdown made from the app's data, parsed as the page is."""

    def markdown(self) -> str:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        lines = StringList(self.markdown().splitlines(), source=self.get_source_info()[0])
        self.state.nested_parse(lines, self.content_offset, container)
        return list(container.children)


class LadderDirective(_MarkdownDirective):
    """```` ```{ladder} GAME ````: the game's published ladder, best first."""

    required_arguments = 1

    def markdown(self) -> str:
        game = game_class(self.arguments[0])
        ladder = load_ladder(game.name)
        if ladder is None:
            raise self.error(f"no ladder is kept for {game.name!r}")
        self.env.note_dependency(_package_file("trigames.ai", LADDER_FOLDER, f"{game.name}.json"))
        fewest, most = ladder.pair_games
        pairs = f"{most}" if fewest == most else f"{fewest} to {most}"
        clock = "processor time" if ladder.processor_time else "wall-clock time"
        return (
            f"A round robin on `{ladder.spec}`, {pairs} games a pair, {clock}, measured "
            f"{ladder.measured}:\n\n{ladder.table()}\n\nPlayed again with `{ladder.command}`.\n"
        )


class LevelsDirective(_MarkdownDirective):
    """```` ```{levels} ````: the player each level stands for, game by game."""

    def markdown(self) -> str:
        header = " | ".join(f"`{level}`" for level in LEVEL_NAMES)
        lines = [f"| game | {header} |", "|---" * (len(LEVEL_NAMES) + 1) + "|"]
        for game in list_games():
            specs = " | ".join(f"`{resolve(level, load_game(game.name))}`" for level in LEVEL_NAMES)
            short = game.title.partition(" (")[0]  # the title without its other names
            lines.append(f"| {short} | {specs} |")
        return "\n".join(lines) + "\n"


def break_after_commas(app: Sphinx, doctree: nodes.document) -> None:
    """Each code in a table's cells gets a line break opportunity (``<wbr>``) after each comma."""
    for cell in doctree.findall(nodes.entry):
        for literal in list(cell.findall(nodes.literal)):
            *firsts, last = literal.astext().split(",")
            if not firsts:
                continue
            literal.children = []
            for piece in firsts:
                literal += [nodes.Text(piece + ","), nodes.raw("", "<wbr>", format="html")]
            literal += nodes.Text(last)


def resolve_elsewhere(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element
) -> Element | None:
    """A Python cross-reference that found nothing, looked for again: a class documented under
    its public name stands for its canonical name (``trigames.core.protocol.Game.play`` is
    ``trigames.Game.play``), a docstring's short names are looked up from where it is written,
    and a short name otherwise found once is that one."""
    if node.get("refdomain") != "py":
        return None
    domain = env.get_domain("py")
    assert isinstance(domain, PythonDomain)
    public = {entry.node_id: name for name, entry in domain.objects.items() if entry.aliased}
    target = node["reftarget"]
    for name, entry in domain.objects.items():
        if entry.aliased and target.startswith(name + "."):
            target = entry.node_id + target.removeprefix(name)
            break
    context = ".".join(filter(None, (node.get("py:module"), node.get("py:class"))))
    module, _, cls = public.get(context, "").rpartition(".")
    found = node.deepcopy()
    found["reftarget"] = target
    if module:
        found["py:module"], found["py:class"] = module, cls
    resolved = domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], target, found, contnode
    )
    if resolved is not None:
        return resolved
    matches = domain.find_obj(env, "", "", target, None, searchmode=1)
    if len(matches) != 1:
        return None
    [(name, entry)] = matches
    return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, name)


def setup(app: Sphinx) -> ExtensionMetadata:
    app.connect("missing-reference", resolve_elsewhere)
    app.connect("doctree-read", break_after_commas)
    app.connect("include-read", include_rules)
    app.add_directive("diagram", DiagramDirective)
    app.add_directive("ladder", LadderDirective)
    app.add_directive("levels", LevelsDirective)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
