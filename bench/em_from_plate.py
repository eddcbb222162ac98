"""Issue 15: where scikit-learn's GaussianMixture(K, n_init=5) has the higher ARI, is its fit the better one
under its own model? EM (full covariances, K components) started from Plate's partitions is run to
convergence and its log-likelihood compared with that of n_init=5 EM. If EM started from Plate's partition
reaches the higher likelihood, scikit-learn's partition is a local optimum of the likelihood, and its higher
ARI is not a better answer of the Gaussian mixture model.

    mvn -B -q package -DskipTests -pl launcher -am      # from the repository root: builds plate.jar
    python3 bench/em_from_plate.py [only] [sweeps]      # only: substrings of case names, comma-separated

The cases and training rows are those of bench/mixture_defaults.py (the finite mixture, K = the true number
of groups); Plate runs with its defaults (restarts=10, covariance=full), 2 chains × `sweeps` (600; a third
burn-in, no extension) and seed 1. For each of Plate's two partitions (the VI estimate, and the
highest-log-joint draw) with K non-empty clusters, EM starts from the partition's weights, means and
covariances. Prints a Markdown table: mean log-likelihood per row (nats) and ARI of each fit.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
import pandas as pd
from sklearn.metrics import adjusted_rand_score
from sklearn.mixture import GaussianMixture

from mixture_defaults import every_fourth, generated, real, write

JAR = os.path.join("launcher", "target", "plate.jar")


def plate_partitions(train, k, sweeps, out):
    """Runs Plate's finite Gaussian mixture on `train`; returns (VI estimate, highest-log-joint draw)."""
    script = ("plate:import %s --name t --label label; plate:cluster mixture.gaussian t k=%d --iterations %d "
              "--max-iterations %d --burn-in %d --chains 2 --seed 1 --out %s"
              % (train, k, sweeps, sweeps, sweeps // 3, out))
    subprocess.run(["java", "-jar", JAR, "-c", script], check=True, capture_output=True, text=True)
    read = lambda name: pd.read_csv(os.path.join(out, name)).sort_values("row")["cluster"].to_numpy()
    return read("assignments.csv"), read("assignments-highest-log-joint.csv")


def em_from(X, z, k):
    """EM from the partition z (K non-empty clusters), or None when z has another number of clusters."""
    labels = np.unique(z)
    if len(labels) != k:
        return None
    weights = np.array([np.mean(z == c) for c in labels])
    means = np.array([X[z == c].mean(axis=0) for c in labels])
    # each cluster's covariance, regularised as GaussianMixture regularises its own (reg_covar on the diagonal)
    covs = [np.cov(X[z == c].T, bias=True).reshape(X.shape[1], X.shape[1]) + 1e-6 * np.eye(X.shape[1])
            for c in labels]
    g = GaussianMixture(k, covariance_type="full", weights_init=weights, means_init=means,
                        precisions_init=np.array([np.linalg.inv(c) for c in covs]), max_iter=1000, random_state=0)
    return g.fit(X)


def cell(g, X, y):
    return "–" if g is None else "%.4f / %.3f" % (g.score(X), adjusted_rand_score(y, g.predict(X)))


def main():
    only = sys.argv[1] if len(sys.argv) > 1 else ""
    sweeps = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    cases = [(name,) + every_fourth(X, y)[:2] + (k,) for name, X, y, k in generated()]
    cases += [(name, Xtr, ytr, k) for name, Xtr, ytr, _, k in real() if ytr is not None]
    print("| data | K | EM n_init=5: log-lik / ARI | Plate's VI estimate: clusters, ARI "
          "| EM from it: log-lik / ARI | Plate's highest-log-joint draw: ARI | EM from it: log-lik / ARI |")
    print("|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for name, X, y, k in cases:
            if not any(o in name for o in only.split(",")):
                continue
            train = os.path.join(tmp, "train.csv")
            write(train, X, y)
            # large n: fewer sweeps, as the study runs them
            s = sweeps if len(X) <= 2000 else max(150, sweeps // 4)
            estimate, best = plate_partitions(train, k, s, os.path.join(tmp, "run-%d" % len(os.listdir(tmp))))
            em = GaussianMixture(k, covariance_type="full", n_init=5, random_state=0).fit(X)
            print("| %s | %d | %s | %d, %.3f | %s | %.3f | %s |"
                  % (name, k, cell(em, X, y), len(np.unique(estimate)), adjusted_rand_score(y, estimate),
                     cell(em_from(X, estimate, k), X, y), adjusted_rand_score(y, best),
                     cell(em_from(X, best, k), X, y)), flush=True)


if __name__ == "__main__":
    main()
