"""`aucbound rank`, `aucbound tournaments`, `aucbound regret`: the exact table of a good call, the numbers
the library gives, and one clear line (exit 2) for each bad input."""

import json
from pathlib import Path

import numpy as np
import pytest

from aucbound.experiments import regret_experiment
from aucbound.reductions import Preference, degree_ranking, exhaustive_check, quicksort_ranking

DATA = Path(__file__).resolve().parent / "data"
CYCLE = DATA / "preference_cycle.csv"
PAIRS = DATA / "preference_pairs.csv"


def ok(result):
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return result.stdout


# --- rank --------------------------------------------------------------------------------


RANK_DEGREE = """\
Ranking of 4 items of h in preference_pairs.csv by Degree (Balcan et al. 2007, Alg. 2): by number of wins, ties by lower index
calls of h: 6 = n(n − 1)/2, each pair once

  position    item    wins
----------  ------  ------
         1       0     2
         2       1     2
         3       3     1.5
         4       2     0.5
"""


def test_rank_degree_table(cli):
    assert ok(cli("rank", PAIRS, "--method", "degree")) == RANK_DEGREE


def pairs_matrix():
    h = np.zeros((4, 4))
    for u, v, value in [(0, 1, 1), (0, 2, 1), (0, 3, 0), (1, 2, 1), (1, 3, 1), (2, 3, 0.5)]:
        h[u, v], h[v, u] = value, 1 - value
    return h


def test_rank_quicksort_is_the_library_ranking(cli):
    h = Preference.from_matrix(pairs_matrix())
    for seed in (0, 3, 11):
        document = json.loads(ok(cli("rank", PAIRS, "--seed", seed, "--format", "json")))
        expected = quicksort_ranking(h, seed=seed)
        assert [row["item"] for row in document["results"]] == expected.order.tolist()
        assert document["parameters"]["calls"] == expected.calls
        assert document["parameters"]["form"] == "pairs" and document["parameters"]["n"] == 4
    top = json.loads(ok(cli("rank", PAIRS, "--top", 2, "--seed", 3, "--format", "json")))
    assert [row["item"] for row in top["results"]] == quicksort_ranking(h, seed=3, top=2).order.tolist()
    assert top["parameters"]["calls"] == quicksort_ranking(h, seed=3, top=2).calls


def test_rank_reads_the_three_forms_alike(cli, tmp_path):
    np.save(tmp_path / "h.npy", pairs_matrix())
    np.savetxt(tmp_path / "h.csv", pairs_matrix(), delimiter=",")
    (tmp_path / "h.tsv").write_text("\n".join("\t".join(f"{x:g}" for x in row) for row in pairs_matrix()) + "\n")
    (tmp_path / "bom.csv").write_bytes(b"\xef\xbb\xbfu , v , h\r\n\r\n3,0,1\r\n1,0,0\r\n2,0,0\r\n2,1,0\r\n3,1,0\r\n"
                                       b"2,3,0.5\r\n2,0,0\r\n")  # reversed pairs, a blank line, a repeat
    expected = degree_ranking(Preference.from_matrix(pairs_matrix()), ties="random", seed=5)
    for name in ("h.npy", "h.csv", "h.tsv", "bom.csv"):
        document = json.loads(ok(cli("rank", tmp_path / name, "--method", "degree", "--ties", "random", "--seed", 5,
                                     "--format", "json")))
        assert [row["item"] for row in document["results"]] == expected.order.tolist(), name
        assert [row["wins"] for row in document["results"]] == expected.wins[expected.order].tolist(), name


