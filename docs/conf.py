"""Sphinx configuration for the hexkit documentation.

Built by ``make test`` twice, with warnings as errors: once as HTML, once
with the doctest builder, which runs the ``{doctest}`` blocks of these pages.
The pictures and the command-line help are made at build time by the local
extension ``_ext/hexkit_docs.py`` into ``_generated/`` (not in git).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

project = "hexkit"
author = "the hexkit developers"
copyright = "2026, the hexkit developers"

try:
    from hexkit import __version__ as release
except ImportError:  # pragma: no cover - the docs are built from the venv
    release = "0.1.0"
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "hexkit_docs",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_generated", "Thumbs.db", ".DS_Store"]

# -- MyST -----------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 3

# -- autodoc and napoleon (Google-style docstrings) -------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_class_signature = "mixed"
autodoc_preserve_defaults = True
# Show the named aliases, not what they stand for.
autodoc_type_aliases = {
    "PlayerId": "hexkit.game.PlayerId",
    "Action": "hexkit.game.Action",
    "Direction": "hexkit.hexes.Direction",
    "Setting": "hexkit.sim.sweep.Setting",
    "Passable": "hexkit.paths.Passable",
    "CostFn": "hexkit.paths.CostFn",
    "Heuristic": "hexkit.paths.Heuristic",
    "Rollout": "hexkit.agents.mcts.Rollout",
    "Backend": "Backend",  # undocumented Literal in hexkit.sim.run: show the name only
}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
# "Attributes:" sections become :ivar: fields of their class rather than
# separate attribute entries, so an attrs field that autodoc also finds is
# never described twice.
napoleon_use_ivar = True
napoleon_use_rtype = False

# -- doctest --------------------------------------------------------------
# Only the explicit ``{doctest}`` / ``{testcode}`` blocks of these pages are
# run here: the ``>>>`` examples of the API docstrings assume their own
# module's namespace and are run, each in its own module, by
# tests/test_examples.py::test_the_examples_in_the_api_reference_run.
doctest_test_doctest_blocks = ""
doctest_global_setup = """
import hexkit
"""

# -- intersphinx is off: the build needs no network. ------------------------

# -- HTML -----------------------------------------------------------------
html_theme = "furo"
html_title = f"hexkit {release}"
html_static_path: list[str] = []

# -- a workaround for Sphinx 9 ------------------------------------------------
# autodoc_type_aliases replaces an alias used alone (``-> PlayerId``) but,
# inside a union (``-> PlayerId | None``), Sphinx 9.0 prints the placeholder's
# repr, "TypeAliasForwardRef('hexkit.game.PlayerId')". Giving the placeholder
# the alias's own name as its repr makes the union read
# ``PlayerId | None``, linked to the alias's entry.
try:
    from sphinx.util.inspect import TypeAliasForwardRef

    TypeAliasForwardRef.__repr__ = lambda self: self.name  # type: ignore[method-assign]
except ImportError:  # pragma: no cover - other Sphinx versions
    pass

python_use_unqualified_type_names = True
