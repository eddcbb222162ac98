"""Issue 15: which number of full-covariance Gaussian clusters scikit-learn's own criterion (BIC) selects on
each case of the prior study (bench/mixture_defaults.py), beside the ARI of GaussianMixture(K, n_init=5) with
the true K. Where BIC selects fewer clusters than K, maximum likelihood itself does not find K clusters worth
their parameters, and a posterior (which pays for them too) may report fewer.

    python3 bench/sklearn_bic.py          # from the repository root; training rows as in mixture_defaults.py
"""
import numpy as np
from sklearn.metrics import adjusted_rand_score
from sklearn.mixture import GaussianMixture

from mixture_defaults import every_fourth, generated, real


def main():
    cases = [(name,) + every_fourth(X, y)[:2] + (k,) for name, X, y, k in generated()]
    cases += [(name, Xtr, ytr, k) for name, Xtr, ytr, _, k in real()]
    print("| data | K | BIC, K' = 1 … K + 1 (lowest in bold) | K' by BIC | EM ARI with K |")
    print("|---|---|---|---|---|")
    for name, X, y, k in cases:
        bics, fits = [], {}
        for kk in range(1, k + 2):
            g = GaussianMixture(kk, covariance_type="full", n_init=5, random_state=0).fit(X)
            bics.append(g.bic(X))
            fits[kk] = g
        best = int(np.argmin(bics)) + 1
        cells = ", ".join(("**%.1f**" if i + 1 == best else "%.1f") % b for i, b in enumerate(bics))
        ari = "–" if y is None else "%.3f" % adjusted_rand_score(y, fits[k].predict(X))
        print("| %s | %d | %s | %d | %s |" % (name, k, cells, best, ari))


if __name__ == "__main__":
    main()
