"""Every result type a public function returns is reachable from the documented places — the top level,
:mod:`aucbound.results` and its own package — and listed in each ``__all__``."""

import dataclasses
import importlib
import inspect
import pkgutil
import typing

import pytest

import aucbound
from aucbound import results
from aucbound._display import Displayed

#: The packages whose functions return results (the command line and the plots return none).
PACKAGES = ("shatter", "bounds", "empirical", "reductions", "optimal", "learn", "simulate", "experiments", "scale")


def modules():
    for info in pkgutil.walk_packages(aucbound.__path__, "aucbound."):
        if not info.name.endswith("__main__"):
            yield importlib.import_module(info.name)


def defined_result_types() -> dict[str, type]:
    """Every public result dataclass defined anywhere in the package, by name."""
    found = {}
    for module in modules():
        for name, value in vars(module).items():
            if (isinstance(value, type) and issubclass(value, Displayed) and value.__module__ == module.__name__
                    and dataclasses.is_dataclass(value) and not name.startswith("_")):
                assert name not in found or found[name] is value, f"two result types called {name}"
                found[name] = value
    return found


def classes_in(annotation) -> set[type]:
    """The classes an annotation names, inside unions, optionals, tuples, lists and dicts."""
    if isinstance(annotation, type) and not typing.get_args(annotation):
        return {annotation}
    return set().union(*(classes_in(arg) for arg in typing.get_args(annotation))) if typing.get_args(annotation) else set()


def hints(function) -> dict:
    return typing.get_type_hints(function)


def returned_result_types() -> dict[type, str]:
    """Every result type the public functions and methods of the packages return (annotations), and the
    results inside them (their fields), each with a place that returns it."""
    found = {}

    def note(annotation, where):
        for cls in classes_in(annotation):
            if issubclass(cls, Displayed) and cls not in found:
                found[cls] = where
                for field in dataclasses.fields(cls):
                    note(hints(cls).get(field.name), f"{cls.__name__}.{field.name}")
                for name, member in vars(cls).items():
                    if not name.startswith("_"):
                        target = member.fget if isinstance(member, property) else member
                        if inspect.isfunction(target):
                            note(hints(target).get("return"), f"{cls.__name__}.{name}")

    for package in PACKAGES:
        module = importlib.import_module(f"aucbound.{package}")
        for name in module.__all__:
            value = getattr(module, name)
            if inspect.isfunction(value):
                note(hints(value).get("return"), f"aucbound.{package}.{name}")
            elif isinstance(value, type):
                for member_name, member in inspect.getmembers(value):
                    target = member.fget if isinstance(member, property) else member
                    if not member_name.startswith("_") and inspect.isfunction(target):
                        note(hints(target).get("return"), f"aucbound.{package}.{name}.{member_name}")
    return found


DEFINED = defined_result_types()


def test_every_result_type_is_in_the_facade_and_nothing_else_is():
    assert set(results.__all__) - {"GUARANTEES"} == set(DEFINED)
    assert results.__all__ == sorted(results.__all__, key=lambda name: (name != "GUARANTEES", name))


def test_every_returned_result_type_is_a_defined_one():
    returned = returned_result_types()
    assert returned, "no annotated return types found"
    strays = {cls.__qualname__: where for cls, where in returned.items() if DEFINED.get(cls.__name__) is not cls}
    assert not strays
    # Each result type is returned by some public function, or held in another result.
    assert set(DEFINED) == {cls.__name__ for cls in returned}


@pytest.mark.parametrize("name", sorted(DEFINED))
def test_each_result_type_is_reachable_and_listed_at_each_documented_place(name):
    cls = DEFINED[name]
    package = importlib.import_module(".".join(cls.__module__.split(".")[:2]))
    assert package.__name__.removeprefix("aucbound.") in PACKAGES
    for place in (aucbound, results, package):
        assert getattr(place, name) is cls, place.__name__
        assert name in place.__all__, place.__name__
    assert cls.__doc__ and cls.__doc__.strip()


def test_every_name_in_each_all_exists():
    for module in (aucbound, results, *(importlib.import_module(f"aucbound.{p}") for p in PACKAGES)):
        missing = [name for name in module.__all__ if not hasattr(module, name)]
        assert not missing, (module.__name__, missing)
        assert len(module.__all__) == len(set(module.__all__)), module.__name__
