"""scikit-learn side of the perceptron parity check in docs/kernel-methods.md.

Fits sklearn.linear_model.Perceptron(fit_intercept=True, shuffle=False, eta0=1.0, tol=None,
max_iter=EPOCHS, penalty=None) on the optdigits training file (3,823 rows, 64 pixels, 10 classes,
one-versus-rest) and prints the test accuracy on optdigits-test (1,797 rows) and the training time.
Plate's classic rule with the same settings must give the same weights, hence the same accuracy:

    plate:import data/digits/optdigits-train.csv --name otrain
    plate:import data/digits/optdigits-test.csv --name otest
    plate:evaluate perceptron otrain rule=classic learning_rate=1 epochs=20 standardize=false --test otest

Command (from the repository root):
    python3 bench/sklearn_kernel_perceptron.py 20
"""
import sys
import time

import numpy as np
from sklearn.linear_model import Perceptron


def load(path):
    data = np.genfromtxt(path, delimiter=",", skip_header=1, dtype=str)
    return data[:, :-1].astype(float), data[:, -1]


epochs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
xtr, ytr = load("data/digits/optdigits-train.csv")
xte, yte = load("data/digits/optdigits-test.csv")
t0 = time.perf_counter()
clf = Perceptron(fit_intercept=True, shuffle=False, eta0=1.0, tol=None, max_iter=epochs, penalty=None).fit(xtr, ytr)
t1 = time.perf_counter()
print(f"epochs={epochs} test accuracy={np.mean(clf.predict(xte) == yte):.4f} fit seconds={t1 - t0:.3f}")