def test_rank_top_of_degree_and_csv(cli):
    text = ok(cli("rank", CYCLE, "--method", "degree", "--top", 2, "--format", "csv"))
    assert text == "position,item,wins\n1,0,1.0\n2,1,1.0\n"


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        ("0,1,0\n0,0,1\n", [], "FILE must hold a square matrix: as many lines as values on a line (3), but got 2 "
                               "lines in h.csv."),
        ("0,1\n0,0,1\n", [], "FILE must have 2 values on every line of an n×n matrix (as on line 1), but got 3 on "
                             "line 2 of h.csv."),
        ("0,0.7\n0.2,0\n", [], "FILE must satisfy h[u, v] + h[v, u] = 1 off the diagonal (within 1e-12), but got "
                               "h[0, 1] = 0.7 on line 1 and h[1, 0] = 0.2 on line 2 of h.csv."),
        ("0,1.5\n-0.5,0\n", [], "FILE must have entries in [0, 1] off the diagonal, but got h[0, 1] = 1.5 on line 1 "
                                "of h.csv."),
        ("0,nan\nnan,0\n", [], "FILE must have finite entries off the diagonal, but got h[0, 1] = nan on line 1 "
                               "of h.csv."),
        ("0,1,x\n0,0,1\n1,0,0\n", [], "FILE must hold numbers only (a pairs file starts with the header u,v,h), but got "
                                      "'x' on line 1, column 3 of h.csv."),
        ("0\n", [], "FILE must hold an n×n matrix with n ≥ 2 (or pairs after the header u,v,h), but got 1 value on "
                    "line 1 of h.csv."),
        ("", [], "FILE must hold a preference matrix or a pairs file, but got an empty file (h.csv)."),
        ("u,v,h\n0,1,1\n0,2,1\n", [], "FILE must give every pair of its items 0, …, 2 at least once, but got no line "
                                      "for the pair (1, 2) in h.csv (1 of 3 pairs missing)."),
        ("u,v,h\n0,1,0.4\n2,0,1\n1,2,1\n1,0,0.5\n", [],
         "FILE must give each pair consistently (h[v, u] = 1 − h[u, v], within 1e-12), but got h[1, 0] = 0.5 on "
         "line 5 of h.csv, where line 2 gave h[0, 1] = 0.4."),
        ("u,v,h\n0,1,2\n", [], "FILE must give values h in [0, 1], but got '2' on line 2 of h.csv."),
        ("u,v,h\n0,1,0.3\n0,1,0.30000001\n", [], "but got h[0, 1] = 0.30000001 on line 3 of h.csv, where line 2 gave "
                                                 "h[0, 1] = 0.3."),
        ("u,v,h\n1,1,1\n", [], "FILE must pair distinct items, but got the item 1 against itself on line 2 of h.csv."),
        ("u,v,h\n0,-1,1\n", [], "FILE must number its items 0, 1, 2, …, but got '-1' on line 2 of h.csv."),
        ("u,v,h\n0,1\n", [], "FILE must have three values u,v,h on every line, but got 2 on line 2 of h.csv."),
        ("u,v,h\n", [], "FILE must give pairs after its header u,v,h, but got no pairs in h.csv."),
        ("u,v,h\n0,10000000000,1\n", [], "FILE must hold at most 2,000 items (numbered below 2,000), but got item "
                                         "10,000,000,000 on line 2 of h.csv."),
        ("u,v,h\n0," + "9" * 5000 + ",1\n", [], "but got an item of 5,000 digits on line 2 of h.csv."),
        ("u,v,h\n+0002,1,1\n1,2,1\n", [], "but got h[1, 2] = 1.0 on line 3 of h.csv, where line 2 gave h[2, 1] = 1.0."),
        ("0,1\n0,0\n", ["--top", "3"], "--top must be at most n = 2, the items in h.csv, but got 3."),
        ("0,1\n0,0\n", ["--top", "0"], "Invalid value for '--top': 0 is not in the range x>=1."),
        ("0,1\n0,0\n", ["--method", "borda"], "Invalid value for '--method': 'borda' is not one of 'degree', "
                                              "'quicksort'."),
        ("0,1\n0,0\n", ["--ties", "random"], "--ties goes with --method degree (QuickSort has no ties to break)."),
        ("0,1\n0,0\n", ["--method", "degree", "--ties", "worst"], "Invalid value for '--ties': 'worst' is not one of"),
        ("0,1\n0,0\n", ["--seed", "-1"], "Invalid value for '--seed'"),
    ],
)
def test_rank_bad_input_exits_2(cli_error, tmp_path, content, args, message):
    path = tmp_path / "h.csv"
    path.write_text(content)
    assert message in cli_error("rank", path, *args)


