#!/usr/bin/env python3
"""scikit-learn's side of Plate's import benchmark (see docs/importers.md).

Times, on the files under ROOT/data:
  news   reading 20news-bydate-train.tsv (a plain TSV reader: split on tabs,
         unescape \\n \\t \\r \\\\) plus CountVectorizer().fit_transform(docs)
  a9a    sklearn.datasets.load_svmlight_file('a9a', n_features=123)
and prints the size of the 20news CSR matrix (int32 indices and counts, int32 row offsets) and of the
vocabulary. Each figure is the median of --repeats runs in one process, after one warm-up run.

  python3 bench/sklearn_import.py ROOT --repeats 5 [--only news|a9a]
ROOT/data/20newsgroups-bydate/ must hold the full 20 Newsgroups corpus (the repository ships a subset;
data/20newsgroups-subset/SOURCE.txt says where to get the corpus); a9a is in the repository's data/.
"""
import argparse, statistics, sys, time

import numpy as np
import sklearn
from sklearn.datasets import load_svmlight_file
from sklearn.feature_extraction.text import CountVectorizer


def unescape(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == '\\' and i + 1 < len(s):
            n = s[i + 1]
            out.append({'n': '\n', 't': '\t', 'r': '\r', '\\': '\\'}.get(n, n))
            i += 2
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def read_tsv(path):
    with open(path, encoding='utf-8') as f:
        header = f.readline().rstrip('\n').split('\t')
        li, ti = header.index('label'), header.index('text')
        y, docs = [], []
        for line in f:
            parts = line.rstrip('\n').split('\t')
            y.append(parts[li])
            docs.append(unescape(parts[ti]))
    return docs, np.array(y)


def timed(fn, repeats):
    fn()
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), min(times), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('shared', nargs='?', default='.')
    ap.add_argument('--repeats', type=int, default=5)
    ap.add_argument('--only', choices=['all', 'news', 'a9a'], default='all')
    a = ap.parse_args()
    news = a.shared + '/data/20newsgroups-bydate/20news-bydate-train.tsv'
    a9a = a.shared + '/data/libsvm-a9a/a9a'
    print('scikit-learn %s, numpy %s, Python %s' % (sklearn.__version__, np.__version__, sys.version.split()[0]))

    def read_only():
        return read_tsv(news)

    def news_all():
        docs, y = read_tsv(news)
        cv = CountVectorizer()
        X = cv.fit_transform(docs)
        return X, cv

    if a.only == 'a9a':
        return a9a_only(a9a, a.repeats)
    med, best, _ = timed(read_only, a.repeats)
    print('20news train read (TSV + unescape only): median %.3f s, best %.3f s' % (med, best))
    med, best, (X, cv) = timed(news_all, a.repeats)
    print('20news train read + CountVectorizer().fit_transform: median %.3f s, best %.3f s' % (med, best))
    X = X.tocsr()
    vocab = cv.get_feature_names_out()
    csr = X.nnz * 8 + (X.shape[0] + 1) * 4
    print('  %d docs x %d words, %d non-zeros; CSR (int32 index + int32 count + int32 offsets) = %d bytes'
          % (X.shape[0], X.shape[1], X.nnz, csr))
    print('  scipy matrix as built: data %s %d B, indices %s %d B, indptr %s %d B'
          % (X.data.dtype, X.data.nbytes, X.indices.dtype, X.indices.nbytes, X.indptr.dtype, X.indptr.nbytes))
    if a.only == 'all':
        a9a_only(a9a, a.repeats)


def a9a_only(a9a, repeats):
    t = time.perf_counter()
    load_svmlight_file(a9a, n_features=123)
    print('a9a first call in this process: %.3f s' % (time.perf_counter() - t))
    med, best, (Xa, ya) = timed(lambda: load_svmlight_file(a9a, n_features=123), repeats)
    print('a9a load_svmlight_file(n_features=123): median %.3f s, best %.3f s (%d x %d, %d non-zeros)'
          % (med, best, Xa.shape[0], Xa.shape[1], Xa.nnz))


if __name__ == '__main__':
    main()
