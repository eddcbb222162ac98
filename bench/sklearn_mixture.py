"""Reference numbers for docs/mixtures.md: what users would use instead of Plate's mixture samplers.

Run from the repository root (scikit-learn 1.x, numpy):
    python3 bench/sklearn_mixture.py quality   # Gaussian mixtures: ARI (train) and held-out log density
    python3 bench/sklearn_mixture.py text      # 20news: NMI of k-means on tf-idf and of LDA (argmax topic)
    python3 bench/sklearn_mixture.py speed     # one vectorised numpy sweep of the uncollapsed multinomial
                                               # mixture on 20news train (K=20), and one EM iteration of
                                               # GaussianMixture on letter-like data (20,000 x 16, K=26)

The splits match MixtureBench.java: test rows are those with index % 4 == 0 (iris, wine, old-faithful);
ripley-synth has its own train/test files.
"""
import os
import sys
import time

import numpy as np
import pandas as pd
from sklearn.cluster import KMeans
from sklearn.decomposition import LatentDirichletAllocation
from sklearn.feature_extraction.text import CountVectorizer, TfidfTransformer
from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score
from sklearn.mixture import BayesianGaussianMixture, GaussianMixture

# the repository's data/; text and speed need the full 20 Newsgroups corpus in $PLATE_DATA/20newsgroups-bydate/
# (the repository ships a subset; data/20newsgroups-subset/SOURCE.txt says where to get the corpus)
DATA = os.environ.get("PLATE_DATA", "data").rstrip("/") + "/"


def split4(x, y):
    test = np.arange(len(x)) % 4 == 0
    return x[~test], (None if y is None else y[~test]), x[test]


def datasets():
    iris = pd.read_csv(DATA + "iris/iris.csv")
    wine = pd.read_csv(DATA + "wine/wine.csv")
    faithful = pd.read_csv(DATA + "old-faithful/faithful.csv")
    rtr = pd.read_csv(DATA + "ripley-synth/synth-train.csv")
    rte = pd.read_csv(DATA + "ripley-synth/synth-test.csv")
    yield ("iris", 3) + split4(iris.iloc[:, :-1].to_numpy(float), iris.iloc[:, -1].to_numpy())
    yield ("wine", 3) + split4(wine.iloc[:, :-1].to_numpy(float), wine.iloc[:, -1].to_numpy())
    yield ("old-faithful", 2) + split4(faithful.to_numpy(float), None)
    yield ("ripley-synth", 2, rtr.iloc[:, :-1].to_numpy(float), rtr.iloc[:, -1].to_numpy(),
           rte.iloc[:, :-1].to_numpy(float))


def quality():
    print("dataset,model,k,ARI_train,heldout_logpd_per_row,seconds")
    for name, k, xtr, ytr, xte in datasets():
        models = []
        for cov in ("full", "diag"):
            models.append(("sklearn GaussianMixture covariance=%s n_init=10" % cov,
                           GaussianMixture(k, covariance_type=cov, n_init=10, random_state=0)))
            models.append(("sklearn BayesianGaussianMixture DP covariance=%s n_components=%d n_init=10" % (cov, k),
                           BayesianGaussianMixture(n_components=k, covariance_type=cov, n_init=10, max_iter=1000,
                                                   weight_concentration_prior_type="dirichlet_process",
                                                   random_state=0)))
        for label, m in models:
            t0 = time.time()
            m.fit(xtr)
            secs = time.time() - t0
            ari = "" if ytr is None else "%.4f" % adjusted_rand_score(ytr, m.predict(xtr))
            print("%s,%s,%d,%s,%.4f,%.1f" % (name, label, k, ari, m.score_samples(xte).mean(), secs))


def news():
    train = pd.read_csv(DATA + "20newsgroups-bydate/20news-bydate-train.tsv", sep="\t", quoting=3,
                        keep_default_na=False, dtype=str)
    text = train["text"].str.replace(r"\\n", "\n", regex=True).str.replace(r"\\t", "\t", regex=True)
    x = CountVectorizer().fit_transform(text)
    return x, train["label"].to_numpy()


def text():
    x, y = news()
    print("20news train: %d docs, %d words, %d non-zeros" % (x.shape[0], x.shape[1], x.nnz))
    tfidf = TfidfTransformer().fit_transform(x)
    for seed in range(3):
        t0 = time.time()
        km = KMeans(20, n_init=1, random_state=seed).fit(tfidf)
        print("k-means on tf-idf, K=20, seed %d: NMI %.4f ARI %.4f (%.0f s)" % (
            seed, normalized_mutual_info_score(y, km.labels_), adjusted_rand_score(y, km.labels_), time.time() - t0))
    t0 = time.time()
    lda = LatentDirichletAllocation(20, random_state=0, n_jobs=1).fit(x)
    z = lda.transform(x).argmax(axis=1)
    print("LDA K=20 (batch, 10 iterations), argmax topic: NMI %.4f ARI %.4f (%.0f s)" % (
        normalized_mutual_info_score(y, z), adjusted_rand_score(y, z), time.time() - t0))


def speed():
    x, _ = news()
    x = x.tocsr().astype(np.float64)
    n, v = x.shape
    k = 20
    rng = np.random.default_rng(0)
    z = rng.integers(0, k, n)
    beta, alpha = 1.0, 1.0

    def sweep(z):
        onehot = np.zeros((n, k))
        onehot[np.arange(n), z] = 1
        counts = (x.T @ onehot).T  # k x v
        theta = rng.gamma(counts + beta)
        log_theta = np.log(theta / theta.sum(axis=1, keepdims=True))
        log_pi = np.log(rng.dirichlet(np.bincount(z, minlength=k) + alpha))
        logp = x @ log_theta.T + log_pi
        g = rng.gumbel(size=logp.shape)
        return (logp + g).argmax(axis=1)

    for _ in range(2):
        z = sweep(z)
    t0 = time.time()
    reps = 10
    for _ in range(reps):
        z = sweep(z)
    print("numpy uncollapsed multinomial mixture sweep, 20news train, K=20: %.3f s/sweep" % ((time.time() - t0) / reps))

    # one EM iteration of GaussianMixture on letter-like data
    d, kk, nn = 16, 26, 20000
    means = 4 * rng.standard_normal((kk, d))
    xs = means[rng.integers(0, kk, nn)] + rng.standard_normal((nn, d))
    gm = GaussianMixture(kk, covariance_type="full", max_iter=1, n_init=1, random_state=0, init_params="random")
    import warnings
    warnings.filterwarnings("ignore")
    t0 = time.time()
    reps = 5
    for _ in range(reps):
        gm.fit(xs)
    per_fit = (time.time() - t0) / reps
    gm50 = GaussianMixture(kk, covariance_type="full", max_iter=11, tol=0, n_init=1, random_state=0,
                           init_params="random")
    t0 = time.time()
    gm50.fit(xs)
    per_iter = (time.time() - t0 - per_fit) / 10
    print("sklearn GaussianMixture full, 20000x16, K=26: %.4f s per EM iteration (fit with 1 iteration %.3f s)"
          % (per_iter, per_fit))


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "quality"
    {"quality": quality, "text": text, "speed": speed}[what]()