def test_rank_bad_npy_and_unreadable_files(cli_error, tmp_path):
    np.save(tmp_path / "wide.npy", np.zeros((2, 3)))
    assert "FILE must hold a square n×n array, but got an array of shape (2, 3) in wide.npy." in cli_error(
        "rank", tmp_path / "wide.npy")
    np.save(tmp_path / "text.npy", np.array([["a", "b"], ["c", "d"]]))
    assert "FILE must hold numbers, but got an array of <U1 in text.npy." in cli_error("rank", tmp_path / "text.npy")
    np.save(tmp_path / "half.npy", np.array([[0, 0.7], [0.2, 0]]))
    assert "but got h[0, 1] = 0.7 and h[1, 0] = 0.2 in half.npy." in cli_error("rank", tmp_path / "half.npy")
    (tmp_path / "cut.npy").write_bytes(b"\x93NUMPY\x01\x00\x20\x00{'descr': '<f8', 'shape': (}    \n")
    assert "cannot read cut.npy as a NumPy file" in cli_error("rank", tmp_path / "cut.npy", code=1)
    (tmp_path / "latin.csv").write_bytes("0,1\n0,0\n\xe9".encode("latin-1"))
    assert "cannot read latin.csv as UTF-8 text" in cli_error("rank", tmp_path / "latin.csv", code=1)
    assert "'FILE'" in cli_error("rank", tmp_path / "nowhere.csv")


# --- tournaments ----------------------------------------------------------------------------


TOURNAMENTS = """\
Balcan et al. (2007), Thm 2 (g ≤ 2f) and Thm 4 (g′ ≤ 2f) on every tournament on n vertices and every winner–loser split

  n    tournaments    partitions    pairs    Thm 2: g > 2f    max g/2f    g = 2f    MFAS orderings    triples    Thm 4: g′ > 2f    max g′/2f    g′ = 2f
---  -------------  ------------  -------  ---------------  ----------  --------  ----------------  ---------  ----------------  -----------  ---------
  3              8             6       48                0           1        12                12         72                 0            1         12
  4             64            14      896                0           1        96                96       1344                 0            1         96

pairs: (tournament, partition) pairs, every labelled tournament with every split into non-empty winners and losers; max g/2f and g = 2f among those with f > 0
triples: (tournament, minimum feedback arc set ordering, partition), every optimal ordering found among all n! orderings
no pair breaks the bound; f = 0 in 100 pairs, where Thm 2 demands g = 0
"""


def test_tournaments_table(cli):
    assert ok(cli("tournaments", "--n", "3..4")) == TOURNAMENTS


def test_tournaments_json_is_the_library_check(cli):
    document = json.loads(ok(cli("tournaments", "--n", "2..5", "--no-feedback", "--format", "json")))
    assert document["parameters"] == {"n": [2, 5], "feedback": False}
    assert document["results"] == [exhaustive_check(n).as_dict() for n in range(2, 6)]


