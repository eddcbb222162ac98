"""Makes the scikit-learn / numpy fixtures of the kernel learners' and the perceptron's tests.

Command (from the repository root; scikit-learn 1.9.1, numpy as installed with it):

    python3 bundles/io.plate.classifier/src/test/python/kernel/make_fixtures.py \
        bundles/io.plate.classifier/src/test/resources/kernel

Writes:
  perceptron_binary.json   sklearn.linear_model.Perceptron(fit_intercept=True, shuffle=False, eta0=1,
                           tol=None, max_iter=50) on a linearly separable 2-class set: coef_, intercept_
  perceptron_ovr.json      the same on a 3-class set (one-versus-rest; not separable for every binary
                           problem, so all 50 epochs run in both)
  kde_marginals.json       sklearn.neighbors.KernelDensity(kernel='gaussian', bandwidth=h).score_samples
                           per class and feature (1-D) and per class on both features (2-D), plus numpy's
                           Silverman and Scott bandwidths (np.std ddof=1, np.percentile linear), per
                           class and (Silverman) over both classes
"""
import json
import sys

import numpy as np
import sklearn
from sklearn.linear_model import Perceptron
from sklearn.neighbors import KernelDensity

out = sys.argv[1]
rng = np.random.default_rng(20261122)


def perceptron_fixture(x, y, name):
    clf = Perceptron(fit_intercept=True, shuffle=False, eta0=1.0, tol=None, max_iter=50, penalty=None)
    clf.fit(x, y)
    doc = {
        "sklearn": sklearn.__version__,
        "call": "Perceptron(fit_intercept=True, shuffle=False, eta0=1.0, tol=None, max_iter=50, penalty=None)",
        "x": x.tolist(), "y": list(y), "classes": [str(c) for c in clf.classes_],
        "coef": clf.coef_.tolist(), "intercept": clf.intercept_.tolist(),
        "predict": [str(p) for p in clf.predict(x)],
    }
    with open(f"{out}/{name}", "w") as f:
        json.dump(doc, f, indent=1)


# linearly separable: label by the sign of 1.5 x0 - x1 + 0.3, points away from the line
xs, ys = [], []
while len(xs) < 40:
    p = np.round(rng.uniform(-3, 3, 2), 2)
    m = 1.5 * p[0] - p[1] + 0.3
    if abs(m) < 0.4:
        continue
    xs.append(p)
    ys.append("pos" if m > 0 else "neg")
perceptron_fixture(np.array(xs), np.array(ys), "perceptron_binary.json")

# three classes around three centres
centres = np.array([[0.0, 3.0], [3.0, -1.0], [-3.0, -1.0]])
xs, ys = [], []
for i in range(45):
    c = i % 3
    xs.append(np.round(centres[c] + rng.normal(0, 1.0, 2), 2))
    ys.append(["c0", "c1", "c2"][c])
perceptron_fixture(np.array(xs), np.array(ys), "perceptron_ovr.json")

# KDE: two classes, two features; class a bimodal in f0, class b unimodal
n_a, n_b = 30, 20
a = np.column_stack([np.concatenate([rng.normal(-2, 0.5, 15), rng.normal(2, 0.7, 15)]), rng.normal(0, 1, n_a)])
b = np.column_stack([rng.normal(0, 1.5, n_b), rng.normal(1, 0.5, n_b)])
a, b = np.round(a, 3), np.round(b, 3)
queries = np.array([[-2.0, 0.0], [0.0, 1.0], [2.1, -0.3], [0.5, 0.5], [6.0, -4.0], [-1.0, 2.0], [25.0, 30.0]])
h = 0.6
doc = {"sklearn": sklearn.__version__, "bandwidth": h, "classes": ["a", "b"],
       "train": {"a": a.tolist(), "b": b.tolist()}, "queries": queries.tolist(),
       "logDensity1d": {}, "logDensity2d": {}, "silverman": {}, "scott": {}}
for name, data in (("a", a), ("b", b)):
    d1 = []
    for f in range(2):
        kd = KernelDensity(kernel="gaussian", bandwidth=h).fit(data[:, f:f + 1])
        d1.append(kd.score_samples(queries[:, f:f + 1]).tolist())
    doc["logDensity1d"][name] = d1
    kd2 = KernelDensity(kernel="gaussian", bandwidth=h).fit(data)
    doc["logDensity2d"][name] = kd2.score_samples(queries).tolist()
    n = data.shape[0]
    sd = np.std(data, axis=0, ddof=1)
    iqr = np.percentile(data, 75, axis=0) - np.percentile(data, 25, axis=0)
    doc["silverman"][name] = (0.9 * np.minimum(sd, iqr / 1.34) * n ** -0.2).tolist()
    doc["scott"][name] = (1.06 * sd * n ** -0.2).tolist()
both = np.vstack([a, b])
sd = np.std(both, axis=0, ddof=1)
iqr = np.percentile(both, 75, axis=0) - np.percentile(both, 25, axis=0)
doc["silvermanPooled"] = (0.9 * np.minimum(sd, iqr / 1.34) * both.shape[0] ** -0.2).tolist()
with open(f"{out}/kde_marginals.json", "w") as f:
    json.dump(doc, f, indent=1)
