"""Issue 15, point 3: the default Gaussian prior, chosen on data it was not tuned on.

    python3 bench/mixture_defaults.py CLASSPATH [sweeps] [chains] [only] [full|diag] [candidates] [finite|dp|both]
                                                                                   # from the repository root

CLASSPATH is the class path of MixtureBench (docs/mixtures.md, "Quality against scikit-learn"). For every case
(generated families at several n and dimensions, and the real sets in data/), every fourth row (index % 4 == 0)
is held out (ripley-synth: its own train/test files). On the training rows:

  finite (K = the true number of groups) and DP mixtures, covariance=full (or diag), under each candidate prior:
    old      Plate's earlier default: kappa0 = 0.01, nu0 = d + 2, Psi0 = nu0 * 0.1 * cov(data)
    sklearn  scikit-learn BayesianGaussianMixture's: kappa0 = 1 (mean prior = data mean), nu0 = d,
             Psi0 = cov(data)                                   (Plate: kappa0=1 nu0=d prior_scale=1/d)
    d+2      the same with nu0 = d + 2, so that the prior mean of each covariance exists and equals
             cov(data)                                          (kappa0=1 nu0=d+2 prior_scale=1/(d+2))
  With covariance=diag: old has nu0 = 3; sklearn's precisions are Gamma(d/2, rate var/2) as scikit-learn's;
  d+2 becomes nu0 = 3 (a0 = 1.5, b0 = var/2), the fewest degrees of freedom for which the prior mean of each
  variance exists, and it equals the data's.
  ARI of Plate's reported partition (the VI point estimate) on the training rows, its number of clusters,
  and the held-out log predictive density (mean over test rows, nats, every kept draw averaged);
  against scikit-learn GaussianMixture(K, n_init=5) (finite) and BayesianGaussianMixture(10 components,
  Dirichlet-process weights, n_init=5) (DP), with score_samples for their held-out density.

`only` (substrings of case names, comma-separated) runs the matching cases alone; `candidates` (names below,
comma-separated; default all but old+restarts) picks the priors, and `finite` or `dp` one of the two models.
    NAME+alpha=A  the prior NAME with the finite mixture's Dirichlet weight concentration alpha = A (default 1)
    old+restarts  old, with restarts=10 for the finite mixture (mixture.gaussian's default since 2026-11-25) Prints a Markdown table; CSV files go to
a temporary folder.
"""
import os
import subprocess
import sys
import tempfile

import numpy as np
import pandas as pd
from sklearn.datasets import make_blobs, make_classification, make_moons
from sklearn.metrics import adjusted_rand_score
from sklearn.mixture import BayesianGaussianMixture, GaussianMixture

CANDIDATES = {  # Plate's parameters of each candidate prior, given d and the covariance (full or diag)
    "old": lambda d, cov: ["kappa0=0.01", "nu0=%d" % (d + 2 if cov == "full" else 3), "prior_scale=0.1"],
    "sklearn": lambda d, cov: ["kappa0=1", "nu0=%d" % d, "prior_scale=%r" % (1.0 / d)],
    "d+2": lambda d, cov: ["kappa0=1", "nu0=%d" % (d + 2 if cov == "full" else 3),
                           "prior_scale=%r" % (1.0 / (d + 2 if cov == "full" else 3))],
    "old+restarts": lambda d, cov: ["kappa0=0.01", "nu0=%d" % (d + 2 if cov == "full" else 3), "prior_scale=0.1",
                                    "restarts=10"],
}


def candidate(name):
    """A named prior, or OLD+alpha=A: Plate's prior with the finite mixture's weight concentration set to A."""
    if name in CANDIDATES:
        return CANDIDATES[name]
    base, _, alpha = name.partition("+alpha=")
    return lambda d, cov: CANDIDATES[base](d, cov) + ["alpha=" + alpha]


def classification(n, informative, seed):
    return make_classification(n, n_features=informative, n_informative=informative, n_redundant=0, n_classes=3,
                               n_clusters_per_class=1, class_sep=2.0, random_state=seed)


def generated():
    """(name, X, y, K): each family at a few sizes; the largest n for a few cases only."""
    out = []
    X, y = make_blobs(300, centers=3, random_state=0)
    out.append(("issue's make_blobs(300)", X, y, 3))
    for n in (100, 500, 2000, 20000):
        X, y = make_blobs(n, centers=3, cluster_std=[1.0, 2.5, 0.5], random_state=0)
        out.append(("blobs, unequal spreads, n=%d" % n, X, y, 3))
    for sizes in ((20, 80, 300), (100, 400, 1500)):
        X, y = make_blobs(list(sizes), cluster_std=2.0, random_state=1)
        out.append(("blobs, unequal sizes %s" % ":".join(map(str, sizes)), X, y, 3))
    for n in (100, 500, 2000):
        X, y = make_blobs(n, centers=3, random_state=170)
        out.append(("anisotropic blobs, n=%d" % n, X @ np.array([[0.6, -0.6], [-0.4, 0.8]]), y, 3))
    for n in (100, 500, 2000):
        X, y = make_moons(n, noise=0.05, random_state=0)
        out.append(("moons, n=%d" % n, X, y, 2))
    for informative in (2, 5, 10, 20):
        X, y = classification(500, informative, 0)
        out.append(("classification, %d informative, n=500" % informative, X, y, 3))
    X, y = classification(20000, 10, 0)
    out.append(("classification, 10 informative, n=20000", X, y, 3))
    return out


