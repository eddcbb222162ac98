"""Issue 15, point 3 (a first slice): Plate's Gaussian prior defaults against scikit-learn
BayesianGaussianMixture's empirical-Bayes defaults, on generated data that the defaults were not tuned on.

    python3 bench/mixture_defaults.py CLASSPATH [sweeps] [chains]

For each data family (make_blobs with unequal spreads, anisotropic blobs, make_moons,
make_classification with 2 and 10 informative dimensions; n = 500) and K = the true number of groups:
ARI of the reported partition (Plate's VI point estimate) of mixture.gaussian covariance=full under
  plate   Plate's defaults: kappa0 = 0.01, nu0 = d + 2, Psi0 = nu0 * 0.1 * cov(data)
  sklearn scikit-learn's:   kappa0 = 1,    nu0 = d,     Psi0 = cov(data)   (prior_scale = 1/d)
against scikit-learn GaussianMixture(K, n_init=5) and BayesianGaussianMixture(K, n_init=5)
(Dirichlet-distribution weights, so that K is fixed as in Plate's finite mixture).
Held-out density and n up to 20,000 are not in this slice.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
from sklearn.datasets import make_blobs, make_classification, make_moons
from sklearn.metrics import adjusted_rand_score
from sklearn.mixture import BayesianGaussianMixture, GaussianMixture


def families(seed=0):
    out = []
    X, y = make_blobs(500, centers=3, cluster_std=[1.0, 2.5, 0.5], random_state=seed)
    out.append(("blobs, unequal spreads", X, y, 3))
    X, y = make_blobs(500, centers=3, random_state=seed + 170)
    out.append(("anisotropic blobs", X @ np.array([[0.6, -0.6], [-0.4, 0.8]]), y, 3))
    X, y = make_moons(500, noise=0.05, random_state=seed)
    out.append(("moons", X, y, 2))
    for informative in (2, 10):
        X, y = make_classification(500, n_features=informative, n_informative=informative, n_redundant=0,
                                   n_classes=3, n_clusters_per_class=1, class_sep=2.0, random_state=seed)
        out.append(("classification, %d informative" % informative, X, y, 3))
    return out


def plate(cp, X, y, k, extra, sweeps, chains, tmp):
    csv = os.path.join(tmp, "x.csv")
    with open(csv, "w") as f:
        f.write(",".join("x%d" % j for j in range(X.shape[1])) + ",label\n")
        for row, label in zip(X, y):
            f.write(",".join(repr(float(v)) for v in row) + ",c%d\n" % label)
    out = subprocess.run(["java", "-cp", cp, "io.plate.sampler.mixture.impl.bench.ClusterBench", "run", csv,
                          "mixture.gaussian", str(sweeps), str(chains), "1", "k=%d" % k] + extra,
                         check=True, capture_output=True, text=True).stdout
    return float(out.split("estimate ")[1].split("ARI ")[1].split(" ")[0])


def main():
    cp = sys.argv[1]
    sweeps = int(sys.argv[2]) if len(sys.argv) > 2 else 800
    chains = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    print("| data (n = 500) | K | GaussianMixture n_init=5 | BayesianGM n_init=5 | Plate, Plate's prior | Plate, scikit-learn's prior |")
    print("|---|---|---|---|---|---|")
    for name, X, y, k in families():
        d = X.shape[1]
        gm = adjusted_rand_score(y, GaussianMixture(k, n_init=5, random_state=0).fit_predict(X))
        bgm = adjusted_rand_score(y, BayesianGaussianMixture(
            n_components=k, weight_concentration_prior_type="dirichlet_distribution", n_init=5, max_iter=500,
            random_state=0).fit_predict(X))
        with tempfile.TemporaryDirectory() as tmp:
            a = plate(cp, X, y, k, [], sweeps, chains, tmp)
            b = plate(cp, X, y, k, ["kappa0=1", "nu0=%d" % d, "prior_scale=%r" % (1.0 / d)], sweeps, chains, tmp)
        print("| %s | %d | %.3f | %.3f | %.3f | %.3f |" % (name, k, gm, bgm, a, b), flush=True)


if __name__ == "__main__":
    main()