def test_tournaments_examples(cli):
    document = json.loads(ok(cli("tournaments", "--examples", "--n", "4..7", "--epsilon", "1/3", "--format", "json")))
    rows = document["results"]
    assert [(row["example"], row["f"], row["g"], row["tight"]) for row in rows] == [
        ("Balcan et al. Example 1", 3, 6, True),  # n = 5: f = (n+1)(n−1)/8, g = 2f
        ("Balcan et al. Example 1", 6, 12, True),  # n = 7
        ("Balcan et al. Example 2", 12, 20, True),  # ε = 1/3: g′ = (2 − ε)f
        ("Ailon & Mohri Thm 7", 1, 2, True),
    ]
    assert rows[2]["ratio"] == pytest.approx(5 / 3)
    table = ok(cli("tournaments", "--examples", "--n", "3"))
    assert "ε = 1/2: V1, V2, V3 of 1, 2, 1 vertices; 1 back edge, minimum 1, 1 disjoint 3-cycle" in table
    assert "regular tournament, n = 3: 1 winner, every degree 1" in table


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--n", "7"], "Invalid value for '--n': must be from 2 to 6 for the exhaustive check (2^15 tournaments × 62 "
                       "partitions at n = 6), but got 7."),
        (["--n", "1..3"], "must be from 2 to 6 for the exhaustive check"),
        (["--n", "1.." + "9" * 40], "but got 1..99999"),
        (["--n", "0"], "Invalid value for '--n': '0' is not a positive integer"),
        (["--n", "5..3"], "Invalid value for '--n'"),
        (["--epsilon", "1/2"], "--epsilon goes with --examples."),
        (["--examples", "--no-feedback"], "--feedback and --no-feedback go with the exhaustive check, not --examples."),
        (["--examples", "--n", "4"], "--n must include an odd n ≥ 3 (Example 1 needs one), but got [4]."),
        (["--examples", "--n", "3001"], "--n must be an integer from 1 to 3000, but got 3001."),
        (["--examples", "--n", "3..2999"], "--n must make at most 200,000,000 entries Σ n² of regular tournaments in "
                                           "all, but got 4,499,999,499 for 2,997 sizes from 3 to 2999."),
        (["--examples", "--epsilon", "1"], "Invalid value for '--epsilon'"),
        (["--examples", "--n", "3", "--epsilon", "0.123"], "--epsilon must give at most 3,000 vertices"),
    ],
)
def test_tournaments_bad_input_exits_2(cli_error, args, message):
    assert message in cli_error("tournaments", *args)


# --- regret ---------------------------------------------------------------------------------


REGRET = """\
Ranking through a pairwise classifier h that errs: model cycle (Ailon & Mohri 2008, Thm 7: the 3-cycle, labelled against Degree with ties by index)
n = 3 items, 1 positive; 10 trials, seed 0; each regret is 1 − AUC, r the share of mixed pairs h orders wrongly

quantity                             mean  SE        bound or reference              mean / bound    worst trial
---------------------------------  ------  --------  ------------------------------  --------------  -------------
classification regret r of h          0.5  0                                         —               —
Degree, ties at random                0.5  0.129099  2r (Balcan et al. 2007, Thm 1)  0.5             1
Degree, ties against the labels       1    0         2r (Balcan et al. 2007, Thm 1)  1               1
QuickSort, exact expectation          0.5  0         r (Ailon & Mohri 2008, Thm 2)   1               1
minimum feedback arc set ordering     0.5  0         2r (Balcan et al. 2007, Thm 4)  0.5             0.5
calls of h: QuickSort                 2    0         2(n+1)H_n − 4n (transitive h)   0.75            —
calls of h: Degree                    3    —         n(n − 1)/2                      1               —

SE: standard error of the mean over the trials; worst trial: the largest value / bound of one trial
"""


def test_regret_table(cli):
    assert ok(cli("regret", "--model", "cycle", "--trials", 10)) == REGRET