def every_fourth(X, y):
    test = np.arange(len(X)) % 4 == 0
    return X[~test], (None if y is None else y[~test]), X[test]


def real():
    """(name, X_train, y_train or None, X_test, K) for the real sets in data/."""
    out = []
    for name, path, k in (("iris", "iris/iris.csv", 3), ("wine", "wine/wine.csv", 3),
                          ("wdbc", "breast-cancer-wisconsin-diagnostic/wdbc.csv", 2),
                          ("pima", "pima-indians-diabetes/pima-indians-diabetes.csv", 2)):
        df = pd.read_csv(os.path.join("data", path))
        X, y = df.iloc[:, :-1].to_numpy(float), pd.factorize(df.iloc[:, -1])[0]
        out.append((name,) + every_fourth(X, y) + (k,))
    X = pd.read_csv("data/old-faithful/faithful.csv").to_numpy(float)
    out.append(("old-faithful",) + every_fourth(X, None) + (2,))
    tr, te = pd.read_csv("data/ripley-synth/synth-train.csv"), pd.read_csv("data/ripley-synth/synth-test.csv")
    out.append(("ripley-synth", tr.iloc[:, :2].to_numpy(float), tr.iloc[:, 2].to_numpy(int),
                te.iloc[:, :2].to_numpy(float), 2))
    return out


def write(path, X, y):
    cols = ["x%d" % j for j in range(X.shape[1])]
    df = pd.DataFrame(X, columns=cols)
    if y is not None:
        df["label"] = ["c%d" % v for v in y]
    df.to_csv(path, index=False, float_format="%.17g")


def plate(cp, train, test, k, prior, sweeps, chains):
    out = subprocess.run(["java", "-cp", cp, "io.plate.sampler.mixture.impl.bench.MixtureBench", "prior", train, test,
                          str(k), str(chains), str(sweeps)] + prior, check=True, capture_output=True, text=True).stdout
    f = out.split()
    return float(f[1]), int(f[3]), float(f[5])


def sklearn(Xtr, ytr, Xte, k, dp, cov):
    if dp:
        m = BayesianGaussianMixture(n_components=10, weight_concentration_prior_type="dirichlet_process", n_init=5,
                                    max_iter=500, covariance_type=cov, random_state=0)
    else:
        m = GaussianMixture(k, n_init=5, covariance_type=cov, random_state=0)
    z = m.fit(Xtr).predict(Xtr)
    ari = adjusted_rand_score(ytr, z) if ytr is not None else float("nan")
    return ari, len(np.unique(z)), m.score_samples(Xte).mean()


def fmt(ari, clusters, lpd):
    return "%s (%d) / %.3f" % ("–" if np.isnan(ari) else "%.3f" % ari, clusters, lpd)


def main():
    cp = sys.argv[1]
    sweeps = int(sys.argv[2]) if len(sys.argv) > 2 else 600
    chains = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    only = sys.argv[4] if len(sys.argv) > 4 else ""
    cov = sys.argv[5] if len(sys.argv) > 5 else "full"
    names = sys.argv[6].split(",") if len(sys.argv) > 6 else ["old", "sklearn", "d+2"]
    models = {"finite": (False,), "dp": (True,)}.get(sys.argv[7] if len(sys.argv) > 7 else "both", (False, True))
    candidates = {n: candidate(n) for n in names}
    cases = [(name,) + every_fourth(X, y) + (k,) for name, X, y, k in generated()] + real()
    print("| data | d | model | scikit-learn ARI (clusters) / log pd | "
          + " | ".join("Plate, %s prior" % c for c in candidates) + " |")
    print("|---|---|---|---|" + "---|" * len(candidates))
    with tempfile.TemporaryDirectory() as tmp:
        for name, Xtr, ytr, Xte, k in cases:
            if not any(o in name for o in only.split(",")):
                continue
            d = Xtr.shape[1]
            train, test = os.path.join(tmp, "train.csv"), os.path.join(tmp, "test.csv")
            write(train, Xtr, ytr)
            write(test, Xte, None if ytr is None else np.zeros(len(Xte), int))
            # large n: fewer sweeps (each is ~n/500 times longer), still far past the chains' burn-in
            s = sweeps if len(Xtr) <= 2000 else max(150, sweeps // 4)
            for dp in models:
                ref = sklearn(Xtr, ytr, Xte, k, dp, cov)
                cells = [fmt(*plate(cp, train, test, "dp" if dp else k, prior(d, cov) + ["covariance=" + cov], s, chains))
                         for prior in candidates.values()]
                print("| %s | %d | %s | %s | %s |" % (name, d, "DP" if dp else "K = %d" % k, fmt(*ref),
                                                      " | ".join(cells)), flush=True)


if __name__ == "__main__":
    main()
