import os

import pytest
from hypothesis import HealthCheck, settings

# No deadlines: CI machines are slow and shared; the properties are what is tested.
settings.register_profile("default", deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", deadline=None, max_examples=2000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def cli():
    """Run the command line in-process; returns click's Result (stdout, stderr, exit_code)."""
    from click.testing import CliRunner

    from aucbound.cli import main

    runner = CliRunner()

    def run(*args):
        return runner.invoke(main, [str(arg) for arg in args], prog_name="aucbound")

    return run


@pytest.fixture
def cli_error(cli):
    """Run a command that must fail: one 'Error: …' line on stderr, nothing on stdout, exit `code`.

    Returns the stderr line, for the test to check that it names the option and the value.
    """

    def run(*args, code=2):
        result = cli(*args)
        assert result.exit_code == code, result.output
        assert result.stdout == ""
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: "), result.stderr
        return result.stderr

    return run


@pytest.fixture(scope="session")
def asah():
    """The four aSAH columns of tests/data/asah_markers.csv: the markers wfns, s100b and ndka as
    float arrays, ``outcome`` as the list of labels ('Good'/'Poor') and ``poor`` as booleans."""
    import csv
    from pathlib import Path

    import numpy as np

    with (Path(__file__).parent / "data" / "asah_markers.csv").open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    columns = {name: np.array([float(row[name]) for row in rows]) for name in ("wfns", "s100b", "ndka")}
    columns["outcome"] = [row["outcome"] for row in rows]
    columns["poor"] = np.array([row["outcome"] == "Poor" for row in rows])
    return columns


@pytest.fixture(scope="session", autouse=True)
def _each_loss_experiment_runs_once():
    """The loss experiment of Uematsu & Lee's §5.1.3 (boosting under three losses; about 10 s at its defaults) is
    a function of its seeded arguments, so each distinct call runs once a session: the figure, the command
    line's table, the docs' console example and the tests then read the same result (a progress callback does
    not take part in the key: a repeated call reports no progress)."""
    import functools
    import inspect

    from aucbound import experiments
    from aucbound.plots import _learning

    original = experiments.loss_scores
    signature = inspect.signature(original)
    results = {}

    @functools.wraps(original)
    def shared(**arguments):
        bound = signature.bind(**arguments)
        bound.apply_defaults()  # the same call whether its defaults are written out or not
        key = tuple((name, value) for name, value in bound.arguments.items() if name != "progress")
        if key not in results:
            results[key] = original(**arguments)
        return results[key]

    patch = pytest.MonkeyPatch()
    patch.setattr(experiments, "loss_scores", shared)
    patch.setattr(_learning, "loss_scores", shared)
    yield
    patch.undo()


#: The test files that take longest (seconds of one core, measured), run first: with pytest-xdist's
#: `--dist loadfile` each file goes whole to one worker, and a long file dealt out last leaves the
#: other core idle at the end (longest first keeps the two workers' loads even).
LONGEST_FIRST = ("tests/test_help_examples.py", "tests/test_fuzz_cli.py", "tests/test_scale_spark.py",
                 "tests/test_simulate_study.py", "tests/test_plots.py", "tests/test_simulate_coverage.py",
                 "tests/test_docs.py", "tests/test_simulate_batch.py", "tests/test_plots_cli.py")


def pytest_collection_modifyitems(items):
    rank = {path: index for index, path in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(rank)))  # stable: file order kept
