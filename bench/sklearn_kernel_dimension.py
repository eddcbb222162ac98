"""scikit-learn cross-check of Plate's curse-of-dimensionality benchmark (docs/kernel-methods.md).

For the first d features (by decreasing variance) of a CSV (header, class last), 10-fold stratified
cross-validated accuracy of:
  kde          class prior x per-class sklearn KernelDensity(gaussian) on standardised features, bandwidth
               = Scott's factor n^(-1/(d+4)) (Plate: kde standardize=true, product kernel, bandwidth=scott)
  nb.kernel    naive Bayes with per-class, per-feature sklearn KernelDensity, Silverman's rule
               0.9 min(sd, IQR/1.34) n^(-1/5) with Weka's floor (mean gap between distinct values)/6
               (Plate: nb.kernel with its defaults)
  nb.gaussian  sklearn GaussianNB()
Folds come from StratifiedKFold(10, shuffle=True, random_state=1), not Plate's folds, so figures agree
with Plate's to within fold-to-fold noise, not exactly.

Command (from the repository root):
    python3 bench/sklearn_kernel_dimension.py data/digits/digits-sklearn-1797.csv 1,2,4,8,16,32,64
"""
import sys

import numpy as np
from scipy.special import logsumexp
from sklearn.model_selection import StratifiedKFold
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KernelDensity


def load(path):
    data = np.genfromtxt(path, delimiter=",", skip_header=1, dtype=str)
    x = data[:, :-1].astype(float)
    return x, data[:, -1]


def kde_classifier(xtr, ytr, xte):
    mean, sd = xtr.mean(axis=0), xtr.std(axis=0)
    sd[sd == 0] = 1
    ztr, zte = (xtr - mean) / sd, (xte - mean) / sd
    n, d = ztr.shape
    s = ztr.std(axis=0, ddof=1)
    s[s == 0] = 1
    factor = n ** (-1.0 / (d + 4))
    classes = np.unique(ytr)
    scores = []
    for c in classes:
        zc = ztr[ytr == c] / (factor * s)  # per-feature bandwidth: scale, then unit bandwidth
        kd = KernelDensity(kernel="gaussian", bandwidth=1.0).fit(zc)
        scores.append(np.log(len(zc) / n) + kd.score_samples(zte / (factor * s)))
    return classes[np.argmax(np.array(scores), axis=0)]


def silverman(v, floor):
    n = len(v)
    if n < 2:
        return floor
    sd = np.std(v, ddof=1)
    iqr = (np.percentile(v, 75) - np.percentile(v, 25)) / 1.34
    spread = min(sd, iqr) if sd > 0 and iqr > 0 else max(sd, iqr)
    return max(0.9 * spread * n ** -0.2, floor)


def kernel_nb(xtr, ytr, xte):
    classes = np.unique(ytr)
    n, d = xtr.shape
    scores = np.zeros((len(classes), len(xte)))
    for f in range(d):
        distinct = np.unique(xtr[:, f])
        delta = (distinct[-1] - distinct[0]) / (len(distinct) - 1) if len(distinct) > 1 else 0.01 * max(1, abs(distinct[0]))
        for k, c in enumerate(classes):
            v = xtr[ytr == c, f]
            kd = KernelDensity(kernel="gaussian", bandwidth=silverman(v, delta / 6)).fit(v[:, None])
            scores[k] += kd.score_samples(xte[:, f:f + 1])
    for k, c in enumerate(classes):
        scores[k] += np.log(np.mean(ytr == c))
    return classes[np.argmax(scores, axis=0)]


def gaussian_nb(xtr, ytr, xte):
    return GaussianNB().fit(xtr, ytr).predict(xte)


def main():
    x, y = load(sys.argv[1])
    dims = [int(v) for v in sys.argv[2].split(",")]
    order = np.argsort(-x.var(axis=0), kind="stable")
    folds = list(StratifiedKFold(10, shuffle=True, random_state=1).split(x, y))
    print("d,learner,accuracy")
    for d in dims:
        xd = x[:, order[:d]]
        for name, fn in (("kde", kde_classifier), ("nb.kernel", kernel_nb), ("nb.gaussian", gaussian_nb)):
            correct = 0
            for tr, te in folds:
                correct += np.sum(fn(xd[tr], y[tr], xd[te]) == y[te])
            print(f"{d},{name},{correct / len(y):.4f}", flush=True)


if __name__ == "__main__":
    main()
