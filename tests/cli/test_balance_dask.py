"""The balance assistant on a real Dask cluster (issue 33 item 3: "runs on the same executor as
simulate: process pool, or a Dask cluster with --scheduler"): a scheduler and a worker process on
127.0.0.1, driven through the command line as a designer would."""
from __future__ import annotations

import json

from gridsmith.cli import main
from tests.cli.test_simulate import CONTENT, cluster  # noqa: F401  (its real loopback cluster)


def test_balance_plays_its_rounds_on_a_dask_scheduler(cluster, capsys):  # noqa: F811
    scn = CONTENT / "kongbots" / "marauder-clash.scn.yaml"
    code = main(["balance", str(scn), "--games", "120", "--seed", "5", "--json", "--no-progress",
                 "--scheduler", cluster.scheduler_address])
    out, err = capsys.readouterr()
    assert code == 0, out + err
    report = json.loads(out)
    assert report["games"] > 0 and not report["cancelled"]
    assert report["before"]["games"] > 0 and report["before"]["errors"] == 0
    for proposal in report["proposals"]:
        # each proposal confirmed on its own games, on the cluster's worker
        assert proposal["after"]["games"] > 0 and proposal["after"]["errors"] == 0
        assert proposal["edits"] and isinstance(proposal["meets_tolerance"], bool)

