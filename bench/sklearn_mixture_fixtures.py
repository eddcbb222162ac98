"""Fixtures for the mixture bundle's ClusterAgreementTest: adjusted Rand index and normalised mutual
information from scikit-learn on random and degenerate label pairs.

Run from the repository root:
    python3 bench/sklearn_mixture_fixtures.py \
        > bundles/io.plate.sampler.mixture/src/test/resources/cluster-agreement.csv
"""
import numpy as np
from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score

rng = np.random.default_rng(20240607)
cases = []
for n, ka, kb in [(10, 2, 3), (25, 3, 3), (50, 4, 6), (100, 5, 2), (200, 10, 12), (7, 1, 3), (30, 6, 6)]:
    for _ in range(3):
        a = rng.integers(0, ka, n)
        b = rng.integers(0, kb, n)
        cases.append((a, b))
# partially agreeing partitions
a = rng.integers(0, 4, 120)
b = a.copy()
flip = rng.random(120) < 0.2
b[flip] = rng.integers(0, 4, flip.sum())
cases.append((a, b))
# relabelled identical, all one cluster vs singletons, both trivial
cases.append((np.array([0, 0, 1, 1, 2, 2]), np.array([5, 5, 3, 3, 9, 9])))
cases.append((np.zeros(8, dtype=int), np.arange(8)))
cases.append((np.zeros(5, dtype=int), np.zeros(5, dtype=int)))
cases.append((np.arange(6), np.arange(6)))
cases.append((np.array([0, 0, 0, 1, 1, 1]), np.array([0, 1, 2, 0, 1, 2])))

print("truth,predicted,ari,nmi")
for a, b in cases:
    print("%s,%s,%.17g,%.17g" % (" ".join(map(str, a)), " ".join(map(str, b)),
                                  adjusted_rand_score(a, b), normalized_mutual_info_score(a, b)))
