"""Issue 15, point 1: the VI and the Binder point estimates on every labelled case of the prior study
(bench/mixture_defaults.py), against scikit-learn's ARI.

    CP=$(bash bench/classpath.sh bundles/io.plate.sampler.mixture)
    python3 bench/mixture_loss.py "$CP" [sweeps] [chains] [only]       # from the repository root

Same cases, splits and chain seeds as the study; Plate's default prior, the finite mixture with restarts=10 (its
default) and the DP mixture from one cluster; both estimates are computed from the same kept draws. Prints a
Markdown table: scikit-learn's ARI (GaussianMixture(K, n_init=5) or BayesianGaussianMixture), and Plate's ARI
(clusters) for the VI estimate, the Binder estimate and whichever of the two is better, marked where it is at
least scikit-learn's.
"""
import os
import sys
import tempfile

import numpy as np

from mixture_defaults import CANDIDATES, every_fourth, generated, real, sklearn, write
import subprocess


def plate(cp, train, test, k, params, sweeps, chains):
    out = subprocess.run(["java", "-cp", cp, "io.plate.sampler.mixture.impl.bench.MixtureBench", "prior", train, test,
                          str(k), str(chains), str(sweeps)] + params, check=True, capture_output=True, text=True).stdout
    f = dict(zip(out.split()[0::2], out.split()[1::2]))
    return float(f["ARI"]), int(f["clusters"]), float(f["binderARI"]), int(f["binderClusters"])


def main():
    cp = sys.argv[1]
    sweeps = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    chains = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    only = sys.argv[4] if len(sys.argv) > 4 else ""
    cases = [(name,) + every_fourth(X, y) + (k,) for name, X, y, k in generated()] + real()
    print("| data | model | scikit-learn ARI (clusters) | VI | Binder |")
    print("|---|---|---|---|---|")
    met = {"VI": 0, "Binder": 0}
    rows = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, Xtr, ytr, Xte, k in cases:
            if ytr is None or not any(o in name for o in only.split(",")):
                continue
            d = Xtr.shape[1]
            train, test = os.path.join(tmp, "train.csv"), os.path.join(tmp, "test.csv")
            write(train, Xtr, ytr)
            write(test, Xte, np.zeros(len(Xte), int))
            s = sweeps if len(Xtr) <= 2000 else max(150, sweeps // 4)
            for dp in (False, True):
                ref_ari, ref_k, _ = sklearn(Xtr, ytr, Xte, k, dp, "full")
                params = CANDIDATES["old"](d, "full") + ["covariance=full"] + ([] if dp else ["restarts=10"])
                vi, vik, b, bk = plate(cp, train, test, "dp" if dp else k, params, s, chains)
                rows += 1
                cell = []
                for label, ari, kk in (("VI", vi, vik), ("Binder", b, bk)):
                    ok = ari >= ref_ari
                    met[label] += ok
                    cell.append(("**%.3f** (%d)" if ok else "%.3f (%d)") % (ari, kk))
                print("| %s | %s | %.3f (%d) | %s |" % (name, "DP" if dp else "K = %d" % k, ref_ari, ref_k,
                                                        " | ".join(cell)), flush=True)
    print("\nrows at least scikit-learn's ARI, of %d: VI %d, Binder %d" % (rows, met["VI"], met["Binder"]))


if __name__ == "__main__":
    main()
