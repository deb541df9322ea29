"""The package's surface says what it does: every public name has a doc string, the stubs of
the compiled module type what it returns, and docs/python.md shows real signatures and
output."""

import ast
import inspect
import re
import typing
from pathlib import Path

import pytest

import dotbox
import dotbox.benchmark
import dotbox.openspiel
from conftest import ROOT
from dotbox import _dotbox

STUBS = ast.parse((Path(_dotbox.__file__).parent / "_dotbox.pyi").read_text())
DOCS = (ROOT / "docs" / "python.md").read_text()


def public(module):
    """``(qualified name, object)`` of the functions, classes, methods and properties
    ``module`` defines (not those it imports, nor those a class inherits)."""
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj):
            yield name, obj
            for attr, member in vars(obj).items():
                if not attr.startswith("_") and (inspect.isfunction(member) or isinstance(member, property)):
                    yield f"{name}.{attr}", member


@pytest.mark.parametrize("module", [dotbox, dotbox.openspiel, dotbox.benchmark], ids=lambda m: m.__name__)
def test_every_public_name_says_what_it_does(module):
    missing = [name for name, obj in public(module) if not inspect.getdoc(obj)]
    assert not missing, f"no doc string: {missing}"


def stub(name):
    """The stub's definition of ``name`` (``"f"``, ``"Class"`` or ``"Class.member"``)."""
    nodes = STUBS.body
    for part in name.split("."):
        node = next(n for n in nodes if getattr(n, "name", None) == part)
        nodes = getattr(node, "body", [])
    return node


def conforms(value, annotation) -> bool:
    """Whether ``value`` is of the type ``annotation`` (a class, or a ``Union``, ``Optional``,
    ``List`` or ``Tuple`` of them, their items unchecked)."""
    origin = typing.get_origin(annotation)
    if origin is typing.Union:
        return any(conforms(value, arg) for arg in typing.get_args(annotation))
    if annotation is None or annotation is type(None):
        return value is None
    return isinstance(value, origin or annotation)


def test_the_stubs_name_what_the_module_has():
    stubbed = {n.name for n in STUBS.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    runtime = {name for name in vars(_dotbox) if not name.startswith("_")}
    assert stubbed == runtime


BOOK = str(dotbox.shipped_book("3x4"))

# What each stubbed function or property of the compiled module returns, called.
RETURNS = [
    ("analyze_json", lambda: _dotbox.analyze_json("2x2", "0")),
    ("solve_json", lambda: _dotbox.solve_json("2x2", "0")),
    ("rules_move", lambda: _dotbox.rules_move("2x2", "0")),
    ("rules_move", lambda: _dotbox.rules_move("2x2", ",".join(map(str, range(12))))),
    ("position", lambda: _dotbox.position("icelandic")),
    ("shipped_book", lambda: _dotbox.shipped_book("3x4")),
    ("shipped_book", lambda: _dotbox.shipped_book("2x2")),
    ("Book.board", lambda: _dotbox.Book(BOOK).board),
    ("Book.depth", lambda: _dotbox.Book(BOOK).depth),
    ("Book.chunks_held", lambda: _dotbox.Book(BOOK).chunks_held),
    ("Book.path", lambda: _dotbox.Book(BOOK).path),
    ("Book.analyze_json", lambda: _dotbox.Book(BOOK).analyze_json("0")),
    ("Book.verify", lambda: _dotbox.Book(BOOK).verify()),
]


@pytest.mark.parametrize("name,call", RETURNS, ids=[name for name, _ in RETURNS])
def test_the_stubs_type_what_the_module_returns(name, call):
    namespace = {**vars(typing), "os": __import__("os"), "Path": Path}
    annotation = eval(ast.unparse(stub(name).returns), namespace)
    value = call()
    assert conforms(value, annotation), f"{name} returned {value!r}, typed {annotation}"


def test_the_stubs_doc_strings_are_the_modules():
    assert ast.get_docstring(stub("DotboxError"), clean=False) == _dotbox.DotboxError.__doc__


def test_docs_give_each_functions_whole_signature():
    # The bullets that open with a function's signature: "- `analyze(board, lines=(), ...)`".
    documented = re.findall(r"^- `(\w+)\((.*?)\)`", DOCS, re.M)
    functions = [(name, args) for name, args in documented if inspect.isfunction(getattr(dotbox, name, None))]
    assert functions, "no function's signature in docs/python.md"
    for name, args in functions:
        params = inspect.signature(getattr(dotbox, name)).parameters.values()
        spelled = ", ".join(p.name if p.default is p.empty else f"{p.name}={p.default!r}" for p in params)
        assert args == spelled, name


def test_docs_show_analyzes_real_output():
    # The sample under `dotbox.analyze("3x3", [0, 5])`, its lists cut short with "...".
    sample = re.search(r'^dotbox\.analyze\("3x3", \[0, 5\]\)\n((?:# .*\n)+)', DOCS, re.M)
    assert sample, "no sample output of analyze('3x3', [0, 5])"
    shown = ast.literal_eval(re.sub(r"^# ?|, \.\.\.", "", sample.group(1), flags=re.M).replace("\n", " "))
    real = dotbox.analyze("3x3", [0, 5])
    assert list(shown) == list(real), "the keys, in the order Python prints them"
    for key, value in shown.items():
        assert value == (real[key][: len(value)] if isinstance(value, list) else real[key]), key


def test_the_version_is_the_installed_packages():
    # One number: the wheel's version (maturin reads python/Cargo.toml) is the module's.
    import importlib.metadata

    assert re.fullmatch(r"\d+\.\d+\.\d+", dotbox.__version__)
    assert dotbox.__version__ == importlib.metadata.version("dotbox")


def test_every_python_block_of_the_docs_runs_as_written(tmp_path, monkeypatch):
    # From a folder like the checkout's root (the books at www/books, a store written to
    # tiles/), each block in a namespace of its own, as a reader pastes it.
    (tmp_path / "www").symlink_to(ROOT / "www")
    monkeypatch.chdir(tmp_path)
    blocks = re.findall(r"^```python\n(.*?)^```", DOCS, re.M | re.S)
    assert len(blocks) >= 2, "the Python blocks of docs/python.md"
    for block in blocks:
        exec(compile(block, "docs/python.md", "exec"), {})