def test_regret_json_is_the_library_experiment(cli):
    document = json.loads(ok(cli("regret", "--n", 30, "--noise", 0.2, "--trials", 5, "--seed", 4, "--runs", 4,
                                 "--format", "json")))
    result = regret_experiment(30, noise=0.2, trials=5, seed=4, quicksort_seeds=4)
    assert document["results"] == [row.as_dict() for row in result.rows]
    assert document["parameters"]["n"] == 30 and document["parameters"]["quicksort_exact"] is False
    assert document["parameters"]["feedback_trials"] == 0
    table = ok(cli("regret", "--n", 30, "--noise", 0.2, "--trials", 5, "--seed", 4, "--runs", 4))
    assert "QuickSort: each trial's value is the mean of 4 runs" in table
    csv = ok(cli("regret", "--model", "close", "--n", 16, "--noise", 0.9, "--scale", 2, "--trials", 12,
                 "--format", "csv"))
    assert csv.splitlines()[0] == "key,quantity,mean,se,trials,reference,reference_name,ratio,worst"
    assert "feedback,minimum feedback arc set ordering" in csv


def test_regret_regular_defaults_to_an_odd_n(cli):
    document = json.loads(ok(cli("regret", "--model", "regular", "--trials", 3, "--runs", 2, "--format", "json")))
    assert document["parameters"]["n"] == 201 and document["parameters"]["positives"] == 100
    worst = next(row for row in document["results"] if row["key"] == "degree_worst")
    assert worst["mean"] == 1.0 and worst["ratio"] == 1.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--model", "regular", "--n", "50"], "--n must be an odd integer ≥ 3 for model 'regular' (a regular "
                                              "tournament), but got 50."),
        (["--model", "cycle", "--n", "4"], "--n must be 3 for model 'cycle' (the 3-cycle of Ailon & Mohri 2008, "
                                           "Thm 7), but got 4."),
        (["--model", "cycle", "--positives", "2"], "--positives must be 1 for model 'cycle'"),
        (["--model", "cycle", "--noise", "0.1"], "--noise goes with --model flip or close."),
        (["--scale", "0.5"], "--scale goes with --model close."),
        (["--n", "10", "--positives", "10"], "--positives must be an integer from 1 to 9, but got 10."),
        (["--n", "1"], "Invalid value for '--n': 1 is not in the range 2<=x<=2000."),
        (["--noise", "1.5"], "Invalid value for '--noise'"),
        (["--model", "close", "--scale", "0"], "Invalid value for '--scale'"),
        (["--model", "nope"], "Invalid value for '--model'"),
        (["--trials", "0"], "Invalid value for '--trials'"),
        (["--runs", "1"], "Invalid value for '--runs'"),
        (["--trials", "1000000"], "--trials must be at most 23,809 for n = 200 (a limit of about two minutes of "
                                  "work), but got 1000000."),
        (["--n", "12", "--trials", "100000"], "--trials must be at most 1,380 for n = 12"),
    ],
)
def test_regret_bad_input_exits_2(cli_error, args, message):
    assert message in cli_error("regret", *args)


def test_new_commands_are_listed_with_examples(cli):
    top = ok(cli("--help"))
    for name in ("rank", "tournaments", "regret"):
        assert f"\n  {name} " in top
        assert f"aucbound {name} " in ok(cli(name, "--help"))


def test_every_help_example_runs(cli, monkeypatch, tmp_path):
    # each example of the three commands' help runs here, or is a console block of the docs (which test_docs runs);
    # those at the end of a shell pipe run in tests/test_help_examples.py
    root = DATA.parent.parent
    shown = set()
    for page in (root / "README.md", root / "docs" / "reductions.md"):
        shown.update(line[2:].strip() for line in page.read_text(encoding="utf-8").splitlines()
                     if line.startswith("$ aucbound "))
    (tmp_path / "pairs.csv").write_bytes((DATA / "preference_pairs.csv").read_bytes())  # the file the examples name
    monkeypatch.chdir(tmp_path)
    for name in ("rank", "tournaments", "regret"):
        text = ok(cli(name, "--help")).split("Examples:")[1]
        examples = [line.strip() for line in text.splitlines() if f"aucbound {name} " in line]
        assert len(examples) >= 3, name
        for example in examples:
            if example not in shown and example.startswith("aucbound "):
                ok(cli(*example.split()[1:]))
