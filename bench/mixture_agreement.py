"""Point 4 of issue 15: Plate's Gaussian mixture samplers against an independent numpy sampler of the
same model (bench/mixture_reference.py): posterior of the number of non-empty clusters and the
posterior similarity matrix P(z_i = z_j), on Old Faithful, iris and a synthetic set.

    python3 bench/mixture_agreement.py CLASSPATH [sweeps] [chains] [dataset[:sampler]]

CLASSPATH runs io.plate.sampler.mixture.impl.bench.ClusterBench (see docs/mixtures.md). Plate runs
4 chains x sweeps (a quarter burn-in); the reference `chains` chains x sweeps with the same burn-in.
Monte Carlo error: the standard error of each quantity from the spread of its per-chain means.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
import pandas as pd
from sklearn.datasets import make_blobs

sys.path.insert(0, os.path.dirname(__file__))
import mixture_reference as ref  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..")


def data_sets():
    shared = os.environ.get("PLATE_DATA", os.path.join(ROOT, "data"))
    faithful = pd.read_csv(os.path.join(shared, "old-faithful", "faithful.csv")).values
    iris = pd.read_csv(os.path.join(shared, "iris", "iris.csv")).iloc[:, :4].values
    blobs, _ = make_blobs(200, centers=3, cluster_std=1.0, random_state=1)
    return [("old-faithful", faithful, 2), ("iris", iris, 3), ("blobs-200", blobs, 3)]


def plate(cp, X, sampler, k, sweeps, seed, tmp):
    csv = os.path.join(tmp, "x.csv")
    with open(csv, "w") as f:
        f.write(",".join("x%d" % j for j in range(X.shape[1])) + ",label\n")
        for row in X:
            f.write(",".join(repr(float(v)) for v in row) + ",a\n")
    out = os.path.join(tmp, "run")
    args = ["java", "-Dout=" + out, "-cp", cp, "io.plate.sampler.mixture.impl.bench.ClusterBench", "run", csv,
            sampler, str(sweeps), "4", str(seed)]
    if k:
        args.append("k=%d" % k)
    # the reference's prior (mixture_reference.NIW's defaults), given explicitly: Plate's defaults may differ
    args += ["kappa0=0.01", "nu0=%d" % (X.shape[1] + 2), "prior_scale=0.1"]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    kp = pd.read_csv(os.path.join(out, "k_posterior.csv"))
    psm = pd.read_csv(os.path.join(out, "similarity.csv")).values[:, 1:]
    trace = pd.read_csv(os.path.join(out, "trace.csv"))
    burn = sweeps // 4
    kept = trace[trace.iteration > burn] if "iteration" in trace else trace
    per_chain = [np.bincount(g["clusters"].astype(int), minlength=12)[:12] / len(g) for _, g in kept.groupby("chain")]
    return dict(zip(kp.clusters, kp.probability)), psm.astype(float), np.array(per_chain)


def reference(X, k, sweeps, chains, dp):
    per_chain_k, psms = [], []
    for c in range(chains):
        kept, ks = ref.run(X, k, sweeps, sweeps // 4, seed=100 + c, dp=dp,
                           alpha_prior=(1.0, 1.0) if dp else None)
        per_chain_k.append(np.bincount(ks, minlength=12)[:12] / len(ks))
        Z = np.array(kept)
        psms.append(np.mean([(z[:, None] == z[None, :]) for z in Z], axis=0))
    return np.array(per_chain_k), np.array(psms)


def main():
    cp = sys.argv[1]
    sweeps = int(sys.argv[2]) if len(sys.argv) > 2 else 800
    chains = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    only = sys.argv[4] if len(sys.argv) > 4 else None
    print("| data | sampler | K | P(K) Plate | P(K) numpy | max abs diff P(K) (2 se) | PSM mean abs diff | PSM max abs diff (2 se there) |")
    print("|---|---|---|---|---|---|---|---|")
    for name, X, k in data_sets():
        for sampler, dp in (("mixture.gaussian", False), ("mixture.dp-gaussian", True)):
            if only and only not in (name, name + ":" + sampler):
                continue
            with tempfile.TemporaryDirectory() as tmp:
                _, psm_p, kc_p = plate(cp, X, sampler, None if dp else k, sweeps, 1, tmp)
            kc_r, psm_r = reference(X, k, sweeps, chains, dp)
            pk_p, pk_r = kc_p.mean(0), kc_r.mean(0)
            se_k = np.sqrt(kc_p.var(0, ddof=1) / len(kc_p) + kc_r.var(0, ddof=1) / len(kc_r))
            diff_k = np.abs(pk_p - pk_r)
            jk = int(np.argmax(diff_k))
            pr = psm_r.mean(0)
            se_psm = np.sqrt(psm_r.var(0, ddof=1) / len(psm_r))
            dpsm = np.abs(psm_p - pr)
            ij = np.unravel_index(np.argmax(dpsm), dpsm.shape)
            show = lambda p: " ".join("%d: %.3f" % (j, p[j]) for j in range(len(p)) if p[j] >= 0.005)
            print("| %s | %s | %s | %s | %s | %.3f (%.3f) | %.4f | %.3f (%.3f) |" % (
                name, sampler, "DP" if dp else k, show(pk_p), show(pk_r), diff_k[jk], 2 * se_k[jk],
                dpsm.mean(), dpsm[ij], 2 * se_psm[ij]), flush=True)


if __name__ == "__main__":
    main()
