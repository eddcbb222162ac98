"""The issue-15 make_blobs case: log joint (collapsed: Normal-Inverse-Wishart marginal of every cluster and the
symmetric Dirichlet(1) weights, K = 3) of three partitions under several Gaussian priors, computed from the
formulas in numpy (not from Plate's code):

    python3 bench/mixture_blobs_logjoint.py RUN_DIR     # RUN_DIR: the --out folder of the issue's plate:cluster run

  two   the partition Plate reports (RUN_DIR/assignments.csv)
  true  the generating blobs
  em    scikit-learn GaussianMixture(3, n_init=5, random_state=0)

The study's moons case (make_moons(2000, noise=0.05, random_state=0), every fourth row held out, K = 2, default
prior): the log joint and ARI of a run's estimate and highest-log-joint draw, of EM's partition and of the true moons:

    python3 bench/mixture_blobs_logjoint.py moons RUN_DIR    # RUN_DIR: plate:cluster … k=2 --out RUN_DIR on those rows

Any labelled CSV (label in the last column) and a finite run on it with K clusters, default prior (e.g. the
prior study's wine training rows):

    python3 bench/mixture_blobs_logjoint.py csv TRAIN.csv RUN_DIR K

Priors in Plate's parameters: mu0 = data mean, kappa0, nu0, Psi0 = nu0 * scale * cov(data).
"""
import math
import os
import sys

import numpy as np
import pandas as pd
from scipy.special import gammaln, multigammaln
from sklearn.datasets import make_blobs
from sklearn.mixture import GaussianMixture

PRIORS = {  # name: (kappa0, nu0, scale)
    "default (0.01, d+2, 0.1)": (0.01, 4, 0.1), "scikit-learn's (1, d, 1/d)": (1, 2, 0.5),
    "(1, d+2, 0.1)": (1, 4, 0.1), "(1, 10, 1/3)": (1, 10, 1 / 3), "(1, 20, 1/3)": (1, 20, 1 / 3),
    "(1, 50, 0.1)": (1, 50, 0.1), "(1, d+2, K^(-2/d) = 1/3)": (1, 4, 1 / 3),
}


def log_marginal(Xc, mu0, k0, nu0, psi0):
    m, d = Xc.shape
    xb = Xc.mean(0)
    S = (Xc - xb).T @ (Xc - xb)
    kn, nun = k0 + m, nu0 + m
    psin = psi0 + S + k0 * m / kn * np.outer(xb - mu0, xb - mu0)
    return (-m * d / 2 * math.log(math.pi) + multigammaln(nun / 2, d) - multigammaln(nu0 / 2, d)
            + nu0 / 2 * np.linalg.slogdet(psi0)[1] - nun / 2 * np.linalg.slogdet(psin)[1]
            + d / 2 * (math.log(k0) - math.log(kn)))


def log_joint(X, z, K, k0, nu0, scale, alpha=1.0):
    n = len(X)
    mu0, psi0 = X.mean(0), nu0 * scale * np.cov(X.T)
    t = sum(log_marginal(X[z == c], mu0, k0, nu0, psi0) for c in np.unique(z))
    counts = np.bincount(z, minlength=K)
    return t + gammaln(K * alpha) - gammaln(n + K * alpha) + sum(gammaln(c + alpha) - gammaln(alpha) for c in counts)


def report(X, y, k, run_dir):
    """Log joint (default prior) and ARI of the run's estimate and best draw, of EM's partition and of the labels."""
    from sklearn.metrics import adjusted_rand_score
    d = X.shape[1]
    for name, z in (("Plate's estimate", os.path.join(run_dir, "assignments.csv")),
                    ("highest-log-joint draw", os.path.join(run_dir, "assignments-highest-log-joint.csv")),
                    ("EM (n_init=5)", GaussianMixture(k, n_init=5, random_state=0).fit_predict(X)),
                    ("true labels", y)):
        if isinstance(z, str):
            z = pd.read_csv(z).iloc[:, 1].to_numpy()
        z = np.unique(z, return_inverse=True)[1]
        print("%-24s log joint %.1f  ARI %.3f" % (name, log_joint(X, z, k, 0.01, d + 2, 0.1), adjusted_rand_score(y, z)))


def moons(run_dir):
    from sklearn.datasets import make_moons
    X, y = make_moons(2000, noise=0.05, random_state=0)
    keep = np.arange(len(X)) % 4 != 0
    report(X[keep], y[keep], 2, run_dir)


def labelled_csv(path, run_dir, k):
    df = pd.read_csv(path)
    report(df.iloc[:, :-1].to_numpy(float), pd.factorize(df.iloc[:, -1])[0], k, run_dir)


def main():
    if sys.argv[1] == "moons":
        moons(sys.argv[2])
        return
    if sys.argv[1] == "csv":
        labelled_csv(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    X, y = make_blobs(300, centers=3, random_state=0)
    two = pd.read_csv(os.path.join(sys.argv[1], "assignments.csv")).iloc[:, 1].to_numpy()
    em = GaussianMixture(3, n_init=5, random_state=0).fit_predict(X)
    for name, (k0, nu0, scale) in PRIORS.items():
        print("%-28s two %.1f  true %.1f  em %.1f" % (name, log_joint(X, two, 3, k0, nu0, scale),
                                                     log_joint(X, y, 3, k0, nu0, scale),
                                                     log_joint(X, em, 3, k0, nu0, scale)))


if __name__ == "__main__":
    main()
