"""Issue 15, point 2: do restarts make the chains of a finite Gaussian mixture agree?

    CP=$(bash bench/classpath.sh bundles/io.plate.sampler.mixture)
    python3 bench/mixture_restarts.py "$CP" [sweeps] [chains] [restarts,restarts,...] [seed] [only]   # repository root

For the labelled cases of bench/mixture_defaults.py (training rows: every fourth row held out; n = 20,000 left
out for time), runs ClusterBench (`run FILE mixture.gaussian SWEEPS CHAINS SEED k=K restarts=R`, default prior,
covariance=full) for each R and prints, per case and R: the split R-hat and bulk ESS of the `entropy` summary,
the estimate's number of clusters and its ARI, and the seconds. Prints a Markdown table.
"""
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mixture_defaults import every_fourth, generated, real, write  # noqa: E402

LINE = re.compile(r"entropy R-hat (\S+) ESS (\S+); estimate (\d+) clusters, ARI (\S+) .* (\S+) s$")


def run(cp, path, k, sweeps, chains, restarts, seed):
    out = subprocess.run(["java", "-cp", cp, "io.plate.sampler.mixture.impl.bench.ClusterBench", "run", path,
                          "mixture.gaussian", str(sweeps), str(chains), str(seed), "k=%d" % k, "restarts=%d" % restarts],
                         check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    m = LINE.search(out)
    return float(m.group(1)), float(m.group(2)), int(m.group(3)), float(m.group(4)), float(m.group(5))


def main():
    cp = sys.argv[1]
    sweeps = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    chains = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    restarts = [int(r) for r in (sys.argv[4] if len(sys.argv) > 4 else "1,10").split(",")]
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else 1
    only = sys.argv[6] if len(sys.argv) > 6 else ""
    cases = [(name,) + every_fourth(X, y) + (k,) for name, X, y, k in generated() if len(X) < 20000] + real()
    print("| data | K | " + " | ".join("restarts=%d: entropy R-hat / ESS, clusters, ARI, s" % r for r in restarts) + " |")
    print("|---|---|" + "---|" * len(restarts))
    with tempfile.TemporaryDirectory() as tmp:
        for name, Xtr, ytr, _, k in cases:
            if ytr is None or not any(o in name for o in only.split(",")):
                continue
            path = os.path.join(tmp, "train.csv")
            write(path, Xtr, ytr)
            cells = []
            for r in restarts:
                rhat, ess, clusters, ari, s = run(cp, path, k, sweeps, chains, r, seed)
                cells.append("%.3f / %.0f, %d, %.3f, %.1f" % (rhat, ess, clusters, ari, s))
            print("| %s | %d | %s |" % (name, k, " | ".join(cells)), flush=True)


if __name__ == "__main__":
    np.seterr(all="ignore")
    main()
